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
  if (response.status !== 201)
    throw new Error(`calibration scan failed: ${JSON.stringify(response.body)}`);
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
  const stack = await startLocalStack({
    dataDir: null,
    env: {
      LOG_LEVEL: 'SILENT',
      ALLOW_PRIVATE_TARGETS: '1',
      OFFLINE_DNS: '1',
      BATCH_CONCURRENCY: String(concurrency),
      PLAN_LIMITS: JSON.stringify({ pro: { per_batch: domains, per_day: domains * 10 } }),
    },
  });
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
    const ideal = (domains / concurrency) * scanMs;
    const view = await waitForEnd(stack, key, (created.body.job as { id: string }).id, ideal);
    const wallMs = performance.now() - started;

    // A scan reads robots.txt exactly once: more reads of it mean the site was scanned again.
    const robotsFetches = sites.map(
      (site) => site.requests.filter((request) => request.path === '/robots.txt').length,
    );
    const duplicateScans = robotsFetches.reduce((sum, count) => sum + Math.max(0, count - 1), 0);
    const stats = (await get(stack, key, '/api/v1/stats')).stats as { scans: number };
    const job = view.job as { status: string; counts: Record<string, number> };
    const ratio = wallMs / ideal;
    console.log(
      `batch-scan benchmark: ${domains} domains, MaxConcurrency ${concurrency}, latency ${latencyMs} ms per request`,
    );
    console.log(`  single scan (through the API):  ${scanMs.toFixed(0)} ms`);
    console.log(`  job end state:                  ${job.status} ${JSON.stringify(job.counts)}`);
    const chunks = stack.workflows
      .executions()
      .filter((run) => run.workflow === 'batch-scan-chunk');
    console.log(`  child executions (chunks):      ${chunks.length}`);
    console.log(`  wall time:                      ${wallMs.toFixed(0)} ms`);
    console.log(`  ideal (domains/concurrency x scan): ${ideal.toFixed(0)} ms`);
    console.log(
      `  ratio:                          ${ratio.toFixed(3)} (target <= ${TARGET_RATIO})`,
    );
    console.log(
      `  duplicate scans:                ${duplicateScans} (sites fetched twice); stats count ${stats.scans} for ${domains + 1} scans`,
    );
    const ok = ratio <= TARGET_RATIO && duplicateScans === 0 && stats.scans === domains + 1;
    console.log(ok ? 'PASS' : 'MISS');
    process.exitCode = ok ? 0 : 1;
  } finally {
    await Promise.all(sites.map((site) => site.close()));
    await stack.close();
  }
}

await main();
