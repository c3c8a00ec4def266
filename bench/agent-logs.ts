/**
 * Agent-logs benchmark (issue 30, point 7): a realistic mixed log of N lines
 * (bench/agent-log-generator.ts), gzipped in parts of at most 6 MB as a client uploads a large
 * log, sent through the local stack's front (`POST /api/v1/domains/{domain}/agent-logs`) and
 * processed by the agent-logs queue's consumer; the clock runs from the first upload to the last
 * upload read. Prints lines per second end to end and the process's peak memory (the stack runs
 * in this process: it is the server's memory too), and checks the sum of the agents' hits.
 * Target: at least 100,000 lines/s, memory flat in N.
 *
 *   npm run bench:agent-logs -- --lines 1000000
 *   npm run bench:agent-logs -- --lines 100000 --concurrency 2
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { startLocalStack } from '#local/stack';
import { startFixtureSite } from '#test/fixtures/sites/index';
import { generateLog } from './agent-log-generator.ts';
import { createBenchKey } from './support.ts';

const { values } = parseArgs({
  options: {
    lines: { type: 'string', default: '1000000' },
    days: { type: 'string', default: '14' },
    paths: { type: 'string', default: '3000' },
    // Uploads in flight at once, as a client sending a large log in parts might.
    concurrency: { type: 'string', default: '2' },
  },
});
const LINES = Number(values.lines);
const TARGET_LINES_PER_SECOND = 100_000;
/** Text gathered into one part before it is gzipped (about 4 MB once compressed). */
const RAW_PART_BYTES = 36 * 1024 * 1024;
const MAX_PART_BYTES = 6 * 1024 * 1024;

/** The log, written as gzip parts of at most 6 MB into a folder; their file names. */
function writeParts(folder: string): { files: string[]; rawBytes: number; sentBytes: number } {
  const files: string[] = [];
  let pending: string[] = [];
  let pendingBytes = 0;
  let rawBytes = 0;
  let sentBytes = 0;
  const flush = () => {
    if (pendingBytes === 0) return;
    const text = pending.join('');
    const halves = [text];
    // A part that compresses worse than expected is split until each fits.
    for (let index = 0; index < halves.length; ) {
      const zipped = gzipSync(halves[index] as string, { level: 6 });
      if (zipped.length <= MAX_PART_BYTES) {
        const file = join(folder, `part-${files.length}.log.gz`);
        writeFileSync(file, zipped);
        files.push(file);
        sentBytes += zipped.length;
        index += 1;
        continue;
      }
      const whole = halves[index] as string;
      const cut = whole.indexOf('\n', whole.length >> 1) + 1;
      halves.splice(index, 1, whole.slice(0, cut), whole.slice(cut));
    }
    pending = [];
    pendingBytes = 0;
  };
  generateLog(
    {
      lines: LINES,
      days: Number(values.days),
      paths: Number(values.paths),
      seed: 30,
      endsAt: Math.floor(Date.now() / 1000),
    },
    (text) => {
      pending.push(text);
      pendingBytes += text.length;
      rawBytes += text.length;
      if (pendingBytes >= RAW_PART_BYTES) flush();
    },
  );
  flush();
  return { files, rawBytes, sentBytes };
}

/**
 * The highest resident set size and JavaScript heap seen until stopped (sampled every 50 ms),
 * from a collected heap when the process runs with --expose-gc (what generating the log left
 * behind is not counted).
 */
function watchMemory() {
  (globalThis as { gc?: () => void }).gc?.();
  const peak = { rss: 0, heap: 0, external: 0 };
  const sample = () => {
    const usage = process.memoryUsage();
    peak.rss = Math.max(peak.rss, usage.rss);
    peak.heap = Math.max(peak.heap, usage.heapUsed);
    peak.external = Math.max(peak.external, usage.external);
  };
  sample();
  const timer = setInterval(sample, 50);
  return {
    stop: () => {
      clearInterval(timer);
      sample();
      return peak;
    },
  };
}

async function upload(baseUrl: string, key: string, domain: string, file: string): Promise<string> {
  const response = await fetch(
    `${baseUrl}/api/v1/domains/${encodeURIComponent(domain)}/agent-logs?format=combined`,
    {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/gzip' },
      body: readFileSync(file),
    },
  );
  const body = (await response.json()) as { ingest?: { id: string } };
  if (response.status !== 202 || !body.ingest) {
    throw new Error(`upload refused (${response.status}): ${JSON.stringify(body)}`);
  }
  return body.ingest.id;
}

async function waitDone(baseUrl: string, key: string, domain: string, id: string) {
  for (;;) {
    const response = await fetch(
      `${baseUrl}/api/v1/domains/${encodeURIComponent(domain)}/agent-logs/${id}`,
      { headers: { authorization: `Bearer ${key}` } },
    );
    const { ingest } = (await response.json()) as {
      ingest: { status: string; lines: number; error: string | null };
    };
    if (ingest.status === 'done') return ingest.lines;
    if (ingest.status === 'failed') throw new Error(`upload failed: ${ingest.error}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Uploads every part, a few at once, and waits until each is read; the lines read. */
async function ingest(baseUrl: string, key: string, domain: string, files: string[]) {
  const queue = [...files];
  let lines = 0;
  const worker = async () => {
    for (let file = queue.shift(); file; file = queue.shift()) {
      const read = await waitDone(baseUrl, key, domain, await upload(baseUrl, key, domain, file));
      lines += read;
    }
  };
  await Promise.all(Array.from({ length: Number(values.concurrency) }, worker));
  return lines;
}

/** Prints the figures; true when every line was read at the target speed. */
function report(run: {
  lines: number;
  elapsedMs: number;
  generationMs: number;
  parts: ReturnType<typeof writeParts>;
  agents: { agent: string; hits: number }[];
  peak: ReturnType<ReturnType<typeof watchMemory>['stop']>;
}): boolean {
  const { lines, elapsedMs, generationMs, parts, peak } = run;
  const hits = run.agents.reduce((sum, row) => sum + row.hits, 0);
  const perSecond = lines / (elapsedMs / 1000);
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  console.log(`agent-logs benchmark: ${LINES.toLocaleString('en')} lines`);
  console.log(
    `  generated in ${(generationMs / 1000).toFixed(1)} s (not timed below): ${mb(parts.rawBytes)} of log, ${parts.files.length} gzip parts, ${mb(parts.sentBytes)} sent`,
  );
  console.log(`  lines read:          ${lines.toLocaleString('en')}`);
  console.log(`  agent hits counted:  ${hits.toLocaleString('en')} in ${run.agents.length} agents`);
  console.log(
    `  end to end:          ${(elapsedMs / 1000).toFixed(2)} s, ${Math.round(perSecond).toLocaleString('en')} lines/s (target >= ${TARGET_LINES_PER_SECOND.toLocaleString('en')})`,
  );
  console.log(
    `  peak memory:         ${mb(peak.rss)} resident, ${mb(peak.heap)} JavaScript heap, ${mb(peak.external)} buffers`,
  );
  const ok = lines === LINES && perSecond >= TARGET_LINES_PER_SECOND;
  console.log(ok ? 'PASS' : 'MISS');
  return ok;
}

async function main(): Promise<void> {
  const folder = mkdtempSync(join(tmpdir(), 'bench-agent-logs-'));
  const generated = performance.now();
  const parts = writeParts(folder);
  const generationMs = performance.now() - generated;
  const site = await startFixtureSite('good');
  // The store on disk, as a database keeps its data: the process's memory is the pipeline's own.
  const stack = await startLocalStack({
    dataDir: join(folder, 'data'),
    env: { LOG_LEVEL: 'SILENT', ALLOW_PRIVATE_TARGETS: '1', OFFLINE_DNS: '1' },
  });
  try {
    const key = await createBenchKey(['scans:read', 'scans:write']);
    const scanned = await fetch(`${stack.baseUrl}/api/v1/scans`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ domain: site.host }),
    });
    const domain = ((await scanned.json()) as { scan: { domain: string } }).scan.domain;
    const memory = watchMemory();
    const started = performance.now();
    const lines = await ingest(stack.baseUrl, key, domain, parts.files);
    const elapsedMs = performance.now() - started;
    const peak = memory.stop();
    const agents = (await (
      await fetch(`${stack.baseUrl}/api/v1/domains/${encodeURIComponent(domain)}/agents`, {
        headers: { authorization: `Bearer ${key}` },
      })
    ).json()) as { agents: { agent: string; hits: number }[] };
    const ok = report({ lines, elapsedMs, generationMs, parts, agents: agents.agents, peak });
    process.exitCode = ok ? 0 : 1;
  } finally {
    await stack.close();
    await site.close();
    rmSync(folder, { recursive: true, force: true });
  }
}

await main();
