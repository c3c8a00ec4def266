/**
 * Interval estimates for the rates a summary reports (docs/monitor.md, "Method", Intervals).
 * Wilson score intervals behave at 0 and 1 and with small n, where the normal approximation does
 * not.
 */

/** The two-sided 95% normal quantile. */
export const Z_95 = 1.959963984540054;

export interface RateInterval {
  /** The point estimate, successes / n (0 when n is 0). */
  value: number;
  lower: number;
  upper: number;
  /** Successes; may be fractional for weighted rates (partial credit, mean scores). */
  successes: number;
  /** Observations behind the rate. */
  n: number;
  /**
   * The sample size the interval was computed with: `n` divided by the design effect of
   * repeated prompts (equal to `n` for rates without clustering).
   */
  n_effective: number;
}

/**
 * Wilson score interval for `successes` out of `n`, optionally computed with an effective
 * sample size smaller than `n`. With n = 0 nothing is known: value 0, interval [0, 1].
 */
export function wilson(successes: number, n: number, nEffective = n): RateInterval {
  if (n <= 0 || nEffective <= 0) {
    return { value: 0, lower: 0, upper: 1, successes: 0, n: 0, n_effective: 0 };
  }
  const p = Math.min(1, Math.max(0, successes / n));
  const z2 = Z_95 * Z_95;
  const m = nEffective;
  const centre = (p + z2 / (2 * m)) / (1 + z2 / m);
  const half = (Z_95 / (1 + z2 / m)) * Math.sqrt((p * (1 - p)) / m + z2 / (4 * m * m));
  return {
    value: p,
    lower: clamp01(centre - half),
    upper: clamp01(centre + half),
    successes,
    n,
    n_effective: m,
  };
}

/**
 * Wilson interval for a proportion observed in clusters (one cluster = the repeats of one
 * prompt cell), widened by the design effect 1 + (m - 1) * ICC. Repeats of one prompt are
 * correlated, so the effective sample size lies between the number of prompts and the number
 * of answers. ICC is the one-way ANOVA estimator, clamped to [0, 1].
 */
export function clusteredWilson(clusters: readonly (readonly boolean[])[]): RateInterval {
  const groups = clusters.filter((cluster) => cluster.length > 0);
  const n = groups.reduce((sum, cluster) => sum + cluster.length, 0);
  const successes = groups.reduce((sum, cluster) => sum + cluster.filter(Boolean).length, 0);
  const deff = designEffect(groups, n, successes);
  return wilson(successes, n, n / deff);
}

function designEffect(groups: readonly (readonly boolean[])[], n: number, successes: number) {
  const k = groups.length;
  if (k < 2 || n - k < 1) return 1;
  const p = successes / n;
  let between = 0;
  let within = 0;
  let squares = 0;
  for (const group of groups) {
    const size = group.length;
    const pi = group.filter(Boolean).length / size;
    between += size * (pi - p) ** 2;
    within += size * pi * (1 - pi);
    squares += size * size;
  }
  const msb = between / (k - 1);
  const msw = within / (n - k);
  const n0 = (n - squares / n) / (k - 1);
  const denominator = msb + (n0 - 1) * msw;
  if (denominator <= 0) return 1;
  const icc = clamp01((msb - msw) / denominator);
  return 1 + (n / k - 1) * icc;
}

export interface DifferenceInterval {
  /** current - previous */
  difference: number;
  lower: number;
  upper: number;
  /** The interval covers 0: the change cannot be told apart from sampling noise. */
  within_noise: boolean;
}

/**
 * Newcombe's hybrid score interval for the difference of two independent proportions, built
 * from each one's (possibly design-effect widened) Wilson interval.
 */
export function newcombeDifference(current: RateInterval, previous: RateInterval) {
  const difference = current.value - previous.value;
  const lower =
    difference -
    Math.sqrt((current.value - current.lower) ** 2 + (previous.upper - previous.value) ** 2);
  const upper =
    difference +
    Math.sqrt((current.upper - current.value) ** 2 + (previous.value - previous.lower) ** 2);
  return {
    difference,
    lower: Math.max(-1, lower),
    upper: Math.min(1, upper),
    within_noise: lower <= 0 && upper >= 0,
  } satisfies DifferenceInterval;
}

/** Rounds for storage and display without drifting totals (4 decimals is well below noise). */
export function round4(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}

export function roundInterval(interval: RateInterval): RateInterval {
  return {
    value: round4(interval.value),
    lower: round4(interval.lower),
    upper: round4(interval.upper),
    successes: round4(interval.successes),
    n: interval.n,
    n_effective: round4(interval.n_effective),
  };
}

function clamp01(value: number): number {
  return Math.min(1, Math.max(0, value));
}
