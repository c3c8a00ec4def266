/**
 * `agent-readiness`: the CI gate over the API, or over the scan engine on this machine
 * (`--local`). It runs anywhere the client runs: the file system, the environment and the local
 * engine come in through `CliIo`, which the package's bin (bin/agent-readiness.js) fills from
 * Node. Exit codes: 0 passed, 1 the gate failed, 2 a usage error or the service could not answer
 * (0 with a warning under `--soft-fail`).
 */

import { parseScanArgs, type ScanOptions, USAGE, UsageError } from './cli-args.ts';
import { judge } from './cli-gate.ts';
import { junitReport, sarifReport } from './cli-machine-reports.ts';
import { markdownReport, type ReportInput, textReport, verdictLine } from './cli-reports.ts';
import { AgentReadiness } from './client.ts';
import type { Scan } from './types.ts';

/** What the CLI needs from its host. */
export interface CliIo {
  env: Readonly<Record<string, string | undefined>>;
  stdout(text: string): void;
  stderr(text: string): void;
  readFile(path: string): Promise<string>;
  writeFile(path: string, text: string): Promise<void>;
  fileExists(path: string): Promise<boolean>;
  /** The scan engine in this process (`--local`); absent where it is not installed. */
  localScan?(target: string, options: { baseUrl: string; offline: boolean }): Promise<Scan>;
  /** The fetch the API client uses (tests script it); the global one otherwise. */
  fetch?: (request: Request) => Promise<Response>;
}

/** The service could not answer (or the local scan could not run): exit code 2. */
class ServiceError extends Error {
  override readonly name = 'ServiceError';
}

const SCAN_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function clientOf(options: ScanOptions, io: CliIo): AgentReadiness {
  return new AgentReadiness({
    baseUrl: options.baseUrl,
    ...(options.key ? { apiKey: options.key } : {}),
    ...(io.fetch ? { fetch: io.fetch } : {}),
  });
}

async function fromService<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw new ServiceError(`${what}: ${(error as Error).message}`);
  }
}

/** A baseline: a report saved with `--format json --output`, or a scan id read from the API. */
async function loadBaseline(options: ScanOptions, io: CliIo): Promise<Scan | undefined> {
  const source = options.baseline;
  if (source === undefined) return undefined;
  if (await io.fileExists(source)) {
    let parsed: { scan?: Scan } & Partial<Scan>;
    try {
      parsed = JSON.parse(await io.readFile(source));
    } catch {
      throw new UsageError(
        `--baseline ${source} is not JSON (save one with --format json --output).`,
      );
    }
    const scan = parsed.scan ?? (parsed as Scan);
    if (!Array.isArray(scan?.checks)) throw new UsageError(`--baseline ${source} holds no scan.`);
    return scan;
  }
  if (!SCAN_ID.test(source))
    throw new UsageError(`--baseline ${source}: no such file, and not a scan id.`);
  const client = clientOf(options, io);
  return (await fromService('reading the baseline scan', () => client.getScan(source))).scan;
}

async function scanOnce(options: ScanOptions, io: CliIo): Promise<Scan> {
  if (options.local) {
    const local = io.localScan;
    if (local === undefined)
      throw new UsageError('--local needs the scan engine, which this install lacks.');
    const offline = io.env.OFFLINE_DNS === '1';
    return fromService('the local scan', () =>
      local(options.target, { baseUrl: options.baseUrl, offline }),
    );
  }
  const client = clientOf(options, io);
  return (
    await fromService(`scanning through ${options.baseUrl}`, () => client.scan(options.target))
  ).scan;
}

const FORMATTERS: Record<ScanOptions['format'], (input: ReportInput) => string> = {
  text: textReport,
  json: ({ scan }) => `${JSON.stringify({ scan }, null, 2)}\n`,
  markdown: markdownReport,
  sarif: sarifReport,
  junit: junitReport,
};

async function gate(options: ScanOptions, io: CliIo): Promise<number> {
  const baseline = await loadBaseline(options, io);
  const scan = await scanOnce(options, io);
  const verdict = judge(scan, options, baseline);
  const docsUrl = `${options.baseUrl.replace(/\/+$/, '')}/docs#findings`;
  const input = { scan, verdict, docsUrl, ...(baseline ? { baseline } : {}) };
  const report = FORMATTERS[options.format](input);
  if (options.output === undefined) io.stdout(report);
  else {
    await io.writeFile(options.output, report);
    io.stdout(`${scan.domain} scored ${scan.score}/100. ${verdictLine(verdict)}\n`);
  }
  if (baseline && baseline.scoring_version !== scan.scoring_version) {
    io.stderr(
      `warning: the baseline is at scoring version ${baseline.scoring_version}, this scan at ${scan.scoring_version}\n`,
    );
  }
  return verdict.passed ? 0 : 1;
}

/** Runs one command line; resolves to the exit code. */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  if (argv.length === 1 && ['help', '--help', '-h'].includes(argv[0] ?? '')) {
    io.stdout(`${USAGE}\n`);
    return 0;
  }
  const softFail = argv.includes('--soft-fail');
  try {
    return await gate(parseScanArgs(argv, io.env), io);
  } catch (error) {
    if (!(error instanceof UsageError || error instanceof ServiceError)) throw error;
    const prefix = error instanceof UsageError ? 'usage error' : 'the service could not answer';
    if (softFail) {
      io.stderr(`warning: ${prefix}: ${error.message} (--soft-fail: exit 0)\n`);
      return 0;
    }
    io.stderr(`agent-readiness: ${prefix}: ${error.message}\n`);
    if (error instanceof UsageError) io.stderr(`\n${USAGE}\n`);
    return 2;
  }
}
