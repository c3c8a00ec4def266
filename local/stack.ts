import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from '#shared/config';
import { describeProviderSetup, simulatedProviderEnv } from '#shared/providers/config';
import type { ProviderFamily } from '#shared/providers/types';
import { resetRuntime } from '#shared/runtime';
import { createLocalDynamoClient, ensureTable, startDynalite } from './dynamo-local.ts';
import { startHttpFront } from './http-front.ts';
import { simulatorOptionsFromEnv } from './simulator/options.ts';
import { startSimulator } from './simulator/server.ts';

/**
 * The embedded local stack (DESIGN.md section 7): dynalite and the HTTP front in one process,
 * running the same handler modules as Lambda. Used by `npm start` and by integration tests.
 */
export interface LocalStackOptions {
  port?: number;
  host?: string;
  /** Folder for the store; `null` keeps everything in memory (tests). */
  dataDir?: string | null;
  /** Extra environment for the service (ALLOW_PRIVATE_TARGETS, ADMIN_EMAILS, ...). */
  env?: Record<string, string>;
}

export interface LocalStack {
  baseUrl: string;
  dynamoEndpoint: string;
  tableName: string;
  /** Per model family: the real provider (an API key is set) or the local simulator. */
  providers: Record<ProviderFamily, 'real' | 'simulated'>;
  /** Base URL of the provider simulator, when any family is simulated. */
  simulatorUrl: string | undefined;
  close(): Promise<void>;
}

/** Written under DATA_DIR so the operator CLI can reach the running stack's store. */
export const STACK_FILE = 'stack.json';

export async function startLocalStack(options: LocalStackOptions = {}): Promise<LocalStack> {
  const dataDir = options.dataDir === undefined ? '.data' : options.dataDir;
  Object.assign(process.env, options.env ?? {});
  const dynamo = await startDynalite(dataDir ? join(dataDir, 'dynamodb') : null);
  process.env.DYNAMODB_ENDPOINT = dynamo.endpoint;
  const config = loadConfig();
  const client = createLocalDynamoClient(dynamo.endpoint, { region: config.AWS_REGION });
  await ensureTable(client, config.TABLE_NAME);
  client.destroy();
  resetRuntime();

  // Model families without an API key talk to the bundled, wire-compatible simulator.
  const setup = describeProviderSetup(process.env);
  const providers = Object.fromEntries(
    Object.values(setup).map((family) => [family.family, family.mode]),
  ) as LocalStack['providers'];
  const simulator = Object.values(providers).includes('simulated')
    ? await startSimulator(simulatorOptionsFromEnv(process.env))
    : undefined;
  if (simulator) Object.assign(process.env, simulatedProviderEnv(process.env, simulator.url));

  const host = options.host ?? '127.0.0.1';
  const front = await startHttpFront(options.port ?? 0, host);
  const baseUrl = `http://${host === '0.0.0.0' || host === '127.0.0.1' ? 'localhost' : host}:${front.port}`;
  const stackFile = dataDir ? join(dataDir, STACK_FILE) : undefined;
  if (stackFile && dataDir) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(
      stackFile,
      `${JSON.stringify({ pid: process.pid, base_url: baseUrl, dynamodb_endpoint: dynamo.endpoint, table_name: config.TABLE_NAME }, null, 2)}\n`,
    );
  }
  return {
    baseUrl,
    dynamoEndpoint: dynamo.endpoint,
    tableName: config.TABLE_NAME,
    providers,
    simulatorUrl: simulator?.url,
    async close() {
      await front.close();
      await simulator?.close();
      resetRuntime();
      await dynamo.close();
      if (stackFile) rmSync(stackFile, { force: true });
    },
  };
}
