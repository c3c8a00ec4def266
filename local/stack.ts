import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOCAL_OUTBOX, type OutboxEntry } from '#shared/adapters/mail/outbox';
import { describeProviderSetup, simulatedProviderEnv } from '#shared/adapters/providers/config';
import { resumeOpenJobs } from '#shared/domain/batch/steps';
import { logger } from '#shared/domain/kernel/logger';
import type { ProviderFamily } from '#shared/domain/monitor/provider-port';
import { resumeOpenDeliveries } from '#shared/domain/webhooks/deliveries';
import { installRouteInvoker } from '#shared/surfaces/mcp/invoker';
import { getBatchConfig, getBatchStore } from '#shared/wiring/batch';
import { resetLazyValues } from '#shared/wiring/lazy';
import { allCaseProfiles, getMonitorConfig } from '#shared/wiring/monitor';
import { startMonitorBackground } from '#shared/wiring/monitor-background';
import { getConfig } from '#shared/wiring/platform';
import { getWebhookConfig } from '#shared/wiring/webhook-config';
import { getWebhookStore } from '#shared/wiring/webhooks';
import { installWorkflowStarter } from '#shared/wiring/workflows';
import { createLocalDynamoClient, ensureTable, startDynalite } from './dynamo-local.ts';
import { startHttpFront } from './http-front.ts';
import { enableConcurrentInvocations, invokeLocal } from './lambda-runtime.ts';
import { startLocalQueues } from './queues.ts';
import { simulatorOptionsFromEnv } from './simulator/options.ts';
import { startSimulator } from './simulator/server.ts';
import { createLocalWorkflowEngine, type LocalWorkflowEngine } from './workflows/engine.ts';

/**
 * The embedded local stack (DESIGN.md section 7) in one process: dynalite (DynamoDB), fauxqs
 * (SQS) with a poller per queue, aws-local-stepfunctions running the real ASL files, the HTTP
 * front, and the provider simulator, all serving the same handler modules as Lambda. Used by
 * `npm start` and by the integration tests. At start it resumes the work the store says is
 * unfinished, so stopping the stack loses no accepted job.
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
  sqsEndpoint: string;
  tableName: string;
  /** Per model family: the real provider (an API key is set) or the local simulator. */
  providers: Record<ProviderFamily, 'real' | 'simulated'>;
  /** Base URL of the provider simulator, when any family is simulated. */
  simulatorUrl: string | undefined;
  workflows: LocalWorkflowEngine;
  /** Jobs found unfinished in the store at start and started again. */
  resumed: { batchJobs: string[]; deliveries: string[]; monitorRuns: string[] };
  close(): Promise<void>;
}

/** Written under DATA_DIR so the operator CLI can reach the running stack's store. */
export const STACK_FILE = 'stack.json';

function timeScaleFromEnv(): number {
  const raw = process.env.WORKFLOW_TIME_SCALE ?? '1';
  const scale = Number(raw);
  if (!Number.isFinite(scale) || scale <= 0 || scale > 1) {
    throw new Error(`WORKFLOW_TIME_SCALE must be a number in (0, 1], got "${raw}"`);
  }
  return scale;
}

async function startStore(dataDir: string | null) {
  const dynamo = await startDynalite(dataDir ? join(dataDir, 'dynamodb') : null);
  process.env.DYNAMODB_ENDPOINT = dynamo.endpoint;
  const config = getConfig();
  const client = createLocalDynamoClient(dynamo.endpoint, { region: config.AWS_REGION });
  await ensureTable(client, config.TABLE_NAME);
  client.destroy();
  return dynamo;
}

async function startProviders() {
  // Model families without an API key talk to the bundled, wire-compatible simulator.
  const setup = describeProviderSetup(process.env);
  const providers = Object.fromEntries(
    Object.values(setup).map((family) => [family.family, family.mode]),
  ) as LocalStack['providers'];
  const simulator = Object.values(providers).includes('simulated')
    ? // As the monitor backend it answers each case's prompts about that case (the store's cases).
      await startSimulator({ ...simulatorOptionsFromEnv(process.env), caseSource: allCaseProfiles })
    : undefined;
  const pointed = simulator ? simulatedProviderEnv(process.env, simulator.url) : {};
  const before = Object.fromEntries(Object.keys(pointed).map((name) => [name, process.env[name]]));
  Object.assign(process.env, pointed);
  /** Points the families back where they were, so a later stack in this process starts clean. */
  const restoreEnv = () => {
    for (const [name, value] of Object.entries(before)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  };
  return { providers, simulator, restoreEnv };
}

/**
 * No mail leaves the machine: the local outbox's messages (the dashboard's sign-in links) are
 * printed on the stack's output instead, unless logs are silenced (tests read the outbox).
 */
function printMail(entry: OutboxEntry): void {
  if ((process.env.LOG_LEVEL ?? '').toUpperCase() === 'SILENT') return;
  const body = entry.text
    .split('\n')
    .map((line) => `  ${line}`)
    .join('\n');
  process.stdout.write(`\n[outbox] mail to ${entry.to}: ${entry.subject}\n${body}\n\n`);
}

export async function startLocalStack(options: LocalStackOptions = {}): Promise<LocalStack> {
  const dataDir = options.dataDir === undefined ? '.data' : options.dataDir;
  Object.assign(process.env, options.env ?? {});
  enableConcurrentInvocations();
  resetLazyValues();
  const timeScale = timeScaleFromEnv();
  const dynamo = await startStore(dataDir);
  const queues = await startLocalQueues({
    dataDir: dataDir ? join(dataDir, 'sqs') : null,
    timeScale,
  });
  process.env.SQS_ENDPOINT = queues.endpoint;
  process.env.EVENTS_QUEUE_URL = queues.urls.events;
  const { providers, simulator, restoreEnv } = await startProviders();
  resetLazyValues();

  const workflows = createLocalWorkflowEngine({ timeScale });
  installWorkflowStarter(workflows);
  // Tool calls of the MCP server reach their REST route's handler in process.
  installRouteInvoker((route, event) =>
    invokeLocal(route.handler, event, {
      functionName: route.operationId,
      requestId: event.requestContext.requestId,
      invoker: { kind: 'function' },
    }),
  );
  const stopPrintingMail = LOCAL_OUTBOX.subscribe(printMail);
  const config = getConfig();
  const host = options.host ?? '127.0.0.1';
  const front = await startHttpFront({
    port: options.port ?? 0,
    host,
    allowedHosts: config.ALLOWED_HOSTS,
  });
  const baseUrl = `http://${host === '0.0.0.0' || host === '127.0.0.1' ? 'localhost' : host}:${front.port}`;
  const batchJobs = await resumeOpenJobs({
    store: getBatchStore(),
    workflows,
    concurrency: getBatchConfig().concurrency,
  });
  if (batchJobs.length > 0) logger.info('resumed unfinished batch jobs', { jobs: batchJobs });
  // A bad WEBHOOK_RETRY_DELAYS_S stops the stack here, not at the first delivery.
  getWebhookConfig();
  const deliveries = await resumeOpenDeliveries({ store: getWebhookStore(), workflows });
  // Unfinished monitor runs resume; the monthly schedule runs in process (docs/monitor.md).
  getMonitorConfig();
  const monitor = await startMonitorBackground();

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
    sqsEndpoint: queues.endpoint,
    tableName: config.TABLE_NAME,
    providers,
    simulatorUrl: simulator?.url,
    workflows,
    resumed: { batchJobs, deliveries, monitorRuns: monitor.resumed },
    async close() {
      stopPrintingMail();
      monitor.stop();
      await front.close();
      await workflows.close();
      installWorkflowStarter(undefined);
      installRouteInvoker(undefined);
      await queues.close();
      await simulator?.close();
      restoreEnv();
      // The store goes first: a task the stop cut off (a scan in flight) must not record a
      // failure caused by the stop itself; it runs again when the stack resumes its job.
      await dynamo.close();
      resetLazyValues();
      if (stackFile) rmSync(stackFile, { force: true });
    },
  };
}
