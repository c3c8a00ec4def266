/**
 * Monitor run benchmark (issue 7): one run of the default prompt set (MONITOR_PROMPTS_PER_BLOCK,
 * MONITOR_REPEATS) x 4 families x 2 modes, every answer judged, through the real local stack
 * (the runs route, the monitor-run state machine on the local engine, the real adapters) against
 * the simulator with an injected latency per call. Prints the provider calls, the wall time from
 * the request to the run's end, the ideal wall time the per-family concurrency allows, their
 * ratio and the peak memory, the tokens and estimated cost of the run (answers and judge) from the
 * summary's usage, and the canaries' share of the calls and the cost. Target: ratio <= 1.3.
 *
 * Ideal: the run asks every family, then judges (a judge is chosen among the families that
 * answered), so ideal = L x (max over families of ceil(asks / concurrency) + max over judge
 * lanes of the calls of that lane: ceil(its share of the answers / MONITOR_JUDGE_BATCH)). The
 * lower bound any schedule with these
 * per-provider limits has, L x max over providers of ceil(all its calls / concurrency), is
 * printed too.
 *
 *   npm run bench:run
 *   npm run bench:run -- --latency-ms 300 --prompts-per-block 13 --repeats 3 --judge-batch 8
 */
import { parseArgs } from 'node:util';
import { startSimulator } from '#local/simulator/server';
import { type LocalStack, startLocalStack } from '#local/stack';
import { PROVIDER_ENV } from '#shared/adapters/providers/config';
import type { MonitorConfig } from '#shared/domain/monitor/config';
import { buildPromptSet, judgeFamilyFor } from '#shared/domain/monitor/engine/index';
import { PROVIDER_FAMILIES, type ProviderFamily } from '#shared/domain/monitor/provider-port';
import { CaseDetailSchema } from '#shared/domain/monitor/schemas';
import { allCaseProfiles } from '#shared/wiring/monitor';
import { createRunTrace, type RunTrace } from './run-trace.ts';
import { createBenchKey } from './support.ts';

const { values } = parseArgs({
  options: {
    'latency-ms': { type: 'string', default: '300' },
    'prompts-per-block': { type: 'string' },
    repeats: { type: 'string' },
    'judge-batch': { type: 'string' },
    trace: { type: 'boolean', default: false },
  },
});
const latencyMs = Number(values['latency-ms']);
/**
 * The stack's variables over this environment (passed to the stack, never written to it).
 * OFFLINE_DNS: the run's scans of cited sites (ScanCitedSites) never leave the machine.
 */
const benchEnv: Record<string, string> = { LOG_LEVEL: 'SILENT', OFFLINE_DNS: '1' };
if (values['prompts-per-block']) benchEnv.MONITOR_PROMPTS_PER_BLOCK = values['prompts-per-block'];
if (values.repeats) benchEnv.MONITOR_REPEATS = values.repeats;
if (values['judge-batch']) benchEnv.MONITOR_JUDGE_BATCH = values['judge-batch'];
const TARGET_RATIO = 1.3;

const CASE = {
  name: 'Benchmark Analytics',
  domain: 'benchmark-analytics.example',
  aliases: ['BenchAn'],
  category: 'product analytics',
  icp: 'B2B SaaS product teams',
  competitors: [
    { name: 'Globex Insights', domain: 'globex.example', aliases: ['Globex'] },
    { name: 'Initech Metrics', domain: 'initech.example' },
    'Hooli Data',
  ],
  use_cases: ['funnel analysis', 'retention tracking', 'feature adoption'],
  region: 'Germany',
  languages: ['en'],
  fact_sheet: {
    pricing: 'from $29 per month',
    founded: '2019',
    headquarters: 'Berlin',
    free_plan: 'yes, up to 10,000 events',
    integrations: 'Segment, HubSpot, Salesforce',
  },
};

/** The summary's `usage` fields the report prints. */
interface BenchUsage {
  answer_calls: number;
  judge_calls: number;
  input_tokens: number;
  output_tokens: number;
  estimated_cost_usd: number;
  judge: { calls: number; input_tokens: number; output_tokens: number; estimated_cost_usd: number };
  /** The canary calls, apart from the totals above (docs/monitor.md "Canaries"). */
  canaries: {
    answer_calls: number;
    judge_calls: number;
    input_tokens: number;
    output_tokens: number;
    estimated_cost_usd: number;
  };
}

async function call(stack: LocalStack, key: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${stack.baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await response.json()) as Record<string, unknown>;
  if (!response.ok) {
    throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
  }
  return json;
}

/**
 * Ideal wall time in ms for the two phases, and the lower bound over providers. Each family asks
 * its cells and the canaries in both modes; a judge family's answers are shared over its lanes,
 * each lane judging its share of the case's answers `batch` a call, and the canaries' calls of
 * `batch` (judged apart) shared over the lanes.
 */
function idealOf(
  cells: number,
  canaries: number,
  concurrency: Record<ProviderFamily, number>,
  batch: number,
) {
  const asks = (cells + canaries) * 2;
  const judged = new Map<ProviderFamily, { own: number; canary: number }>();
  for (const family of PROVIDER_FAMILIES) {
    const judge = judgeFamilyFor(family, PROVIDER_FAMILIES) as ProviderFamily;
    const sum = judged.get(judge) ?? { own: 0, canary: 0 };
    judged.set(judge, { own: sum.own + cells * 2, canary: sum.canary + canaries * 2 });
  }
  // A lane's share of the case's answers in calls of `batch`; the canaries are put in calls
  // first and the calls shared over the lanes (steps/judge.ts).
  const share = (answers: number, family: ProviderFamily, lane: number) =>
    Math.ceil(Math.ceil((answers - lane) / concurrency[family]) / batch);
  const canaryShare = (answers: number, family: ProviderFamily, lane: number) =>
    Math.max(0, Math.ceil((Math.ceil(answers / batch) - lane) / concurrency[family]));
  const laneCalls = (answers: { own: number; canary: number }, family: ProviderFamily) =>
    Array.from(
      { length: concurrency[family] },
      (_, lane) => share(answers.own, family, lane) + canaryShare(answers.canary, family, lane),
    );
  const judgeCalls = new Map(
    [...judged].map(([f, n]) => [f, laneCalls(n, f).reduce((a, b) => a + b, 0)] as const),
  );
  const rounds = (calls: number, family: ProviderFamily) => Math.ceil(calls / concurrency[family]);
  const askRounds = Math.max(...PROVIDER_FAMILIES.map((f) => rounds(asks, f)));
  const judgeRounds = Math.max(...[...judged].map(([f, n]) => Math.max(...laneCalls(n, f))));
  const boundRounds = Math.max(
    ...PROVIDER_FAMILIES.map((f) => rounds(asks + (judgeCalls.get(f) ?? 0), f)),
  );
  return {
    phases: (askRounds + judgeRounds) * latencyMs,
    bound: boundRounds * latencyMs,
    judgeCalls: Object.fromEntries(judgeCalls),
  };
}

async function main(): Promise<void> {
  const calls: Record<string, number> = {};
  const trace: RunTrace | undefined = values.trace ? createRunTrace() : undefined;
  const simulator = await startSimulator({
    seed: 'bench-run',
    caseSource: allCaseProfiles,
    faults: Object.fromEntries(
      PROVIDER_FAMILIES.map((family) => [family, { kind: 'slow', delayMs: latencyMs }]),
    ),
    onRequest: (entry) => {
      const name = `${entry.family ?? 'none'} ${entry.status}`;
      calls[name] = (calls[name] ?? 0) + 1;
      trace?.onRequest(entry);
    },
  });
  // Every family "real" for the stack, and that real provider is this simulator.
  for (const names of Object.values(PROVIDER_ENV)) {
    benchEnv[names.key] = 'bench';
    benchEnv[names.baseUrl] = simulator.url;
  }
  const stack = await startLocalStack({
    dataDir: null,
    env: benchEnv,
    ...(trace ? { wrapStoreClient: trace.wrapStoreClient } : {}),
  });
  let peakHeap = 0;
  const sampler = setInterval(() => {
    peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
  }, 100);
  try {
    const key = await createBenchKey(['monitor:read', 'monitor:write']);
    const created = await call(stack, key, 'POST', '/api/v1/cases', CASE);
    const detail = CaseDetailSchema.parse(created.case);
    const config = stack.config.monitor;
    const cells = buildPromptSet(
      { ...detail, competitors: detail.competitor_profiles },
      { promptsPerBlock: config.promptsPerBlock, repeats: config.repeats },
    ).cells.length;
    const started = performance.now();
    trace?.begin();
    const run = (await call(stack, key, 'POST', `/api/v1/cases/${detail.id}/runs`)) as {
      run: { id: string };
    };
    const execution = await stack.workflows.waitFor(`monitor-${run.run.id}`);
    const wallMs = performance.now() - started;
    const traced = trace?.report(Date.now(), stack.config.monitor.concurrency) ?? [];
    const summary = (await call(stack, key, 'GET', `/api/v1/cases/${detail.id}/summary`)) as {
      summary: { total_score: number; usage: BenchUsage };
    };
    report({ execution: execution.status, cells, wallMs, config, calls, peakHeap, summary });
    if (traced.length > 0) console.log(traced.join('\n'));
  } finally {
    trace?.close();
    clearInterval(sampler);
    await stack.close();
    await simulator.close();
  }
}

/** The canaries' share of the run's calls and cost (their usage is apart from the totals). */
function canaryLine(usage: BenchUsage, canaryPrompts: number): string {
  const canaryCalls = usage.canaries.answer_calls + usage.canaries.judge_calls;
  const calls = usage.answer_calls + usage.judge_calls + canaryCalls;
  const cost = usage.estimated_cost_usd + usage.canaries.estimated_cost_usd;
  const pct = (part: number, whole: number) => `${((100 * part) / whole).toFixed(1)} %`;
  return `  canaries:         ${canaryPrompts} per family and mode: ${canaryCalls} calls (answers ${usage.canaries.answer_calls}, judge ${usage.canaries.judge_calls}) = ${pct(canaryCalls, calls)} of the run's ${calls} calls; $${usage.canaries.estimated_cost_usd.toFixed(4)} = ${pct(usage.canaries.estimated_cost_usd, cost)} of its $${cost.toFixed(4)}`;
}

function report(figures: {
  execution: string;
  cells: number;
  wallMs: number;
  config: MonitorConfig;
  calls: Record<string, number>;
  peakHeap: number;
  summary: { summary: { total_score: number; usage: BenchUsage } };
}): void {
  const { config, cells, wallMs } = figures;
  const ideal = idealOf(cells, config.canaryPrompts, config.concurrency, config.judgeBatch);
  const ratio = wallMs / ideal.phases;
  const total = Object.values(figures.calls).reduce((sum, n) => sum + n, 0);
  const { usage } = figures.summary.summary;
  const lines = [
    `monitor run: ${config.promptsPerBlock} prompts per block x ${config.repeats} repeats = ${cells} cells x 4 families x 2 modes, latency ${latencyMs} ms per call`,
    `  execution:        ${figures.execution}, total_score ${figures.summary.summary.total_score}`,
    `  provider calls:   ${total} (answers ${usage.answer_calls}, judge ${usage.judge_calls}); by family and status: ${JSON.stringify(figures.calls)}`,
    `  tokens:           input ${usage.input_tokens}, output ${usage.output_tokens}; judge alone: ${usage.judge.calls} calls, input ${usage.judge.input_tokens}, output ${usage.judge.output_tokens}`,
    `  estimated cost:   $${usage.estimated_cost_usd.toFixed(4)} per run, judge $${usage.judge.estimated_cost_usd.toFixed(4)} (prices: MONITOR_PRICES over engine/cost.ts, docs/monitor.md "Configuration")`,
    canaryLine(usage, config.canaryPrompts),
    `  concurrency:      ${JSON.stringify(config.concurrency)}; judge: up to ${config.judgeBatch} answers a call (MONITOR_JUDGE_BATCH), ideal calls per family ${JSON.stringify(ideal.judgeCalls)}`,
    `  wall time:        ${(wallMs / 1000).toFixed(1)} s`,
    `  ideal (phases):   ${(ideal.phases / 1000).toFixed(1)} s   lower bound over providers: ${(ideal.bound / 1000).toFixed(1)} s`,
    `  ratio:            ${ratio.toFixed(3)} (target <= ${TARGET_RATIO}) ${ratio <= TARGET_RATIO ? 'OK' : 'OVER TARGET'}`,
    `  peak memory:      rss ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB, heap ${(figures.peakHeap / 1024 / 1024).toFixed(0)} MB (whole process: stack, store, simulator)`,
  ];
  console.log(lines.join('\n'));
  if (figures.execution !== 'SUCCEEDED' || ratio > TARGET_RATIO) process.exitCode = 1;
}

await main();
