/**
 * The operator CLI: `npm run --silent admin -- <command> [options]`. Each command prints one
 * JSON object on stdout and exits 0; a refused request prints a message on stderr and exits 2;
 * anything unexpected exits 1. stderr also says which store the command used.
 * `runAdmin` is the whole CLI as a function, so tests run it in process.
 */
import { parseArgs } from 'node:util';
import { AppError } from '#shared/domain/kernel/errors';
import { AGENT_COMMANDS } from './agent-commands.ts';
import { type Command, JOB_COMMANDS, USER_COMMANDS, UsageError } from './commands.ts';
import { createAdminContext } from './context.ts';
import { DASHBOARD_COMMANDS } from './dashboard-commands.ts';
import { KEY_COMMANDS } from './key-commands.ts';
import { MONITOR_COMMANDS } from './monitor-commands.ts';
import { openStore, StoreChoiceError } from './store.ts';

export interface AdminIo {
  stdout(text: string): void;
  stderr(text: string): void;
}

const COMMANDS: Record<string, Command> = {
  ...USER_COMMANDS,
  ...JOB_COMMANDS,
  ...MONITOR_COMMANDS,
  ...DASHBOARD_COMMANDS,
};

/** Commands that need no DynamoDB store. */
const STORELESS_COMMANDS = { ...KEY_COMMANDS, ...AGENT_COMMANDS };

const OPTIONS = {
  email: { type: 'string' },
  plan: { type: 'string' },
  subscription: { type: 'string' },
  scopes: { type: 'string' },
  account: { type: 'string' },
  plugin: { type: 'boolean', default: false },
  id: { type: 'string' },
  limit: { type: 'string' },
  cursor: { type: 'string' },
  file: { type: 'string' },
  init: { type: 'boolean', default: false },
  'overlap-hours': { type: 'string' },
  'source-base': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

export function helpText(): string {
  // An alias (set-plan) is the same command object: each is listed once, under its own name.
  const commands = [...new Set([...Object.values(COMMANDS), ...Object.values(STORELESS_COMMANDS)])]
    .map((command) => `  ${command.usage}\n      ${command.help}`)
    .join('\n');
  return `Operator CLI for the Agent-Readiness API.

Usage: npm run --silent admin -- <command> [options]

Commands:
${commands}

Options for every command:
  --init   create an empty store in DATA_DIR if it holds none (otherwise such a DATA_DIR is refused)
  --help   this text

Environment: DATA_DIR (default .data; the running stack's store is used when it runs there, and
rotate-signing-key writes DATA_DIR/signing-keys.json), TABLE_NAME, ADMIN_EMAILS (comma-separated),
PLAN_LIMITS, DYNAMODB_ENDPOINT (use this store instead), SIGNING_KEYS_SECRET_ARN (rotate-signing-key
writes that Secrets Manager secret instead of the file), OFFLINE_DNS (refresh-agent-ranges reaches
no host).
Output: one JSON object on stdout; the store used, and any refusal, on stderr.
Exit codes: 0 done, 2 refused (message on stderr), 1 unexpected failure.`;
}

function isRefusal(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return (
    error instanceof UsageError ||
    error instanceof AppError ||
    error instanceof StoreChoiceError ||
    code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' ||
    code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' ||
    code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL'
  );
}

async function execute(argv: string[], io: AdminIo, env: NodeJS.ProcessEnv): Promise<void> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    io.stdout(`${helpText()}\n`);
    return;
  }
  const { values } = parseArgs({ args: rest, options: OPTIONS, strict: true });
  if (values.help) {
    io.stdout(`${helpText()}\n`);
    return;
  }
  const storeless = STORELESS_COMMANDS[name];
  if (storeless) {
    io.stdout(`${JSON.stringify(await storeless.run(env, values, new Date()))}\n`);
    return;
  }
  const command = COMMANDS[name];
  if (!command) throw new UsageError(`Unknown command "${name}". Run with --help.`);
  const store = await openStore(env, { init: values.init === true });
  io.stderr(`${store.description}\n`);
  try {
    const context = await createAdminContext(env, store.endpoint, (text) => io.stderr(`${text}\n`));
    try {
      io.stdout(`${JSON.stringify(await command.run(context, values))}\n`);
    } finally {
      context.doc.destroy();
    }
  } finally {
    await store.close();
  }
}

export async function runAdmin(
  argv: string[],
  io: AdminIo,
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  try {
    await execute(argv, io, env);
    return 0;
  } catch (error) {
    io.stderr(`${error instanceof Error ? error.message : String(error)}\n`);
    return isRefusal(error) ? 2 : 1;
  }
}
