/**
 * The scan through the API (issue 37, "the time a scan spends off the network"): POST
 * /api/v1/scans with an API key on a warm local stack, against the `good` fixture site on
 * loopback delaying every answer by L, as the issue measured it. Reports the median wall time
 * of the call, the requests the site saw per scan, and what the call spends beyond the round
 * trips the engine must make (wall - 2 x L). Target: median <= 2 x L + 60 ms at L = 100, 200.
 */
import { startFixtureSite } from '#test/fixtures/sites/index';
import { callJson, startTestStack, type TestStack } from '#test/support/stack';

/** The API target (issue 37): median <= 2 x L + 60 ms. */
export const API_OVERHEAD_TARGET_MS = 60;

const WARM_UP_SCANS = 2;

export interface ApiFigures {
  latencyMs: number;
  medianMs: number;
  runsMs: number[];
  requestsPerScan: number;
  pass: boolean;
}

/** The median of some timings (the middle one, or the mean of the two middle ones). */
export function median(numbers: readonly number[]): number {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

async function timedScan(stack: TestStack, key: string, domain: string): Promise<number> {
  const startedAt = performance.now();
  const response = await callJson(stack.baseUrl, '/api/v1/scans', {
    method: 'POST',
    key,
    body: { domain },
  });
  const elapsed = performance.now() - startedAt;
  if (response.status !== 201) {
    throw new Error(
      `POST /api/v1/scans answered ${response.status}: ${JSON.stringify(response.body)}`,
    );
  }
  return elapsed;
}

/** Median wall time of POST /api/v1/scans per latency, on one warm stack. */
export async function benchmarkApi(
  latencies: readonly number[],
  runs: number,
): Promise<ApiFigures[]> {
  const stack = await startTestStack({ ALLOW_PRIVATE_TARGETS: '1' });
  const figures: ApiFigures[] = [];
  try {
    const key = await stack.createKey(['scans:read', 'scans:write']);
    for (const latencyMs of latencies) {
      const site = await startFixtureSite('good', { latencyMs });
      try {
        const domain = `http://${site.host}`;
        // Warm: connections, the key's cache, the signing keys, the code paths.
        for (let warm = 0; warm < WARM_UP_SCANS; warm += 1) await timedScan(stack, key, domain);
        const before = site.requests.length;
        const runsMs: number[] = [];
        for (let run = 0; run < runs; run += 1) runsMs.push(await timedScan(stack, key, domain));
        const medianMs = median(runsMs);
        figures.push({
          latencyMs,
          medianMs,
          runsMs,
          requestsPerScan: Math.round((site.requests.length - before) / runs),
          pass: latencyMs < 100 || medianMs <= 2 * latencyMs + API_OVERHEAD_TARGET_MS,
        });
      } finally {
        await site.close();
      }
    }
  } finally {
    await stack.close();
  }
  return figures;
}

export function printApiFigures(figures: readonly ApiFigures[]): void {
  console.log('\nThrough the API: POST /api/v1/scans with a key, warm local stack');
  for (const figure of figures) {
    const beyond = figure.medianMs - 2 * figure.latencyMs;
    const target =
      figure.latencyMs >= 100
        ? ` (target <= ${2 * figure.latencyMs + API_OVERHEAD_TARGET_MS} ms: ${figure.pass ? 'ok' : 'MISSED'})`
        : '';
    console.log(
      `  L = ${figure.latencyMs} ms: median ${figure.medianMs.toFixed(0)} ms${target}, ${beyond.toFixed(0)} ms beyond 2 x L; ${figure.requestsPerScan} requests per scan; runs ${figure.runsMs.map((ms) => ms.toFixed(0)).join(', ')} ms`,
    );
  }
}
