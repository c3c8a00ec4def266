/**
 * Dashboard page benchmark (issue 25, point 1): the time to render the pages a person opens,
 * on the real local stack (its store on disk in a temporary directory, as `npm start` keeps it;
 * the bundled provider simulator), signed in through the dashboard's own sign-in. One case in
 * English and German, with its German fields (without them the prompt set v2 skips the German
 * questions that need them), and one finished run of 2,016 answers (the default prompt set: 84
 * prompts x 3 repeats x 4 families x 2 modes; issue 25 asks for 2,000), a few scans of a
 * loopback fixture site for the history; then each page is loaded `--runs` times after one
 * warm-up load, and the median and the slowest load are printed. Target: the answers page (first page, and with each
 * filter) in at most 1 s.
 *
 *   npm run bench:pages
 *   npm run bench:pages -- --runs 9 --scans 8
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';

import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { type LocalStack, startLocalStack } from '#local/stack';
import { CaseDetailSchema } from '#shared/domain/monitor/schemas';
import { DashboardHttp } from '#test/browser/support/dashboard-http';
import { startFixtureSite } from '#test/fixtures/sites/index';
import { createBenchKey } from './support.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    scans: { type: 'string', default: '4' },
  },
});
const runs = Math.max(1, Number(values.runs));
const TARGET_MS = 1000;
const EMAIL = 'bench@example.com';

const CASE = {
  name: 'Benchmark Analytics',
  domain: 'benchmark-analytics.example',
  category: 'product analytics',
  icp: 'B2B SaaS product teams',
  competitors: [
    { name: 'Globex Insights', domain: 'globex.example', aliases: ['Globex'] },
    'Initech Metrics',
  ],
  use_cases: ['funnel analysis', 'retention tracking', 'feature adoption'],
  region: 'Germany',
  languages: ['en', 'de'],
  translations: {
    de: {
      category: 'Produktanalyse',
      icp: 'B2B-SaaS-Produktteams',
      region: 'Deutschland',
      use_cases: ['Trichteranalyse', 'Kundenbindung', 'Funktionsnutzung'],
    },
  },
  fact_sheet: {
    pricing: 'from $29 per month',
    founded: '2019',
    headquarters: 'Berlin',
    free_plan: 'yes, up to 10,000 events',
  },
};

async function api(stack: LocalStack, key: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${stack.baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status}`);
  return json;
}

/** A case with one finished run, and scans for the history; the pages to time. */
async function prepare(stack: LocalStack, host: string): Promise<[string, string][]> {
  const key = await createBenchKey(['monitor:read', 'monitor:write', 'scans:write']);
  const created = await api(stack, key, 'POST', '/api/v1/cases', CASE);
  const detail = CaseDetailSchema.parse(created.case);
  const started = (await api(stack, key, 'POST', `/api/v1/cases/${detail.id}/runs`)) as {
    run: { id: string };
  };
  const execution = await stack.workflows.waitFor(`monitor-${started.run.id}`);
  if (execution.status !== 'SUCCEEDED') throw new Error(`the run ended ${execution.status}`);
  for (let scan = 0; scan < Number(values.scans); scan += 1) {
    await api(stack, key, 'POST', '/api/v1/scans', { domain: `http://${host}` });
  }
  const run = `/dashboard/cases/${detail.id}/runs/${started.run.id}`;
  return [
    ['overview', '/dashboard'],
    ['case page', `/dashboard/cases/${detail.id}`],
    ['run page', run],
    ['answers, first page', `${run}/answers`],
    ['answers, family=openai', `${run}/answers?family=openai`],
    ['answers, mentioned=true', `${run}/answers?mentioned=true`],
    ['answers, block=C mode=online', `${run}/answers?block=C&mode=online`],
    ['scan history', '/dashboard/scans'],
    ['domain history', `/dashboard/domains/${encodeURIComponent(host)}`],
  ];
}

/**
 * One load: its wall time, and the CPU time the process spent meanwhile (the stack serves the
 * page in this process), which a busy machine does not inflate.
 */
async function time(
  browser: DashboardHttp,
  path: string,
): Promise<{ ms: number; cpuMs: number; text: string }> {
  const cpu = process.cpuUsage();
  const startedAt = performance.now();
  const page = await browser.get(path);
  const ms = performance.now() - startedAt;
  const used = process.cpuUsage(cpu);
  if (page.status !== 200) throw new Error(`GET ${path}: ${page.status}`);
  return { ms, cpuMs: (used.user + used.system) / 1000, text: page.text };
}

const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];

async function main(): Promise<void> {
  const site = await startFixtureSite('good');
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-pages-'));
  const stack = await startLocalStack({
    dataDir,
    env: { LOG_LEVEL: 'SILENT', OFFLINE_DNS: '1', ALLOW_PRIVATE_TARGETS: '1' },
  });
  try {
    const pages = await prepare(stack, site.host);
    const browser = new DashboardHttp(stack.baseUrl);
    await browser.signIn(EMAIL);
    const lines: string[] = [];
    let over = false;
    let runSize = '';
    for (const [name, path] of pages) {
      await time(browser, path); // one warm-up load
      const loads: number[] = [];
      const cpu: number[] = [];
      let total = '';
      for (let run = 0; run < runs; run += 1) {
        const { ms, cpuMs, text } = await time(browser, path);
        loads.push(ms);
        cpu.push(cpuMs);
        total = /(\d[\d,]*)-(\d[\d,]*) of ([\d,]+) answers/.exec(text)?.[0] ?? total;
      }
      if (path.endsWith('/answers')) runSize = total.replace(/^.* of /, '');
      const mid = median(loads) ?? 0;
      const answers = name.startsWith('answers');
      if (answers && mid > TARGET_MS) over = true;
      const slowest = Math.max(...loads)
        .toFixed(0)
        .padStart(6);
      const cpuMs = (median(cpu) ?? 0).toFixed(0).padStart(5);
      const verdict = answers ? (mid <= TARGET_MS ? '   OK' : '   OVER TARGET') : '';
      lines.push(
        `  ${name.padEnd(30)} median ${mid.toFixed(0).padStart(6)} ms   slowest ${slowest} ms   cpu ${cpuMs} ms${total ? `   (${total})` : ''}${verdict}`,
      );
    }
    console.log(
      `dashboard pages: ${runs} loads each after one warm-up, local stack (store on disk), a run of ${runSize || 'unknown'}\n${lines.join('\n')}\n  target: answers pages <= ${TARGET_MS} ms (median); cpu: the CPU time the process spent on the load (median), not inflated by a busy machine (load average ${loadavg()[0]?.toFixed(1)})`,
    );
    if (over) process.exitCode = 1;
  } finally {
    await stack.close();
    await site.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
