/**
 * `summary.methodology` (docs/monitor.md "Methodology"; the public explanation is /docs#monitor-method):
 * how this run's numbers were sampled and how small a change against another run of the same size
 * could be told from noise. Computed from the run's own counts.
 *
 * Minimum detectable effect of a rate p measured on n_eff effective observations in each of two
 * runs, two-sided at 95 % with 80 % power: (1.96 + 0.84) x sqrt(2 p (1 - p) / n_eff). p is the
 * centre of the rate's Wilson interval, never exactly 0 or 1, so a rate that happened to be 0
 * still gets an honest, non-zero figure. No evidence at all (n_eff 0) gives 1: nothing can be told.
 */
import { PROVIDER_FAMILIES, type ProviderFamily } from '#shared/domain/monitor/provider-port';
import type { Methodology } from './loop-schema.ts';
import { type RateInterval, round4, Z_95 } from './statistics.ts';
import type { AnswerMeasurement } from './types.ts';

export const METHOD_VERSION = 'method-v1';
/** The one-sided normal quantile of 80 % power. */
const Z_POWER_80 = 0.8416212335729143;

export interface MethodologyInput {
  measurements: readonly AnswerMeasurement[];
  repeats: number;
  /** The run's visibility (the brand's mention rate over unbranded answers), as summarised. */
  mentionRate: RateInterval;
  /** The brand's share of answer (its mentions over all tracked mentions). */
  shareOfAnswer: RateInterval;
}

export function methodologyOf(input: MethodologyInput): Methodology {
  const perFamily: Partial<Record<ProviderFamily, number>> = {};
  for (const m of input.measurements) perFamily[m.family] = (perFamily[m.family] ?? 0) + 1;
  return {
    version: METHOD_VERSION,
    interval: 'wilson',
    confidence: 0.95,
    repeats: input.repeats,
    families: PROVIDER_FAMILIES.filter((family) => perFamily[family] !== undefined),
    sample_sizes: { answers: input.measurements.length, per_family: perFamily },
    minimum_detectable_effect: {
      share_of_answer: minimumDetectableEffect(input.shareOfAnswer),
      mention_rate: minimumDetectableEffect(input.mentionRate),
    },
  };
}

/** The smallest difference between two runs of this rate's size that the test would find. */
export function minimumDetectableEffect(rate: Pick<RateInterval, 'value' | 'n_effective'>): number {
  const n = rate.n_effective;
  if (n <= 0) return 1;
  const z2 = Z_95 * Z_95;
  const centre = (rate.value + z2 / (2 * n)) / (1 + z2 / n);
  const effect = (Z_95 + Z_POWER_80) * Math.sqrt((2 * centre * (1 - centre)) / n);
  return round4(Math.min(1, effect));
}
