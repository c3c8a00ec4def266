/**
 * Batch benchmark (issue 6): 100 domains served on loopback, each scan taking about 1 s
 * (injected per-request latency), through the real local stack: the batch route, the
 * batch-scan state machine on the local engine running each chunk of 500 rows as a child
 * execution (issue 18) with MaxConcurrency 10, the real scan service.
 * Prints the wall time from the request to the job's end, the ideal (domains / concurrency x
 * measured single-scan time), their ratio, and the number of duplicate scans (a site whose
 * robots.txt was read more than once, and the stats count against the scans made).
 * Target: ratio <= 1.2, no duplicates.
 *
 *   npm run bench:batch
 *   npm run bench:batch -- --domains 50 --concurrency 5 --latency-ms 300
 *   npm run bench:batch -- --domains 2000     (four chunks; about four minutes)
 */
import { parseArgs } from 'node:util';
import { type LocalStack, startLocalStack } from '#local/stack';
import { type RunningFixtureSite, startFixtureSite } from '#test/fixtures/sites/index';
import { createBenchKey } from './support.ts';

const { values } = parseArgs({
  options: {
    domains: { type: 'string', default: '100' },
    concurrency: { type: 'string', default: '10' },
    // About 1 s per scan of the `good` fixture (the scan's round trips times the latency).
    'latency-ms': { type: 'string', default: '250' },
  },
});
const domains = Number(values.domains);
const concurrency = Number(values.concurrency);
const latencyMs = Number(values['latency-ms']);
const TARGET_RATIO = 1.2;

async function post(stack: LocalStack, key: string, path: string, body: unknown) {
  const response = await fetch(`${stack.baseUrl}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function get(stack: LocalStack, key: string, path: string) {
  const response = await fetch(`${stack.baseUrl}${path}`, {
    headers: { authorization: `Bearer ${key}` },
  });
  return (await response.json()) as Record<string, unknown>;
}

/** One scan through the API, to measure what "a scan" costs at this latency. */
async function singleScanMs(stack: LocalStack, key: string): Promise<number> {
  const site = await startFixtureSite('good', { latencyMs });
  const started = performance.now();
  const response = await post(stack, key, '/api/v1/scans', { domain: site.host });
  const elapsed = performance.now() - started;
  await site.close();
  if (response.status !== 201) {
    throw new Error(`calibration scan failed: ${JSON.stringify(response.body)}`);
  }
  return elapsed;
}

async function waitForEnd(stack: LocalStack, key: string, jobId: string, idealMs: number) {
  // Polling reads every row of the job: often enough to see the end within 1 % of the ideal
  // time (at least every 200 ms), no more, so the reads do not slow the scans of a large job.
  const intervalMs = Math.max(200, idealMs / 100);
  for (;;) {
    const view = await get(stack, key, `/api/v1/scans/batch/${jobId}`);
    const job = view.job as { status: string; counts: Record<string, number> };

    if (job.status === 'done' || job.status === 'failed') return view;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

async function main(): Promise<void> {
  const stack = await startBenchStack();
  const sites: RunningFixtureSite[] = [];
  try {
    const key = await createBenchKey(['scans:read', 'scans:write']);
    const scanMs = await singleScanMs(stack, key);
    for (let index = 0; index < domains; index += 1) {
      sites.push(await startFixtureSite('good', { latencyMs }));
    }
    const started = performance.now();
    const created = await post(stack, key, '/api/v1/scans/batch', {
      domains: sites.map((site) => site.host),
    });
    if (created.status !== 202) throw new Error(`batch refused: ${JSON.stringify(created.body)}`);
    const idealMs = (domains / concurrency) * scanMs;
    const view = await waitForEnd(stack, key, (created.body.job as { id: string }).id, idealMs);
    const wallMs = performance.now() - started;
    const stats = (await get(stack, key, '/api/v1/stats')).stats as { scans: number };
    const chunks = stack.workflows
      .executions()
      .filter((run) => run.workflow === 'batch-scan-chunk');
    const ok = report({
      scanMs,
      wallMs,
      idealMs,
      job: view.job as Outcome['job'],
      chunks: chunks.length,
      duplicateScans: duplicateScans(sites),
      statsScans: stats.scans,
    });
    process.exitCode = ok ? 0 : 1;
  } finally {
    await Promise.all(sites.map((site) => site.close()));
    await stack.close();
  }
}

/** The local stack in memory, quiet, scanning loopback, the plan's limits sized to the run. */
function startBenchStack(): Promise<LocalStack> {
  return startLocalStack({
    dataDir: null,
    env: {
      LOG_LEVEL: 'SILENT',
      ALLOW_PRIVATE_TARGETS: '1',
      OFFLINE_DNS: '1',
      BATCH_CONCURRENCY: String(concurrency),
      PLAN_LIMITS: JSON.stringify({ pro: { per_batch: domains, per_day: domains * 10 } }),
    },
  });
}

/**
 * Scans made again: a scan reads robots.txt exactly once, so each further read of a site's
 * robots.txt is one more scan of it.
 */
function duplicateScans(sites: readonly RunningFixtureSite[]): number {
  const robotsFetches = sites.map(
    (site) => site.requests.filter((request) => request.path === '/robots.txt').length,
  );
  return robotsFetches.reduce((sum, count) => sum + Math.max(0, count - 1), 0);
}

interface Outcome {
  scanMs: number;
  wallMs: number;
  idealMs: number;
  job: { status: string; counts: Record<string, number> };
  /** Child executions, one per chunk of rows. */
  chunks: number;
  duplicateScans: number;
  /** Scans counted by /stats: the batch's and the calibration scan. */
  statsScans: number;
}

/** Prints the measurement; true when it meets the target. */
function report(outcome: Outcome): boolean {
  const ratio = outcome.wallMs / outcome.idealMs;
  console.log(
    `batch-scan benchmark: ${domains} domains, MaxConcurrency ${concurrency}, latency ${latencyMs} ms per request`,
  );
  console.log(`  single scan (through the API):  ${outcome.scanMs.toFixed(0)} ms`);
  console.log(
    `  job end state:                  ${outcome.job.status} ${JSON.stringify(outcome.job.counts)}`,
  );
  console.log(`  child executions (chunks):      ${outcome.chunks}`);
  console.log(`  wall time:                      ${outcome.wallMs.toFixed(0)} ms`);
  console.log(`  ideal (domains/concurrency x scan): ${outcome.idealMs.toFixed(0)} ms`);
  console.log(`  ratio:                          ${ratio.toFixed(3)} (target <= ${TARGET_RATIO})`);
  console.log(
    `  duplicate scans:                ${outcome.duplicateScans} (sites fetched twice); stats count ${outcome.statsScans} for ${domains + 1} scans`,
  );
  const ok =
    ratio <= TARGET_RATIO && outcome.duplicateScans === 0 && outcome.statsScans === domains + 1;
  console.log(ok ? 'PASS' : 'MISS');
  return ok;
}

await main();
