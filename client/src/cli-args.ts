/**
 * The `agent-readiness` command line (client/README.md "The CI gate"): `scan <domain|url>` and its
 * options, parsed without Node's APIs so the package stays runnable anywhere. A usage error is
 * thrown as `UsageError` (exit code 2).
 */

export const FORMATS = ['text', 'json', 'markdown', 'sarif', 'junit'] as const;
export const FAIL_ON = ['regression', 'warn', 'bad'] as const;

/** How the CLI reports, as chosen on the command line. */
export type Format = (typeof FORMATS)[number];
/** What fails the gate besides the minimum score. */
export type FailOn = (typeof FAIL_ON)[number];

/** The options of `agent-readiness scan`. */
export interface ScanOptions {
  target: string;
  baseUrl: string;
  key?: string;
  minScore?: number;
  baseline?: string;
  failOn?: FailOn;
  format: Format;
  output?: string;
  softFail: boolean;
  local: boolean;
}

/** A mistake on the command line: exit code 2 with this message. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

export const USAGE = `Usage: agent-readiness scan <domain|url> [options]

Options:
  --base-url URL        the API (default: $AGENT_READINESS_URL, else http://localhost:3000)
  --key KEY             API key (default: $AGENT_READINESS_KEY); scans without a key count
                        in the anonymous 3 a day
  --min-score N         fail when the score is under N (0-100)
  --baseline FILE|ID    compare with a saved report (--format json --output) or a scan id
  --fail-on KIND        regression | warn | bad: also fail on a regression against the
                        baseline, on any warn or bad finding, or on any bad finding
  --format FORMAT       text | json | markdown | sarif | junit (default text)
  --output FILE         write the report to FILE (the summary still goes to stdout)
  --soft-fail           when the service cannot answer, warn and exit 0 instead of 2
  --local               run the scan engine here, against a site on this machine (private
                        addresses allowed); no service, no key

Exit codes: 0 passed, 1 the gate failed, 2 usage error or the service could not answer.`;

const VALUE_OPTIONS = new Set([
  '--base-url',
  '--key',
  '--min-score',
  '--baseline',
  '--fail-on',
  '--format',
  '--output',
]);
const FLAGS = new Set(['--soft-fail', '--local']);

function oneOf<T extends string>(option: string, value: string, allowed: readonly T[]): T {
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new UsageError(`${option} takes one of ${allowed.join(', ')}; got "${value}".`);
}

function score(value: string): number {
  const parsed = Number(value);
  if (!/^\d{1,3}$/.test(value) || parsed > 100) {
    throw new UsageError(`--min-score takes a whole number from 0 to 100; got "${value}".`);
  }
  return parsed;
}

/** Splits `--name=value` and `--name value` into pairs; positional words on their own. */
function tokens(argv: readonly string[]): {
  values: Map<string, string>;
  flags: Set<string>;
  words: string[];
} {
  const values = new Map<string, string>();
  const flags = new Set<string>();
  const words: string[] = [];
  for (let index = 0; index < argv.length; index += 1) {
    const raw = argv[index] ?? '';
    const [name = '', inline] = raw.startsWith('--') ? raw.split(/=(.*)/s, 2) : [raw];
    if (FLAGS.has(name) && inline === undefined) flags.add(name);
    else if (VALUE_OPTIONS.has(name)) {
      const value = inline ?? argv[++index];
      if (value === undefined || value === '') throw new UsageError(`${name} needs a value.`);
      values.set(name, value);
    } else if (raw.startsWith('-')) throw new UsageError(`Unknown option ${raw}.`);
    else words.push(raw);
  }
  return { values, flags, words };
}

/** The options of a `scan` command line; the environment gives the key and the base URL. */
export function parseScanArgs(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
): ScanOptions {
  const { values, flags, words } = tokens(argv);
  const [command, target, ...extra] = words;
  if (command !== 'scan')
    throw new UsageError(command ? `Unknown command "${command}".` : 'No command.');
  if (!target) throw new UsageError('scan needs a domain or URL.');
  if (extra.length > 0) throw new UsageError(`Unexpected argument "${extra[0]}".`);
  const failOn = values.get('--fail-on');
  const key = values.get('--key') ?? env.AGENT_READINESS_KEY;
  const options: ScanOptions = {
    target,
    baseUrl: values.get('--base-url') ?? env.AGENT_READINESS_URL ?? 'http://localhost:3000',
    format: oneOf('--format', values.get('--format') ?? 'text', FORMATS),
    softFail: flags.has('--soft-fail'),
    local: flags.has('--local'),
    ...(key ? { key } : {}),
    ...(values.has('--min-score') ? { minScore: score(values.get('--min-score') ?? '') } : {}),
    ...(values.has('--baseline') ? { baseline: values.get('--baseline') } : {}),
    ...(failOn ? { failOn: oneOf('--fail-on', failOn, FAIL_ON) } : {}),
    ...(values.has('--output') ? { output: values.get('--output') } : {}),
  };
  if (options.failOn === 'regression' && options.baseline === undefined) {
    throw new UsageError('--fail-on regression needs --baseline.');
  }
  if (!/^https?:\/\//.test(options.baseUrl)) {
    throw new UsageError(`--base-url must be an http(s) URL; got "${options.baseUrl}".`);
  }
  return options;
}
