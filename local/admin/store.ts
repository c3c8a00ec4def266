/**
 * Which store the operator CLI talks to, and why: DYNAMODB_ENDPOINT when set (e.g. a shared
 * emulator), else the running `npm start` of the same DATA_DIR (from its stack.json), else that
 * DATA_DIR's on-disk store opened here. A DATA_DIR holding no store is refused with a message
 * (unless --init asks for an empty one): a typo in DATA_DIR must not create a second, empty store
 * that silently disagrees with the running stack.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { createLocalDynamoClient, startDynalite } from '#local/dynamo-local';
import { STACK_FILE } from '#local/stack';

export class StoreChoiceError extends Error {}

export interface OpenedStore {
  endpoint: string;
  /** One line for stderr: which store, and why this one. */
  description: string;
  close(): Promise<void>;
}

async function isReachable(endpoint: string): Promise<boolean> {
  const client = createLocalDynamoClient(endpoint, { fastFail: true });
  try {
    await client.send(new ListTablesCommand({}));
    return true;
  } catch {
    return false;
  } finally {
    client.destroy();
  }
}

function hasStore(folder: string): boolean {
  return existsSync(folder) && readdirSync(folder).length > 0;
}

export async function openStore(
  env: NodeJS.ProcessEnv,
  options: { init: boolean },
): Promise<OpenedStore> {
  const endpoint = env.DYNAMODB_ENDPOINT;
  if (endpoint) {
    return { endpoint, description: `store: DYNAMODB_ENDPOINT ${endpoint}`, close: async () => {} };
  }
  const dataDir = resolve(env.DATA_DIR ?? '.data');
  const stackFile = join(dataDir, STACK_FILE);
  if (existsSync(stackFile)) {
    const stack = JSON.parse(readFileSync(stackFile, 'utf8')) as {
      dynamodb_endpoint: string;
      pid?: number;
    };
    if (await isReachable(stack.dynamodb_endpoint)) {
      return {
        endpoint: stack.dynamodb_endpoint,
        description: `store: the running stack's (pid ${stack.pid ?? '?'}, DATA_DIR ${dataDir})`,
        close: async () => {},
      };
    }
  }
  const folder = join(dataDir, 'dynamodb');
  const existed = hasStore(folder);
  if (!existed && !options.init) {
    throw new StoreChoiceError(
      `No store in DATA_DIR ${dataDir}: no running stack and no data there. Start the stack ` +
        '(npm start) with the same DATA_DIR, point DATA_DIR at its data directory, or pass ' +
        '--init to create an empty store here.',
    );
  }
  const dynamo = await startDynalite(folder);
  return {
    endpoint: dynamo.endpoint,
    description: `store: on disk in ${folder} (no stack running${existed ? '' : '; created by --init'})`,
    close: () => dynamo.close(),
  };
}
