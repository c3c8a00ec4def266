/**
 * The dimensions and the score (docs/monitor.md, "Method", Dimensions and score).
 *
 * Score v1: score = 100 * (0.5 V + 0.3 A + 0.2 S) / (sum of the weights of the dimensions with
 * evidence), where V = visibility, A = accuracy, S = sentiment, each in [0, 1]. A dimension
 * without evidence (n = 0: no fact claims, brand never named) leaves numerator and denominator
 * instead of counting as 0; with no evidence at all the score is 0. Per family: the formula on
 * that family's answers. Total: the mean of the per-family scores (every family weighs the same,
 * however many of its calls succeeded), rounded once at the end.
 */
import { clusteredWilson, type RateInterval, wilson } from './statistics.ts';
import type { AnswerMeasurement, CaseProfile, EntityMeasurement } from './types.ts';

export const SCORE_VERSION = 1;
export const SCORE_WEIGHTS = { visibility: 0.5, accuracy: 0.3, sentiment: 0.2 } as const;

export interface DimensionIntervals {
  visibility: RateInterval;
  accuracy: RateInterval;
  sentiment: RateInterval;
}

export function brandOf(measurement: AnswerMeasurement): EntityMeasurement | undefined {
  return measurement.entities.find((entity) => entity.is_self);
}

/** The scope of visibility, share of answer and training recall: prompts not naming the brand. */
export function unbranded(measurements: readonly AnswerMeasurement[]): AnswerMeasurement[] {
  return measurements.filter((m) => !m.branded);
}

/**
 * A proportion over answers, clustered by prompt cell (the repeats of one prompt for one
 * family, mode and language are correlated, see statistics.ts).
 */
export function answerRate(
  measurements: readonly AnswerMeasurement[],
  predicate: (m: AnswerMeasurement) => boolean,
): RateInterval {
  const clusters = new Map<string, boolean[]>();
  for (const m of measurements) {
    const key = [m.prompt_id, m.language, m.family, m.mode].join('|');
    const cluster = clusters.get(key) ?? [];
    cluster.push(predicate(m));
    clusters.set(key, cluster);
  }
  return clusteredWilson([...clusters.values()]);
}

export function visibilityOf(measurements: readonly AnswerMeasurement[]): RateInterval {
  return answerRate(unbranded(measurements), (m) => brandOf(m)?.counted === true);
}

/** Correct = 1, partially correct = 0.5, incorrect or outdated = 0, over every fact claim. */
export function accuracyOf(measurements: readonly AnswerMeasurement[]): RateInterval {
  let credit = 0;
  let claims = 0;
  for (const fact of measurements.flatMap((m) => m.facts)) {
    if (fact.status === 'unknown' || fact.status === 'not_mentioned') continue;
    claims += 1;
    if (fact.status === 'correct') credit += 1;
    if (fact.status === 'partially_correct') credit += 0.5;
  }
  return wilson(credit, claims);
}

/**
 * Mean of (sentiment + 2) / 4 over counted brand mentions the judge rated. The interval treats
 * the sum of the [0, 1] scores as successes: conservative, since a [0, 1] variable with mean p
 * has at most the variance of a proportion p.
 */
export function sentimentOf(measurements: readonly AnswerMeasurement[]): RateInterval {
  const scores = measurements
    .map((m) => brandOf(m)?.sentiment)
    .filter((s): s is number => typeof s === 'number')
    .map((s) => (s + 2) / 4);
  return wilson(
    scores.reduce((sum, s) => sum + s, 0),
    scores.length,
  );
}

export function dimensionsOf(measurements: readonly AnswerMeasurement[]): DimensionIntervals {
  return {
    visibility: visibilityOf(measurements),
    accuracy: accuracyOf(measurements),
    sentiment: sentimentOf(measurements),
  };
}

/** Unrounded 0..100 score, or null when no dimension has evidence. */
export function scoreOf(dimensions: DimensionIntervals): number | null {
  let weighted = 0;
  let weights = 0;
  for (const name of ['visibility', 'accuracy', 'sentiment'] as const) {
    const dimension = dimensions[name];
    if (dimension.n === 0) continue;
    weighted += SCORE_WEIGHTS[name] * dimension.value;
    weights += SCORE_WEIGHTS[name];
  }
  return weights === 0 ? null : (100 * weighted) / weights;
}

export interface EntityShare {
  name: string;
  is_self: boolean;
  mentions: number;
  judge_mentions: number;
}

/**
 * Mention counts behind share of answer, over unbranded answers; a competitor's mention in an
 * answer to a prompt that names that competitor ("alternatives to X") only echoes the prompt and
 * is not counted, just as branded prompts are out of scope for the brand.
 */
export function entityShares(
  profile: CaseProfile,
  measurements: readonly AnswerMeasurement[],
): EntityShare[] {
  // Every tracked entity gets a row, even one no answer named.
  const shares = new Map<string, EntityShare>(
    [profile, ...profile.competitors].map((entity, index) => [
      entity.name,
      { name: entity.name, is_self: index === 0, mentions: 0, judge_mentions: 0 },
    ]),
  );
  for (const m of unbranded(measurements)) {
    for (const entity of m.entities) {
      const share = shares.get(entity.name);
      if (share === undefined || entity.in_prompt) continue;
      if (entity.detected) share.mentions += 1;
      if (entity.counted) share.judge_mentions += 1;
    }
  }
  return [...shares.values()];
}

/**
 * Rounds fractions that sum to 1 to `decimals` places so that the rounded values still sum to
 * exactly 1 (largest remainder). Fractions that sum to 0 stay 0.
 */
export function roundShares(fractions: readonly number[], decimals = 4): number[] {
  const scale = 10 ** decimals;
  const total = fractions.reduce((sum, f) => sum + f, 0);
  if (total <= 0) return fractions.map(() => 0);
  const scaled = fractions.map((f) => (f / total) * scale);
  const floors = scaled.map(Math.floor);
  let missing = scale - floors.reduce((sum, f) => sum + f, 0);
  const order = scaled
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of order) {
    if (missing <= 0) break;
    floors[index] = (floors[index] ?? 0) + 1;
    missing -= 1;
  }
  return floors.map((f) => f / scale);
}
