/**
 * Cost counts benchmark (issue 27; `npm run bench:cost-counts`, docs/deploy.md "What it
 * costs"): measures, on the local stack with its real handlers, what each operation the cost
 * estimate prices consumes (bench/cost-meter.ts): Lambda invocations and GB-seconds, DynamoDB
 * read and write units, Step Functions transitions, queue reads, log bytes, trace starts, and
 * the model tokens per answer and per judged answer by family. Writes them, dated, to
 * scripts/cost/counts-<date>.json, the file `npm run cost` reads.
 *
 * Operations: a keyed scan (its scan.completed event and the dispatcher included); a batch job
 * and a batch domain (two jobs of different sizes, fitted as a fixed part plus a part per
 * domain); a monitor run and a run answer (two runs of different sizes, fitted the same way);
 * one sweep and one monthly schedule invocation. Fixture sites answer after `--site-latency-ms`,
 * the provider simulator after `--provider-latency-ms` per call.
 *
 *   npm run bench:cost-counts
 *   npm run bench:cost-counts -- --provider-latency-ms 2000 --out /tmp/counts.json
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { invokeLocal } from '#local/lambda-runtime';
import { type LocalStack, startLocalStack } from '#local/stack';
import { PROVIDER_FAMILIES } from '#shared/domain/monitor/provider-port';
import { SCHEDULES } from '#shared/surfaces/schedules/manifest';
import { type RunningFixtureSite, startFixtureSite } from '#test/fixtures/sites/index';
import { type Meter, startMeter, type Tally } from './cost-meter.ts';
import { createCase, measureRunTokens, type RunTokens, runCase, siteOrigins } from './cost-runs.ts';
import { createBenchKey } from './support.ts';

const { values } = parseArgs({
  options: {
    'site-latency-ms': { type: 'string', default: '150' },
    // Real answers take 3-30 s (online ones the longest); 5 s keeps the benchmark to minutes.
    'provider-latency-ms': { type: 'string', default: '5000' },
    out: { type: 'string' },
  },
});
const SITE_LATENCY_MS = Number(values['site-latency-ms']);
const PROVIDER_LATENCY_MS = Number(values['provider-latency-ms']);
const COUNTS_DIR = path.resolve('scripts/cost');
const SCANS = 5;
const BATCH_SIZES = [4, 12] as const;
/** Prompts per block of the two measured runs (one repeat each). */
const RUN_SIZES = [1, 3] as const;

interface Measured {
  tally: Tally;
  /** Requests the operation sends through API Gateway. */
  api_requests: number;
}

/** Runs `operation`, then waits for everything it set off (events, executions) to end. */
async function measure(meter: Meter, stack: LocalStack, operation: () => Promise<number>) {
  meter.begin();
  const api_requests = await operation();
  const idle = () => stack.workflows.executions().every((run) => run.status !== 'RUNNING');
  return { tally: await meter.end(idle), api_requests } satisfies Measured;
}

/**
 * Splits two measurements of sizes a and b into a fixed part and a part per item: per item
 * (b - a) / (size b - size a), fixed a minus its items' share (never below 0).
 */
function splitFixed(a: Measured, b: Measured, sizeA: number, sizeB: number) {
  const perItem = {} as Record<keyof Tally, number>;
  const fixed = {} as Record<keyof Tally, number>;
  for (const name of Object.keys(a.tally) as (keyof Tally)[]) {
    perItem[name] = Math.max(0, (b.tally[name] - a.tally[name]) / (sizeB - sizeA));
    fixed[name] = Math.max(0, a.tally[name] - perItem[name] * sizeA);
  }
  return {
    fixed: { ...fixed, api_requests: a.api_requests },
    per_item: { ...perItem, api_requests: 0 },
  };
}

function scaled(measured: Measured, count: number) {
  const per = Object.fromEntries(
    Object.entries(measured.tally).map(([name, value]) => [name, value / count]),
  );
  return { ...per, api_requests: measured.api_requests / count };
}

async function post(stack: LocalStack, key: string, route: string, body: unknown) {
  const response = await fetch(`${stack.baseUrl}${route}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`POST ${route}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

async function sites(count: number): Promise<RunningFixtureSite[]> {
  const started: RunningFixtureSite[] = [];
  for (let i = 0; i < count; i += 1) {
    started.push(await startFixtureSite('good', { latencyMs: SITE_LATENCY_MS }));
  }
  return started;
}

async function measureScans(meter: Meter, stack: LocalStack, key: string) {
  const targets = await sites(SCANS + 1);
  try {
    await post(stack, key, '/api/v1/scans', { domain: targets[SCANS]?.host }); // warm-up
    const measured = await measure(meter, stack, async () => {
      for (const site of targets.slice(0, SCANS)) {
        await post(stack, key, '/api/v1/scans', { domain: site.host });
      }
      return SCANS;
    });
    return scaled(measured, SCANS);
  } finally {
    await Promise.all(targets.map((site) => site.close()));
  }
}

async function batchOf(meter: Meter, stack: LocalStack, key: string, size: number) {
  const targets = await sites(size);
  try {
    return await measure(meter, stack, async () => {
      const body = await post(stack, key, '/api/v1/scans/batch', {
        domains: targets.map((site) => site.host),
      });
      const jobId = (body.job as { id: string }).id;
      await stack.workflows.waitFor(`batch-${jobId}`);
      return 1;
    });
  } finally {
    await Promise.all(targets.map((site) => site.close()));
  }
}

async function measureBatches(meter: Meter, stack: LocalStack, key: string) {
  await batchOf(meter, stack, key, 2); // warm-up
  const [small, large] = [
    await batchOf(meter, stack, key, BATCH_SIZES[0]),
    await batchOf(meter, stack, key, BATCH_SIZES[1]),
  ];
  const fitted = splitFixed(small, large, BATCH_SIZES[0], BATCH_SIZES[1]);
  return { batch_job: fitted.fixed, batch_domain: fitted.per_item };
}

/** Three cases, each its own sites: a warm-up run and the two measured sizes. */
const RUN_CASES = 3;

async function measureRuns(meter: Meter, stack: LocalStack, key: string) {
  const cases: string[] = [];
  for (let index = 0; index < RUN_CASES; index += 1) {
    cases.push(await createCase(stack, key, index, post));
  }
  await runCase(stack, key, cases[0] as string, RUN_SIZES[0], post); // warm-up
  const sizes: { measured: Measured; tokens: RunTokens }[] = [];
  for (const [index, promptsPerBlock] of RUN_SIZES.entries()) {
    const caseId = cases[index + 1] as string;
    let runId = '';
    const measured = await measure(meter, stack, async () => {
      runId = await runCase(stack, key, caseId, promptsPerBlock, post);
      return 1;
    });
    sizes.push({ measured, tokens: await measureRunTokens(caseId, runId) });
  }
  const [small, large] = sizes as [(typeof sizes)[0], (typeof sizes)[0]];
  const fitted = splitFixed(
    small.measured,
    large.measured,
    small.tokens.answers,
    large.tokens.answers,
  );
  return {
    run: fitted.fixed,
    run_answer: fitted.per_item,
    tokens: large.tokens,
    answers: [small.tokens.answers, large.tokens.answers],
  };
}

async function measureSchedules(meter: Meter, stack: LocalStack) {
  const counts: Record<string, ReturnType<typeof scaled>> = {};
  for (const schedule of SCHEDULES) {
    const measured = await measure(meter, stack, async () => {
      await invokeLocal(
        schedule.handler,
        {},
        {
          functionName: schedule.constructId,
          invoker: { kind: 'scheduler', schedule: schedule.name },
        },
      );
      return 0;
    });
    counts[schedule.name] = scaled(measured, 1);
  }
  return counts;
}

function commit(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

/** Writes the counts under today's date, replacing the older counts files. */
function save(counts: Record<string, unknown>, date: string): string {
  if (values.out) {
    writeFileSync(values.out, `${JSON.stringify(counts, null, 2)}\n`);
    return values.out;
  }
  for (const old of readdirSync(COUNTS_DIR).filter((name) => /^counts-.*\.json$/.test(name))) {
    rmSync(path.join(COUNTS_DIR, old));
  }
  const file = path.join(COUNTS_DIR, `counts-${date}.json`);
  writeFileSync(file, `${JSON.stringify(counts, null, 2)}\n`);
  return file;
}

async function main(): Promise<void> {
  const meter = startMeter();
  // The cases' brands and competitors, which the runs cite and then scan.
  const caseSites = await sites(RUN_CASES * 4);
  const stack = await startMeteredStack(meter, caseSites);
  try {
    const key = await createBenchKey([
      'scans:read',
      'scans:write',
      'monitor:read',
      'monitor:write',
    ]);
    // First, while no case exists: the monthly schedule's own cost, not the runs it starts
    // (those are priced as runs).
    const schedules = await measureSchedules(meter, stack);
    const scan = await measureScans(meter, stack, key);
    const batches = await measureBatches(meter, stack, key);
    const runs = await measureRuns(meter, stack, key);
    const date = new Date().toISOString().slice(0, 10);
    const counts = countsFile(date, { scan, batches, runs, schedules });
    meter.print(JSON.stringify(counts, null, 2));
    meter.print(`written to ${save(counts, date)}`);
  } finally {
    await stack.close();
    await Promise.all(caseSites.map((site) => site.close()));
    meter.close();
  }
}

/**
 * The local stack in memory with its store reads and writes metered, scanning loopback, every
 * provider answering after PROVIDER_LATENCY_MS, and the case sites served as the cases' domains.
 */
function startMeteredStack(meter: Meter, caseSites: RunningFixtureSite[]): Promise<LocalStack> {
  const faults = PROVIDER_FAMILIES.map((family) => `${family}=slow:${PROVIDER_LATENCY_MS}`);
  return startLocalStack({
    dataDir: null,
    wrapStoreClient: (client) => meter.wrapStoreClient(client),
    env: {
      LOG_LEVEL: 'INFO',
      ALLOW_PRIVATE_TARGETS: '1',
      OFFLINE_DNS: '1',
      SIMULATOR_FAULTS: faults.join(','),
      SIMULATOR_SITE_ORIGINS: siteOrigins(RUN_CASES, caseSites),
      MONITOR_REPEATS: '1',
    },
  });
}

interface Measurements {
  scan: Awaited<ReturnType<typeof measureScans>>;
  batches: Awaited<ReturnType<typeof measureBatches>>;
  runs: Awaited<ReturnType<typeof measureRuns>>;
  schedules: Awaited<ReturnType<typeof measureSchedules>>;
}

/** The counts file: when and how it was measured, the counts per operation, the tokens. */
function countsFile(date: string, { scan, batches, runs, schedules }: Measurements) {
  return {
    measured_on: date,
    command: 'npm run bench:cost-counts',
    commit: commit(),
    conditions: {
      site_latency_ms: SITE_LATENCY_MS,
      provider_latency_ms: PROVIDER_LATENCY_MS,
      log_level: 'INFO',
      scans: SCANS,
      batch_sizes: BATCH_SIZES,
      run_prompts_per_block: RUN_SIZES,
      run_answers: runs.answers,
    },
    per_operation: {
      scan,
      ...batches,
      run: runs.run,
      run_answer: runs.run_answer,
      schedules,
    },
    tokens_per_answer: runs.tokens.perAnswer,
    judge_per_answer: runs.tokens.judgePerAnswer,
  };
}

await main();
