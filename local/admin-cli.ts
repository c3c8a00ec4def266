import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { createOperatorService } from '#shared/auth/operator-service';
import type { User } from '#shared/auth/ports';
import { loadConfig } from '#shared/config';
import { AppError } from '#shared/errors';
import { createDocumentClient } from '#shared/store/client';
import { createUsersRepository } from '#shared/store/users-repository';
import {
  createLocalDynamoClient,
  ensureTable,
  type LocalDynamo,
  startDynalite,
} from './dynamo-local.ts';
import { STACK_FILE } from './stack.ts';

/**
 * The operator CLI: `npm run --silent admin -- <command> [options]`. Each command prints one
 * JSON object on stdout and exits 0; a refused request prints a message on stderr and exits 2.
 * It uses the store of a running `npm start` (same DATA_DIR), or opens that store itself.
 */
const HELP = `Operator CLI for the Agent-Readiness API.

Usage: npm run --silent admin -- <command> [options]

Commands:
  create-user --email E [--plan none|free|pro] [--subscription active|ended]
      Create a user. --plan none (default) means no Monitor account ("account": null);
      --subscription defaults to active for free and pro.
  set-account --email E --plan none|free|pro [--subscription active|ended]
      Change a user's Monitor account (plan and subscription state).
  create-key --email E --scopes s1,s2 [--plugin]
      Create an API key; the plaintext "key" is printed only here, store it now.
      Scopes: monitor:read, monitor:write, monitor:admin, scans:read, scans:write,
      webhooks:manage, plugin. monitor:admin only for addresses in ADMIN_EMAILS;
      --plugin marks a marketplace plugin key (never monitor:admin).
  list-users
      All users with their accounts.
  list-keys --email E
      A user's keys (id, hint, scopes, created_at, revoked_at); never the key itself.
  revoke-key --id KEY_ID
      Revoke a key at once; requests with it get 401.

Environment: DATA_DIR (default .data), TABLE_NAME, ADMIN_EMAILS (comma-separated),
DYNAMODB_ENDPOINT (use this store instead of the local one).
Exit codes: 0 done, 2 refused (message on stderr), 1 unexpected failure.`;

class UsageError extends Error {}

interface Store {
  endpoint: string;
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

/** The running stack's store when there is one, else the same on-disk store opened here. */
async function openStore(): Promise<Store> {
  if (process.env.DYNAMODB_ENDPOINT)
    return { endpoint: process.env.DYNAMODB_ENDPOINT, close: async () => {} };
  const dataDir = process.env.DATA_DIR ?? '.data';
  const stackFile = join(dataDir, STACK_FILE);
  if (existsSync(stackFile)) {
    const { dynamodb_endpoint: endpoint } = JSON.parse(readFileSync(stackFile, 'utf8')) as {
      dynamodb_endpoint: string;
    };
    if (await isReachable(endpoint)) return { endpoint, close: async () => {} };
  }
  const dynamo: LocalDynamo = await startDynalite(join(dataDir, 'dynamodb'));
  return dynamo;
}

function requireOption(values: Record<string, unknown>, name: string): string {
  const value = values[name];
  if (typeof value !== 'string' || value.trim() === '')
    throw new UsageError(`--${name} is required.`);
  return value;
}

function userJson(user: User) {
  return { user: { id: user.id, email: user.email }, account: user.account };
}

async function run(argv: string[]): Promise<unknown> {
  const [command, ...rest] = argv;
  if (!command || command === '--help' || command === '-h' || command === 'help') {
    console.log(HELP);
    return undefined;
  }
  const { values } = parseArgs({
    args: rest,
    options: {
      email: { type: 'string' },
      plan: { type: 'string' },
      subscription: { type: 'string' },
      scopes: { type: 'string' },
      plugin: { type: 'boolean', default: false },
      id: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    console.log(HELP);
    return undefined;
  }
  const known = [
    'create-user',
    'set-account',
    'create-key',
    'list-users',
    'list-keys',
    'revoke-key',
  ];
  if (!known.includes(command))
    throw new UsageError(`Unknown command "${command}". Run with --help.`);

  const store = await openStore();
  process.env.DYNAMODB_ENDPOINT = store.endpoint;
  const config = loadConfig();
  const doc = createDocumentClient({ region: config.AWS_REGION, endpoint: store.endpoint });
  try {
    const raw = createLocalDynamoClient(store.endpoint, { region: config.AWS_REGION });
    await ensureTable(raw, config.TABLE_NAME);
    raw.destroy();
    const operator = createOperatorService({
      users: createUsersRepository(doc, config.TABLE_NAME),
      adminEmails: config.ADMIN_EMAILS,
    });
    switch (command) {
      case 'create-user':
        return userJson(
          await operator.createUser({
            email: requireOption(values, 'email'),
            plan: values.plan ?? 'none',
            subscription: values.subscription,
          }),
        );
      case 'set-account':
        return userJson(
          await operator.setAccount({
            email: requireOption(values, 'email'),
            plan: requireOption(values, 'plan'),
            subscription: values.subscription,
          }),
        );
      case 'create-key': {
        const scopes = requireOption(values, 'scopes')
          .split(',')
          .map((scope) => scope.trim())
          .filter((scope) => scope !== '');
        const { key, stored } = await operator.createKey({
          email: requireOption(values, 'email'),
          scopes,
          plugin: values.plugin ?? false,
        });
        return { id: stored.id, key, scopes: stored.scopes };
      }
      case 'list-users':
        return { users: await operator.listUsers() };
      case 'list-keys':
        return { keys: await operator.listKeys(requireOption(values, 'email')) };
      default: {
        const revoked = await operator.revokeKey(requireOption(values, 'id'));
        return { id: revoked.id, revoked_at: revoked.revoked_at };
      }
    }
  } finally {
    doc.destroy();
    await store.close();
  }
}

run(process.argv.slice(2)).then(
  (output) => {
    if (output !== undefined) process.stdout.write(`${JSON.stringify(output)}\n`);
    process.exit(0);
  },
  (error: unknown) => {
    const refused =
      error instanceof UsageError ||
      error instanceof AppError ||
      (error as NodeJS.ErrnoException).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' ||
      (error as NodeJS.ErrnoException).code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE';
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(refused ? 2 : 1);
  },
);
