/**
 * Scan benchmark: serves the `good` fixture site on loopback with an injected per-request
 * latency L, scans it several times and reports the median wall time, the number of requests
 * and sequential waves, and whether any URL was fetched twice. Target: median <= 4 x L + 150 ms.
 *
 *   npm run bench:scan -- --latency-ms 100 --runs 5
 */
import { parseArgs } from 'node:util';
import { createSafeFetcher } from '#shared/net/safe-fetch';
import { runScan } from '#shared/scan/engine';
import { parseScanTarget } from '#shared/scan/target';
import { offlineLookup, startFixtureSite } from '#test/fixtures/sites/index';

const { values } = parseArgs({
  options: {
    'latency-ms': { type: 'string', default: '100' },
    runs: { type: 'string', default: '5' },
  },
});
const latencyMs = Number(values['latency-ms']);
const runs = Math.max(1, Number(values.runs));
if (!Number.isFinite(latencyMs) || latencyMs < 0 || !Number.isInteger(runs)) {
  throw new Error('usage: bench/scan.ts [--latency-ms N] [--runs N]');
}

const site = await startFixtureSite('good', { latencyMs });
const durations: number[] = [];
let lastRequests = 0;
let lastWaves = 0;
let engineDuplicates = 0;
let serverDuplicates = 0;
let score = 0;

try {
  for (let run = 0; run < runs; run += 1) {
    // A fresh fetcher per run: no warm connections carried between scans.
    const fetcher = createSafeFetcher({ allowPrivateTargets: true, lookup: offlineLookup() });
    const before = site.requests.length;
    const startedAt = performance.now();
    const report = await runScan(
      parseScanTarget(`http://${site.host}`, { allowPrivateTargets: true }),
      {
        fetcher,
      },
    );
    durations.push(performance.now() - startedAt);
    await fetcher.close();

    const seen = new Set<string>();
    for (const request of site.requests.slice(before)) {
      const key = `${request.method} ${request.path} ${request.accept}`;
      if (seen.has(key)) {
        serverDuplicates += 1;
      }
      seen.add(key);
    }
    lastRequests = report.stats.requests;
    lastWaves = report.stats.waves;
    engineDuplicates += report.stats.duplicateFetches;
    score = report.score;
  }
} finally {
  await site.close();
}

const sorted = [...durations].sort((a, b) => a - b);
const median =
  sorted.length % 2 === 1
    ? (sorted[(sorted.length - 1) / 2] as number)
    : ((sorted[sorted.length / 2 - 1] as number) + (sorted[sorted.length / 2] as number)) / 2;
const target = 4 * latencyMs + 150;
const fetchedTwice = engineDuplicates + serverDuplicates > 0;

console.log(`scan benchmark: fixture "good", latency ${latencyMs} ms per request, ${runs} runs`);
console.log(`score:           ${score}`);
console.log(
  `wall time:       median ${median.toFixed(0)} ms (runs: ${durations.map((d) => d.toFixed(0)).join(', ')} ms)`,
);
console.log(`requests:        ${lastRequests} per scan`);
console.log(`waves:           ${lastWaves} sequential`);
console.log(
  `fetched twice:   ${fetchedTwice ? `YES (engine ${engineDuplicates}, server log ${serverDuplicates})` : 'no'}`,
);
console.log(
  `target:          median <= 4 x ${latencyMs} + 150 = ${target} ms -> ${median <= target ? 'PASS' : 'MISS'}`,
);
