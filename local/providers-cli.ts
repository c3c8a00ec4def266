/**
 * `npm run --silent providers -- ask --provider F --mode raw|online --prompt TEXT
 *  [--base-url URL] [--model M]`: asks one model family one question through the real adapter
 * and prints one JSON line. Exit codes: 0 answer, 2 usage error, 3 provider failure,
 * 1 anything unexpected.
 */

import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  PROVIDER_ENV,
  ProviderConfigError,
  simulatedProviderEnv,
} from '#shared/adapters/providers/config';
import {
  type AskMode,
  type AskResult,
  createProvider,
  loadProvidersConfig,
  PROVIDER_FAMILIES,
  ProviderError,
  type ProviderFamily,
} from '#shared/adapters/providers/index';
import { ASK_MODES } from '#shared/domain/monitor/provider-port';
import { providersCliDispatcher } from './providers-dispatcher.ts';
import { STACK_FILE } from './stack.ts';

const USAGE = `Usage:
  npm run --silent providers -- ask --provider openai|anthropic|perplexity|google \\
    --mode raw|online --prompt TEXT [--base-url URL] [--model M]

Asks one model family one question and prints one JSON line:
  {"provider","model","mode","text","searched","citations":[{"url","domain","title"}],"usage":{...},"latency_ms"}
On a provider failure prints {"error":{"type","retry_after_s","status","message"}} and exits 3.

The API key comes from the environment (OPENAI_API_KEY, ANTHROPIC_API_KEY, PERPLEXITY_API_KEY,
GEMINI_API_KEY). A family without one asks the simulator of the running \`npm start\` (found in
DATA_DIR/stack.json, default .data): nothing else to set. --base-url overrides <FAMILY>_BASE_URL
(OPENAI_BASE_URL, ANTHROPIC_BASE_URL, PERPLEXITY_BASE_URL, GOOGLE_BASE_URL); any non-empty key
works against a simulator.

Exit codes: 0 answer, 2 usage error, 3 provider failure, 1 unexpected error.`;

class UsageError extends Error {}

interface AskCommand {
  family: ProviderFamily;
  mode: AskMode;
  prompt: string;
  baseUrl: string | undefined;
  model: string | undefined;
}

function parseCommand(argv: string[]): AskCommand | 'help' {
  let parsed: ReturnType<typeof parseArguments>;
  try {
    parsed = parseArguments(argv);
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const { values, positionals } = parsed;
  if (values.help) return 'help';
  if (positionals[0] !== 'ask' || positionals.length > 1) {
    throw new UsageError('expected the command "ask"');
  }
  const family = oneOf('--provider', values.provider, PROVIDER_FAMILIES);
  const mode = oneOf('--mode', values.mode, ASK_MODES);
  if (!values.prompt?.trim()) throw new UsageError('--prompt is required');
  if (values['base-url'] !== undefined && !isHttpUrl(values['base-url'])) {
    throw new UsageError('--base-url must be an http(s) URL');
  }
  return { family, mode, prompt: values.prompt, baseUrl: values['base-url'], model: values.model };
}

function parseArguments(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      provider: { type: 'string' },
      mode: { type: 'string' },
      prompt: { type: 'string' },
      'base-url': { type: 'string' },
      model: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
}

function oneOf<T extends string>(
  flag: string,
  value: string | undefined,
  allowed: readonly T[],
): T {
  if (value === undefined) throw new UsageError(`${flag} is required (${allowed.join('|')})`);
  if (!(allowed as readonly string[]).includes(value)) {
    throw new UsageError(`${flag} must be one of ${allowed.join('|')}, not "${value}"`);
  }
  return value as T;
}

function isHttpUrl(value: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/** The simulator of the running local stack (its stack.json), if one answers there. */
function runningSimulator(env: NodeJS.ProcessEnv): string | undefined {
  const file = join(resolve(env.DATA_DIR ?? '.data'), STACK_FILE);
  if (!existsSync(file)) return undefined;
  const stack = JSON.parse(readFileSync(file, 'utf8')) as { simulator_url?: unknown };
  return typeof stack.simulator_url === 'string' ? stack.simulator_url : undefined;
}

/**
 * The environment the command asks with: a family without a key (and no --base-url) is pointed
 * at the running stack's simulator, so the README's command works as printed (issue 36 point 8).
 */
function askingEnv(command: AskCommand): NodeJS.ProcessEnv {
  const { key } = PROVIDER_ENV[command.family];
  if (process.env[key] || command.baseUrl !== undefined) return process.env;
  const simulator = runningSimulator(process.env);
  return simulator
    ? { ...process.env, ...simulatedProviderEnv(process.env, simulator) }
    : process.env;
}

async function ask(command: AskCommand): Promise<AskResult> {
  const configured = loadProvidersConfig(askingEnv(command))[command.family];
  const config = {
    ...configured,
    baseUrl: command.baseUrl?.replace(/\/+$/, '') ?? configured.baseUrl,
    model: command.model ?? configured.model,
  };
  if (!config.apiKey) {
    const variable = PROVIDER_ENV[command.family].key;
    throw new UsageError(
      `${variable} is not set and no running npm start was found (start it: its simulator answers families without a key; or set ${variable}, any value works against a simulator given with --base-url)`,
    );
  }
  // One call, then the process exits: its own connection pool, closed once the answer is read.
  // Offline (OFFLINE_DNS=1) it reaches loopback addresses only.
  const dispatcher = providersCliDispatcher(process.env);
  try {
    return await createProvider(command.family, config, { dispatcher }).ask({
      prompt: command.prompt,
      mode: command.mode,
    });
  } finally {
    await dispatcher.close();
  }
}

function resultLine(result: AskResult): string {
  return JSON.stringify({
    provider: result.provider,
    model: result.model,
    mode: result.mode,
    text: result.text,
    searched: result.searched,
    citations: result.citations.map(({ url, domain, title }) => ({ url, domain, title })),
    usage: {
      input_tokens: result.usage.inputTokens,
      output_tokens: result.usage.outputTokens,
      total_tokens: result.usage.totalTokens,
    },
    latency_ms: result.latencyMs,
  });
}

function errorLine(error: ProviderError): string {
  return JSON.stringify({
    error: {
      type: error.type,
      retry_after_s: error.retryAfterSeconds,
      status: error.status,
      message: error.message,
    },
  });
}

async function main(argv: string[]): Promise<number> {
  try {
    const command = parseCommand(argv);
    if (command === 'help') {
      process.stdout.write(`${USAGE}\n`);
      return 0;
    }
    process.stdout.write(`${resultLine(await ask(command))}\n`);
    return 0;
  } catch (error) {
    if (error instanceof ProviderError) {
      process.stdout.write(`${errorLine(error)}\n`);
      return 3;
    }
    if (error instanceof UsageError || error instanceof ProviderConfigError) {
      process.stderr.write(`providers: ${error.message}\n\n${USAGE}\n`);
      return 2;
    }
    process.stderr.write(`providers: unexpected error: ${String(error)}\n`);
    return 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
