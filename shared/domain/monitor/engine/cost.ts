/**
 * Token usage and an estimate of what a run cost. The default prices are list prices of the
 * default models in shared/adapters/providers/config.ts as published in 2026 (docs/monitor.md,
 * "Benchmark"): an estimate to size runs, not an invoice. Pass `prices` to `summariseRun` when
 * other models or contracts apply. One billed search is assumed per answer that searched.
 */
import { PROVIDER_FAMILIES, type ProviderFamily } from '#shared/domain/monitor/provider-port';
import { round4 } from './statistics.ts';
import type { ModelPrice, RunUsage } from './summary-schema.ts';
import type { AnswerMeasurement, UsageCounts } from './types.ts';

export const DEFAULT_PRICES: Record<ProviderFamily, ModelPrice> = {
  // gpt-5-mini; web search tool $10 per 1,000 calls
  openai: { input_per_million: 0.25, output_per_million: 2, per_search: 0.01 },
  // claude-sonnet-4-5; web search $10 per 1,000 searches
  anthropic: { input_per_million: 3, output_per_million: 15, per_search: 0.01 },
  // perplexity/sonar on the Agent API; web_search $0.005 per invocation
  perplexity: { input_per_million: 0.25, output_per_million: 2.5, per_search: 0.005 },
  // gemini-2.5-flash; grounding with Google Search $35 per 1,000 grounded prompts
  google: { input_per_million: 0.3, output_per_million: 2.5, per_search: 0.035 },
};

interface FamilyTotals {
  calls: number;
  input_tokens: number;
  output_tokens: number;
  searches: number;
  estimated_cost_usd: number;
}

export function runUsage(
  measurements: readonly AnswerMeasurement[],
  overrides: Partial<Record<ProviderFamily, ModelPrice>> = {},
): RunUsage {
  const prices = { ...DEFAULT_PRICES, ...overrides };
  const byModel = new Map<ProviderFamily, FamilyTotals>();
  let withoutUsage = 0;
  const add = (family: ProviderFamily, usage: UsageCounts, searched: boolean, calls = 1) => {
    const totals = byModel.get(family) ?? {
      calls: 0,
      input_tokens: 0,
      output_tokens: 0,
      searches: 0,
      estimated_cost_usd: 0,
    };
    const price = prices[family];
    totals.calls += calls;
    totals.input_tokens += usage.input_tokens;
    totals.output_tokens += usage.output_tokens;
    totals.searches += searched ? 1 : 0;
    totals.estimated_cost_usd +=
      (usage.input_tokens * price.input_per_million +
        usage.output_tokens * price.output_per_million) /
        1e6 +
      (searched ? price.per_search : 0);
    if (!usage.reported) withoutUsage += calls;
    byModel.set(family, totals);
  };
  for (const m of measurements) {
    add(m.family, m.usage, m.searched);
    if (m.judge_family !== null && m.judge_usage !== null) {
      add(m.judge_family, m.judge_usage, false, m.judge_calls ?? 1);
    }
  }
  const judge = judgeUsage(measurements, prices);
  const families = PROVIDER_FAMILIES.filter((f) => byModel.has(f));
  const totals = families.map((f) => byModel.get(f) as FamilyTotals);
  const sum = (pick: (t: FamilyTotals) => number) => totals.reduce((s, t) => s + pick(t), 0);
  return {
    answer_calls: measurements.length,
    judge_calls: judge.calls,
    input_tokens: sum((t) => t.input_tokens),
    output_tokens: sum((t) => t.output_tokens),
    searches: sum((t) => t.searches),
    calls_without_usage: Math.round(withoutUsage),
    estimated_cost_usd: round4(sum((t) => t.estimated_cost_usd)),
    by_model: Object.fromEntries(families.map((f) => [f, rounded(byModel.get(f))])),
    prices: Object.fromEntries(families.map((f) => [f, prices[f]])),
    judge,
  };
}

/** Shares of a call (1/n per answer of a call of n) add up to whole calls. */
function rounded(totals: FamilyTotals | undefined): FamilyTotals {
  const t = totals as FamilyTotals;
  return { ...t, calls: Math.round(t.calls), estimated_cost_usd: round4(t.estimated_cost_usd) };
}

/** The judge calls alone (they are in the totals too): what batching saves shows here. */
function judgeUsage(
  measurements: readonly AnswerMeasurement[],
  prices: Record<ProviderFamily, ModelPrice>,
): NonNullable<RunUsage['judge']> {
  const judge = { calls: 0, input_tokens: 0, output_tokens: 0, estimated_cost_usd: 0 };
  for (const m of measurements) {
    if (m.judge_family === null || m.judge_usage === null) continue;
    const price = prices[m.judge_family];
    judge.calls += m.judge_calls ?? 1;
    judge.input_tokens += m.judge_usage.input_tokens;
    judge.output_tokens += m.judge_usage.output_tokens;
    judge.estimated_cost_usd +=
      (m.judge_usage.input_tokens * price.input_per_million +
        m.judge_usage.output_tokens * price.output_per_million) /
      1e6;
  }
  return {
    ...judge,
    calls: Math.round(judge.calls),
    estimated_cost_usd: round4(judge.estimated_cost_usd),
  };
}
