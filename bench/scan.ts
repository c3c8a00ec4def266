/**
 * Scan benchmark: serves the `good` fixture site on loopback with an injected per-request
 * latency L (HTTP/1.1, plain http), scans it several times per latency and reports the median
 * wall time, the requests and sequential waves per scan, the peak number of requests the site
 * saw at once, and the duplicates (a request repeated with the same method, URL, Accept and
 * User-Agent).
 * Target (issue 28): two waves, no repeated request (method, URL, Accept, User-Agent), and
 * median <= 2 x L + 80 ms for L = 100 and 200 ms.
 *
 * Then the same through the API (bench/scan-api.ts, issue 37): POST /api/v1/scans on a warm
 * local stack, target median <= 2 x L + 60 ms at L = 100 and 200 (L = 0 is measured as 1).
 *
 *   npm run bench:scan                       # L = 0, 100, 200 ms, 5 runs each, engine and API
 *   npm run bench:scan -- --latency-ms 100 --runs 9
 *   npm run bench:scan -- --part api         # only through the API
 */
import { parseArgs } from 'node:util';
import { benchmarkApi, median, printApiFigures } from '#bench/scan-api';
import {
  createSafeFetcher,
  DEFAULT_SCAN_CONNECTIONS_PER_ORIGIN,
} from '#shared/adapters/http/safe-fetch';
import { runScan } from '#shared/domain/scan-engine/engine';
import { parseScanTarget } from '#shared/domain/scan-engine/target';
import {
  offlineLookup,
  type RecordedRequest,
  type RunningFixtureSite,
  startFixtureSite,
} from '#test/fixtures/sites/index';

const MAX_WAVES = 2;

const { values } = parseArgs({
  options: {
    'latency-ms': { type: 'string', default: '0,100,200' },
    runs: { type: 'string', default: '5' },
    /** `engine` (runScan alone), `api` (POST /api/v1/scans on a warm stack), or both. */
    part: { type: 'string', default: 'both' },
  },
});
const latencies = String(values['latency-ms']).split(',').map(Number);
const runs = Math.max(1, Number(values.runs));
if (latencies.some((l) => !Number.isFinite(l) || l < 0) || !Number.isInteger(runs)) {
  throw new Error('usage: bench/scan.ts [--latency-ms N[,N...]] [--runs N]');
}

interface RunFigures {
  durationMs: number;
  requests: number;
  waves: number;
  serverWaves: number;
  peakInFlight: number;
  duplicates: number;
  score: number;
}

async function scanOnce(site: RunningFixtureSite): Promise<RunFigures> {
  // A fresh fetcher per run: no warm connections carried between scans.
  const fetcher = createSafeFetcher({ allowPrivateTargets: true, lookup: offlineLookup() });
  const before = site.requests.length;
  const startedAt = performance.now();
  const report = await runScan(
    parseScanTarget(`http://${site.host}`, { allowPrivateTargets: true }),
    { fetcher },
  );
  const durationMs = performance.now() - startedAt;
  await fetcher.close();
  const seen = site.requests.slice(before);
  const keys = seen.map(
    (request) =>
      `${request.method} ${request.path} ${request.accept} ${request.headers['user-agent'] ?? ''}`,
  );
  return {
    durationMs,
    requests: report.stats.requests,
    waves: report.stats.waves,
    serverWaves: timelineWaves(seen),
    peakInFlight: peakInFlight(seen),
    duplicates: report.stats.duplicateFetches + (keys.length - new Set(keys).size),
    score: report.score,
  };
}

/** A request is one wave after the latest request that was answered before it arrived. */
function timelineWaves(requests: readonly RecordedRequest[]): number {
  const sorted = [...requests].sort((a, b) => a.receivedAt - b.receivedAt);
  const waves: number[] = [];
  sorted.forEach((request, index) => {
    let wave = 1;
    for (let earlier = 0; earlier < index; earlier += 1) {
      const other = sorted[earlier] as RecordedRequest;
      if (other.answeredAt !== undefined && other.answeredAt <= request.receivedAt) {
        wave = Math.max(wave, (waves[earlier] ?? 1) + 1);
      }
    }
    waves.push(wave);
  });
  return Math.max(0, ...waves);
}

function peakInFlight(requests: readonly RecordedRequest[]): number {
  const events = requests.flatMap((request) => [
    { at: request.receivedAt, delta: 1 },
    { at: request.answeredAt ?? Number.POSITIVE_INFINITY, delta: -1 },
  ]);
  events.sort((a, b) => a.at - b.at || a.delta - b.delta);
  let current = 0;
  let peak = 0;
  for (const event of events) {
    current += event.delta;
    peak = Math.max(peak, current);
  }
  return peak;
}

async function benchmark(latencyMs: number): Promise<boolean> {
  const site = await startFixtureSite('good', { latencyMs });
  const figures: RunFigures[] = [];
  try {
    for (let run = 0; run < runs; run += 1) figures.push(await scanOnce(site));
  } finally {
    await site.close();
  }
  const last = figures[figures.length - 1] as RunFigures;
  const wall = median(figures.map((f) => f.durationMs));
  const waves = Math.max(...figures.map((f) => f.waves));
  const duplicates = figures.reduce((sum, f) => sum + f.duplicates, 0);
  const target = 2 * latencyMs + 80;
  const timeOk = latencyMs === 0 || wall <= target;
  const pass = timeOk && waves <= MAX_WAVES && duplicates === 0;
  const runsText = figures.map((f) => f.durationMs.toFixed(0)).join(', ');
  console.log(`\nL = ${latencyMs} ms per request, ${runs} runs (score ${last.score})`);
  console.log(`  wall time:     median ${wall.toFixed(0)} ms (runs: ${runsText} ms)`);
  console.log(`  requests:      ${last.requests} per scan`);
  // At L = 0 answers come back before the next request is even sent: the site's timeline
  // then says nothing about waves or concurrency, so only the engine's count is shown.
  const timeline =
    latencyMs === 0
      ? ''
      : `, ${Math.max(...figures.map((f) => f.serverWaves))} (the site's timeline)`;
  console.log(`  waves:         ${waves} (engine)${timeline}`);
  if (latencyMs > 0) {
    console.log(
      `  in flight:     at most ${Math.max(...figures.map((f) => f.peakInFlight))} at the site (bound ${DEFAULT_SCAN_CONNECTIONS_PER_ORIGIN} per origin)`,
    );
  }
  console.log(
    `  duplicates:    ${duplicates} (same method, URL, Accept and User-Agent asked twice)`,
  );
  console.log(
    latencyMs === 0
      ? `  target:        waves <= ${MAX_WAVES} -> ${pass ? 'PASS' : 'MISS'} (time reported only)`
      : `  target:        waves <= ${MAX_WAVES}, median <= 2 x ${latencyMs} + 80 = ${target} ms -> ${pass ? 'PASS' : 'MISS'}`,
  );
  return pass;
}

let allPass = true;
if (values.part !== 'api') {
  console.log('scan benchmark: fixture "good" on loopback over HTTP/1.1 (the engine alone)');
  for (const latencyMs of latencies) allPass = (await benchmark(latencyMs)) && allPass;
}
if (values.part !== 'engine') {
  // The measurement: L = 1 (not 0, which says nothing about round trips), 100, 200.
  const apiLatencies = latencies.map((latency) => (latency === 0 ? 1 : latency));
  const figures = await benchmarkApi(apiLatencies, runs);
  printApiFigures(figures);
  allPass = figures.every((figure) => figure.pass) && allPass;
}
process.exitCode = allPass ? 0 : 1;
