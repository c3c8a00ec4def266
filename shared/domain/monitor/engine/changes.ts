/**
 * Which figures of a run moved beyond their noise band since the previous comparable run
 * (docs/monitor.md "Every change has a cause"): the total score, the share of answer of the brand
 * and of each competitor, the own citation rate, and each family's mention rate (its
 * visibility). A rate moved when the 95 % Newcombe interval of its change does not cover 0; the
 * total score when the 95 % interval of its change, from the spread of the dimensions it is built
 * from, does not. Only moves against a comparable run (`delta.comparable`, run-compare.ts: the
 * same prompts of the same families about the same competitors, scored the same way) are read as
 * changes; steps/loop.ts picks that run.
 */
import { PROVIDER_FAMILIES, type ProviderFamily } from '#shared/domain/monitor/provider-port';
import { SCORE_WEIGHTS } from './aggregate.ts';
import type { ChangeMetric } from './change-schema.ts';
import type { FamilyCanary } from './loop-schema.ts';
import type { RunEvidence } from './run-evidence.ts';
import type { SiteChange } from './site-checks.ts';
import { newcombeDifference, type RateInterval, round4, Z_95 } from './statistics.ts';
import type { RunSummary } from './summary-schema.ts';

/** One figure that moved: its values and the interval of the change. */
export interface MetricMove {
  metric: ChangeMetric;
  family?: ProviderFamily;
  /** For share of answer: whose share. */
  brand?: string;
  before: number;
  after: number;
  change: number;
  interval: [number, number];
}

/** A stored summary of any version: the fields of later versions may be missing. */
export type ComparedSummary = Pick<
  RunSummary,
  'total_score' | 'per_model' | 'share_of_answer' | 'intervals'
> &
  Partial<Pick<RunSummary, 'prompt_set_version' | 'score_version' | 'served_models'>>;

/** A finished run as the causes read it: its summary and, from issue 29 on, its evidence. */
export interface RunBasis {
  summary: ComparedSummary;
  evidence: RunEvidence | undefined;
}

/** A family whose engine changed between the two runs. */
export interface EngineChange {
  family: ProviderFamily;
  /** Served model ids in the previous and this run. */
  before: string[];
  after: string[];
  /** This run's canary figures of the family. */
  canary: FamilyCanary | undefined;
  modelChanged: boolean;
  canaryMoved: boolean;
}

/** What the causes of a run's changes are decided from (causes.ts). */
export interface CauseContext {
  current: RunBasis;
  previous: RunBasis;
  /** Families whose engine changed (model ids or canaries); empty when none did. */
  engine: readonly EngineChange[];
  /** This run's canary figures, every family (shown as the figures considered). */
  canaries: Partial<Record<ProviderFamily, FamilyCanary>>;
  site: SiteChange | undefined;
}

/** True when a share-of-answer move is the brand's own share (not a competitor's). */
export function isBrandShare(move: MetricMove, basis: RunBasis): boolean {
  return basis.summary.share_of_answer.some((entry) => entry.is_self && entry.name === move.brand);
}

/** Every figure of `current` that moved beyond its noise band since `previous`. */
export function metricMoves(current: ComparedSummary, previous: ComparedSummary): MetricMove[] {
  const moves: MetricMove[] = [];
  const total = totalScoreMove(current, previous);
  if (total) moves.push(total);
  for (const entry of current.share_of_answer) {
    const before = previous.intervals.share_of_answer[entry.name];
    const after = current.intervals.share_of_answer[entry.name];
    const move = before && after ? rateMove(after, before) : undefined;
    if (move) moves.push({ metric: 'share_of_answer', brand: entry.name, ...move });
  }
  const own = rateMove(current.intervals.own_citation_rate, previous.intervals.own_citation_rate);
  if (own) moves.push({ metric: 'own_citation_rate', ...own });
  for (const family of PROVIDER_FAMILIES) {
    const before = previous.intervals.per_model[family]?.visibility;
    const after = current.intervals.per_model[family]?.visibility;
    const move = before && after ? rateMove(after, before) : undefined;
    if (move) moves.push({ metric: 'mention_rate', family, ...move });
  }
  return moves;
}

/** A rate's change when its 95 % interval does not cover 0; undefined within noise. */
export function rateMove(after: RateInterval, before: RateInterval) {
  const difference = newcombeDifference(after, before);
  if (difference.within_noise || after.n === 0 || before.n === 0) return undefined;
  return {
    before: round4(before.value),
    after: round4(after.value),
    change: round4(difference.difference),
    interval: [round4(difference.lower), round4(difference.upper)] as [number, number],
  };
}

/**
 * The total score's change over the families in `only` (all by default), when its interval does
 * not cover 0. The total is the mean of the family scores, each a weighted mean of the dimensions,
 * so its spread follows from the dimensions' intervals (normal approximation).
 */
export function totalScoreMove(
  current: ComparedSummary,
  previous: ComparedSummary,
  only?: readonly ProviderFamily[],
): MetricMove | undefined {
  const move = totalScoreChange(current, previous, only);
  if (!move || move.within_noise) return undefined;
  const { within_noise: _noise, ...figures } = move;
  return figures;
}

/**
 * The total score's change and its 95 % interval, moved or not (`within_noise` when the interval
 * covers 0); undefined when no family scored in both runs. Alerts that watch every change read it.
 */
export function totalScoreChange(
  current: ComparedSummary,
  previous: ComparedSummary,
  only?: readonly ProviderFamily[],
): (MetricMove & { within_noise: boolean }) | undefined {
  const families = PROVIDER_FAMILIES.filter(
    (family) =>
      (only === undefined || only.includes(family)) &&
      current.per_model[family] !== undefined &&
      previous.per_model[family] !== undefined,
  );
  if (families.length === 0) return undefined;
  const after = only ? meanOf(families, current) : current.total_score;
  const before = only ? meanOf(families, previous) : previous.total_score;
  const spread = Math.sqrt(scoreVariance(current, families) + scoreVariance(previous, families));
  const change = after - before;
  const interval: [number, number] = [
    round4(change - Z_95 * spread),
    round4(change + Z_95 * spread),
  ];
  const within_noise = change === 0 || (interval[0] <= 0 && interval[1] >= 0);
  return { metric: 'total_score', before, after, change: round4(change), interval, within_noise };
}

function meanOf(families: readonly ProviderFamily[], summary: ComparedSummary): number {
  const scores = families.map((family) => summary.per_model[family] ?? 0);
  return round4(scores.reduce((sum, score) => sum + score, 0) / scores.length);
}

/** Variance of the mean of the families' scores (points squared). */
function scoreVariance(summary: ComparedSummary, families: readonly ProviderFamily[]): number {
  let sum = 0;
  for (const family of families) {
    const dimensions = summary.intervals.per_model[family];
    if (!dimensions) continue;
    let weights = 0;
    let variance = 0;
    for (const name of ['visibility', 'accuracy', 'sentiment'] as const) {
      const interval = dimensions[name];
      if (interval.n === 0) continue;
      const sd = (interval.upper - interval.lower) / (2 * Z_95);
      weights += SCORE_WEIGHTS[name];
      variance += (SCORE_WEIGHTS[name] * sd) ** 2;
    }
    if (weights > 0) sum += (100 / weights) ** 2 * variance;
  }
  return sum / families.length ** 2;
}
