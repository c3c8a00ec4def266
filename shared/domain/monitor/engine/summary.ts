/**
 * Builds a run's summary from its judged answers: scores per dimension with their intervals,
 * share of answer, gaps and cited domains, in the shape of the case summary (docs/monitor.md).
 */
import { PROVIDER_FAMILIES, type ProviderFamily } from '#shared/domain/monitor/provider-port';
import {
  answerRate,
  brandOf,
  type DimensionIntervals,
  dimensionsOf,
  entityShares,
  roundShares,
  SCORE_VERSION,
  scoreOf,
  unbranded,
} from './aggregate.ts';
import { type CitationStats, citationStats } from './citations.ts';
import { runUsage } from './cost.ts';
import { type CurrentScores, computeDelta, type PreviousRun } from './delta.ts';
import { findGaps } from './gaps.ts';
import {
  citationCategories,
  discoveredBrands,
  modelChanges,
  servedModels,
  topSearchQueries,
} from './insights.ts';
import { JUDGE_VERSION } from './judge.ts';
import { methodologyOf } from './methodology.ts';
import { type RateInterval, round4, roundInterval, wilson } from './statistics.ts';
import type { ModelPrice, RunSummary } from './summary-schema.ts';
import type { AnswerMeasurement, CaseProfile } from './types.ts';

export interface SummariseInput {
  profile: CaseProfile;
  measurements: readonly AnswerMeasurement[];
  /** Families that stayed down (or were switched off) for the run. */
  excludedModels: readonly ProviderFamily[];
  /** `buildPromptSet(...).version` of the run. */
  promptSetVersion: string;
  /** The preceding finished run of the case, if any. */
  previous?: PreviousRun | undefined;
  /** Per-family price overrides for the cost estimate (see DEFAULT_PRICES). */
  prices?: Partial<Record<ProviderFamily, ModelPrice>> | undefined;
  /** Times each prompt was asked per family and mode (the plan's); default: the most seen. */
  repeats?: number | undefined;
}

/**
 * Turns the measurements of a finished run into the `summary` of docs/api.md (see summary-schema.ts).
 */
export function summariseRun(input: SummariseInput): RunSummary {
  const { profile, measurements } = input;
  const dimensions = dimensionsOf(measurements);
  const perModel = perModelScores(measurements);
  const scores = Object.values(perModel.scores);
  const total = scores.length === 0 ? 0 : scores.reduce((s, v) => s + v, 0) / scores.length;
  const totalScore = Math.round(total);
  const perModelRounded = mapValues(perModel.scores, Math.round);
  const shares = shareOfAnswer(profile, measurements);
  const citations = citationStats(profile, measurements);
  const recall = trainingRecall(measurements);
  const values = dimensionValues(dimensions);
  const excluded = PROVIDER_FAMILIES.filter((f) => input.excludedModels.includes(f));
  return {
    total_score: totalScore,
    per_model: perModelRounded,
    dimensions: values,
    share_of_answer: shares.entries,
    top_gaps: findGaps(profile, measurements),
    delta: deltaOf(input, {
      total_score: totalScore,
      per_model: perModelRounded,
      dimensions: values,
      visibility: roundInterval(dimensions.visibility),
      score_version: SCORE_VERSION,
      prompt_set_version: input.promptSetVersion,
      share_of_answer: shares.entries,
    }),
    top_cited_domains: citations.top_cited_domains.map((d) => ({ ...d, share: round4(d.share) })),
    own_citation_rate: round4(citations.own_citation_rate.value),
    competitor_citation_rate: mapValues(citations.competitor_citation_rate, (r) => round4(r.value)),
    sources_meta: sourcesMeta(measurements, citations.answers_with_sources, recall, excluded),
    score_version: SCORE_VERSION,
    prompt_set_version: input.promptSetVersion,
    per_model_dimensions: mapValues(perModel.dimensions, dimensionValues),
    intervals: {
      confidence: 0.95,
      method: 'wilson',
      dimensions: roundDimensions(dimensions),
      per_model: mapValues(perModel.dimensions, roundDimensions),
      ...rateIntervals(shares.intervals, citations, recall),
    },
    judge: judgeStats(measurements),
    usage: runUsage(measurements, input.prices),
    ...insightsOf(measurements),
    methodology: methodOf(input, dimensions.visibility, shares.intervals),
  };
}

/** `summary.methodology`: the run's sample and what it can detect (engine/methodology.ts). */
function methodOf(
  input: SummariseInput,
  visibility: RateInterval,
  shares: Record<string, RateInterval>,
) {
  const { measurements } = input;
  return methodologyOf({
    measurements,
    repeats: input.repeats ?? Math.max(1, ...measurements.map((m) => m.repeat)),
    mentionRate: visibility,
    shareOfAnswer: shares[input.profile.name] ?? wilson(0, 0),
  });
}

/** The change against the previous run, with the families whose served model changed. */
function deltaOf(input: SummariseInput, current: CurrentScores): RunSummary['delta'] {
  return {
    ...computeDelta(current, input.previous),
    model_changes: modelChanges(
      servedModels(input.measurements),
      input.previous?.summary.served_models,
    ),
  };
}

/** The additions of issue 16 (engine/insights.ts). */
function insightsOf(measurements: readonly AnswerMeasurement[]) {
  return {
    top_search_queries: topSearchQueries(measurements),
    citation_categories: citationCategories(measurements),
    served_models: servedModels(measurements),
    discovered_brands: discoveredBrands(measurements),
  };
}

function sourcesMeta(
  measurements: readonly AnswerMeasurement[],
  answersWithSources: number,
  recall: { raw: RateInterval; online: RateInterval },
  excluded: ProviderFamily[],
): RunSummary['sources_meta'] {
  return {
    answers_total: measurements.length,
    answers_with_sources: answersWithSources,
    training_recall: {
      raw_mentions: recall.raw.successes,
      raw_total: recall.raw.n,
      online_mentions: recall.online.successes,
      online_total: recall.online.n,
    },
    ...(excluded.length > 0 ? { excluded_models: excluded } : {}),
  };
}

function rateIntervals(
  shares: Record<string, RateInterval>,
  citations: CitationStats,
  recall: { raw: RateInterval; online: RateInterval },
) {
  return {
    share_of_answer: mapValues(shares, roundInterval),
    own_citation_rate: roundInterval(citations.own_citation_rate),
    competitor_citation_rate: mapValues(citations.competitor_citation_rate, roundInterval),
    top_cited_domains: mapValues(citations.domain_shares, roundInterval),
    training_recall: { raw: roundInterval(recall.raw), online: roundInterval(recall.online) },
  };
}

function perModelScores(measurements: readonly AnswerMeasurement[]) {
  const scores: Partial<Record<ProviderFamily, number>> = {};
  const dimensions: Partial<Record<ProviderFamily, DimensionIntervals>> = {};
  for (const family of PROVIDER_FAMILIES) {
    const own = measurements.filter((m) => m.family === family);
    if (own.length === 0) continue;
    dimensions[family] = dimensionsOf(own);
    scores[family] = scoreOf(dimensions[family]) ?? 0;
  }
  return { scores, dimensions };
}

function shareOfAnswer(profile: CaseProfile, measurements: readonly AnswerMeasurement[]) {
  const shares = entityShares(profile, measurements);
  const total = shares.reduce((sum, s) => sum + s.judge_mentions, 0);
  const rounded = roundShares(shares.map((s) => s.judge_mentions));
  const entries = shares
    .map((s, index) => ({
      name: s.name,
      share: rounded[index] ?? 0,
      mentions: s.mentions,
      judge_mentions: s.judge_mentions,
      total,
      is_self: s.is_self,
    }))
    // Largest share first; the brand first among equals.
    .sort((a, b) => b.share - a.share || Number(b.is_self) - Number(a.is_self));
  const intervals = Object.fromEntries(
    shares.map((s) => [s.name, wilson(s.judge_mentions, total)] as const),
  );
  return { entries, intervals };
}

function trainingRecall(measurements: readonly AnswerMeasurement[]) {
  const scope = unbranded(measurements);
  const named = (m: AnswerMeasurement) => brandOf(m)?.counted === true;
  return {
    raw: answerRate(
      scope.filter((m) => m.mode === 'raw'),
      named,
    ),
    online: answerRate(
      scope.filter((m) => m.mode === 'online'),
      named,
    ),
  };
}

function judgeStats(measurements: readonly AnswerMeasurement[]) {
  const entities = measurements.flatMap((m) => m.entities);
  const judged = measurements.filter((m) => m.judged).length;
  return {
    version: JUDGE_VERSION,
    judged_answers: judged,
    unjudged_answers: measurements.length - judged,
    disagreements: entities.filter((e) => e.detected && !e.counted && e.judge !== 'not_judged')
      .length,
    judge_only: entities.filter((e) => e.judge_only).length,
    dropped_quotes: measurements.reduce((sum, m) => sum + m.dropped_quotes, 0),
  };
}

/** The three dimensions' point values, rounded as stored. */
function dimensionValues(d: DimensionIntervals): Record<keyof DimensionIntervals, number> {
  return {
    visibility: round4(d.visibility.value),
    accuracy: round4(d.accuracy.value),
    sentiment: round4(d.sentiment.value),
  };
}

function roundDimensions(d: DimensionIntervals): Record<keyof DimensionIntervals, RateInterval> {
  return {
    visibility: roundInterval(d.visibility),
    accuracy: roundInterval(d.accuracy),
    sentiment: roundInterval(d.sentiment),
  };
}

/** Maps every value of a record, keeping its keys (and their optionality). */
function mapValues<T extends Record<string, unknown>, W>(
  record: T,
  map: (value: NonNullable<T[keyof T]>) => W,
): { [K in keyof T]: W } {
  return Object.fromEntries(
    Object.entries(record).map(([key, value]) => [key, map(value as NonNullable<T[keyof T]>)]),
  ) as { [K in keyof T]: W };
}
