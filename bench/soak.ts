/**
 * Soak benchmark (issue 18): mixed traffic against the real local stack for five minutes (or
 * `--seconds N`): reads (stats, scans list, a scan, the case summary), scans of loopback fixture
 * sites, small batches, one monitor run, and webhook deliveries to an https receiver on
 * 127.0.0.1 (every scan's `scan.completed` event). Prints requests, 5xx (target 0), p50/p99 per
 * route and the process memory (RSS, heap) at start and end (target: no growth beyond 10 %).
 *
 *   npm run bench:soak
 *   npm run bench:soak -- --seconds 30 --rate 4
 *   npm run bench:soak -- --store memory
 *   npm run bench:soak -- --mix reads   (or scans: which traffic a memory growth follows)
 *
 * The store keeps its data on disk in a temporary DATA_DIR, as `npm start` does (`.data`): the
 * process memory measured is then the service's and the emulators', not every item written
 * (dynalite's in-memory store keeps each item as a Buffer for as long as the process runs, which
 * grows with the traffic by design). `--store memory` measures with the data in memory, to see
 * that part on its own (docs/decisions.md "Soak memory").
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startLocalStack } from '#local/stack';
import type { Scope } from '#shared/domain/accounts/scopes';
import { startFixtureSite } from '#test/fixtures/sites/index';
import {
  makeLoopbackCertificate,
  startWebhookReceiver,
  trustCertificate,
} from '#test/support/webhook-receiver';
import { createBenchKey } from './support.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '300' },
    // Requests started per second: what two shared cores hold with scans in the mix.
    rate: { type: 'string', default: '5' },
    // Where the local store keeps its items: `disk` (as npm start does) or `memory`.
    store: { type: 'string', default: 'disk' },
    // What to send: `all` (the mix below), `reads` (no scans or batches), `scans` (single scans
    // only): to tell which traffic a memory growth follows.
    mix: { type: 'string', default: 'all' },
  },
});
const seconds = Number(values.seconds);
const rate = Number(values.rate);
if (values.store !== 'disk' && values.store !== 'memory') {
  throw new Error(`--store is disk or memory, not ${values.store}`);
}
const dataDir = values.store === 'disk' ? mkdtempSync(join(tmpdir(), 'soak-data-')) : null;

interface Sample {
  route: string;
  status: number;
  ms: number;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

const mib = (bytes: number) => (bytes / 2 ** 20).toFixed(0);

function memory(): string {
  const usage = process.memoryUsage();
  return (
    `rss ${mib(usage.rss)} MiB, heap ${mib(usage.heapUsed)} of ${mib(usage.heapTotal)} MiB, ` +
    `external ${mib(usage.external)} MiB (array buffers ${mib(usage.arrayBuffers)} MiB)`
  );
}

/**
 * Memory after a forced GC every 30 s from the end of the warm-up: a leak grows the heap (or the
 * external memory) steadily; allocator arenas and V8's retained pages grow RSS in steps that
 * level off (docs/decisions.md, "Soak memory").
 */
const timeline: { at: number; rss: number; heap: number; external: number }[] = [];

function sampleMemory(startedAt: number): void {
  global.gc?.();
  const usage = process.memoryUsage();
  timeline.push({
    at: Math.round((Date.now() - startedAt) / 1000),
    rss: usage.rss,
    heap: usage.heapUsed,
    external: usage.external,
  });
}

interface Soak {
  call(
    route: string,
    method: string,
    path: string,
    body?: unknown,
  ): Promise<Record<string, unknown>>;
  samples: Sample[];
}

function createCaller(baseUrl: string, key: string): Soak {
  const samples: Sample[] = [];
  async function call(route: string, method: string, path: string, body?: unknown) {
    const started = performance.now();
    let status = 599;
    let json: Record<string, unknown> = {};
    try {
      const response = await fetch(`${baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${key}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      });
      status = response.status;
      json = (await response.json()) as Record<string, unknown>;
    } catch {
      // A connection that failed counts as a 5xx (599).
    }
    samples.push({ route, status, ms: performance.now() - started });
    return json;
  }
  return { call, samples };
}

/** The request mix: mostly reads, every 10th a scan, every 25th a batch of the fixture sites. */
function mixOf(soak: Soak, hosts: string[], ids: { caseId: string; scanId: string }) {
  let tick = 0;
  return (): Promise<unknown> => {
    tick += 1;
    const site = hosts[tick % hosts.length];
    if (values.mix === 'scans') {
      return soak.call('POST /scans', 'POST', '/api/v1/scans', { domain: site });
    }
    const reading = values.mix === 'reads';
    if (!reading && tick % 25 === 0) {
      return soak.call('POST /scans/batch', 'POST', '/api/v1/scans/batch', { domains: hosts });
    }
    if (!reading && tick % 10 === 0) {
      return soak.call('POST /scans', 'POST', '/api/v1/scans', { domain: site });
    }
    if (tick % 4 === 0) return soak.call('GET /scans', 'GET', '/api/v1/scans');
    if (tick % 4 === 1) return soak.call('GET /scans/{id}', 'GET', `/api/v1/scans/${ids.scanId}`);
    if (tick % 4 === 2) {
      return soak.call('GET /cases/{id}/summary', 'GET', `/api/v1/cases/${ids.caseId}/summary`);
    }
    return soak.call('GET /stats', 'GET', '/api/v1/stats');
  };
}

/** Starts requests at `rate` per second until the end; returns the memory after the warm-up. */
async function drive(next: () => Promise<unknown>): Promise<{ text: string; rss: number }> {
  const inFlight = new Set<Promise<unknown>>();
  const end = Date.now() + seconds * 1000;
  // Memory "at start" is taken after a warm-up (a fifth of the run, at most 30 s): module loads,
  // JIT and the first connections are not growth.
  const warmUpEnd = Date.now() + Math.min(30_000, (seconds * 1000) / 5);
  let start: { text: string; rss: number } | undefined;
  const startedAt = Date.now();
  let nextSample = warmUpEnd;
  while (Date.now() < end) {
    if (!start && Date.now() >= warmUpEnd) {
      global.gc?.();
      start = { text: memory(), rss: process.memoryUsage().rss };
    }
    if (Date.now() >= nextSample) {
      sampleMemory(startedAt);
      nextSample += 30_000;
    }
    const request = next().finally(() => inFlight.delete(request));
    inFlight.add(request);
    await new Promise((resolve) => setTimeout(resolve, 1000 / rate));
  }
  await Promise.all(inFlight);
  return start ?? { text: memory(), rss: process.memoryUsage().rss };
}

function report(samples: Sample[], deliveries: number, start: { text: string; rss: number }) {
  global.gc?.();
  const fiveXx = samples.filter((sample) => sample.status >= 500).length;
  console.log(
    `soak benchmark: ${seconds} s at ${rate} requests/s, mixed traffic against the local stack ` +
      `(store ${dataDir ? 'on disk' : 'in memory'})`,
  );
  console.log(
    `  requests: ${samples.length}, 5xx: ${fiveXx} (target 0), webhook deliveries received: ${deliveries}`,
  );
  for (const route of [...new Set(samples.map((sample) => sample.route))].sort()) {
    const times = samples
      .filter((sample) => sample.route === route)
      .map((sample) => sample.ms)
      .sort((a, b) => a - b);
    console.log(
      `  ${route.padEnd(26)} n=${String(times.length).padStart(5)}  p50 ${percentile(times, 50).toFixed(0).padStart(6)} ms  p99 ${percentile(times, 99).toFixed(0).padStart(6)} ms`,
    );
  }
  const growth = (process.memoryUsage().rss - start.rss) / start.rss;
  console.log(`  memory at start: ${start.text}`);
  console.log(
    `  memory at end:   ${memory()}  (RSS ${growth >= 0 ? '+' : ''}${(growth * 100).toFixed(1)} %, target <= +10 %)`,
  );
  sampleMemory(Date.now() - seconds * 1000);
  console.log(
    `  memory after GC (s: rss/heap/external MiB): ${timeline
      .map((point) => `${point.at}: ${mib(point.rss)}/${mib(point.heap)}/${mib(point.external)}`)
      .join(', ')}`,
  );
  const ok = fiveXx === 0 && growth <= 0.1;
  console.log(ok ? 'PASS' : 'MISS');
  process.exitCode = ok ? 0 : 1;
}

const SCOPES: Scope[] = [
  'scans:read',
  'scans:write',
  'monitor:read',
  'monitor:write',
  'webhooks:manage',
];

async function main(): Promise<void> {
  const certificate = await makeLoopbackCertificate();
  const untrust = trustCertificate(certificate.cert);
  const receiver = await startWebhookReceiver(certificate);
  const sites = await Promise.all([1, 2, 3, 4].map(() => startFixtureSite('good')));
  const stack = await startLocalStack({
    dataDir,
    env: {
      LOG_LEVEL: 'SILENT',
      ALLOW_PRIVATE_TARGETS: '1',
      OFFLINE_DNS: '1',
      BATCH_CONCURRENCY: '3',
      WORKFLOW_TIME_SCALE: '0.01',
      MONITOR_PROMPTS_PER_BLOCK: '2',
      MONITOR_REPEATS: '1',
    },
  });
  const soak = createCaller(stack.baseUrl, await createBenchKey(SCOPES));
  const hosts = sites.map((site) => site.host);
  await soak.call('POST /webhooks', 'POST', '/api/v1/webhooks', {
    url: receiver.url('/soak'),
    events: ['scan.completed'],
  });
  const made = await soak.call('POST /cases', 'POST', '/api/v1/cases', {
    name: 'Soak Co',
    domain: 'soak.example',
    category: 'benchmarks',
  });
  const scan = await soak.call('POST /scans', 'POST', '/api/v1/scans', { domain: hosts[0] });
  const ids = {
    caseId: (made.case as { id: string }).id,
    scanId: (scan.scan as { id: string }).id,
  };
  await soak.call('POST /cases/{id}/runs', 'POST', `/api/v1/cases/${ids.caseId}/runs`);
  const start = await drive(mixOf(soak, hosts, ids));
  await new Promise((resolve) => setTimeout(resolve, 2000));
  report(soak.samples, receiver.at('/soak').length, start);
  await stack.close();
  await Promise.all([receiver.close(), ...sites.map((site) => site.close())]);
  untrust();
  await certificate.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}

await main();
