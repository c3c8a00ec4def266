/**
 * The change against the preceding finished run of the same case (docs/monitor.md, "Method",
 * Delta). Differences are current minus previous. `comparable` says whether both runs asked the
 * same prompts (prompt set version, which hashes the prompts) and scored them the same way (score
 * version); the numbers are reported either way, because a user who edits a case still wants
 * to see where the score went, but only comparable deltas should be read as a trend.
 * Without a previous run every difference is 0, `previous_run_id` is null and `comparable`
 * false.
 */
import type { ProviderFamily } from '#shared/domain/monitor/provider-port';
import { newcombeDifference, type RateInterval, round4 } from './statistics.ts';
import type { RunSummary, SummaryDelta } from './summary-schema.ts';

/** What a stored summary of any earlier version offers; only the contract's fields are certain. */
export type PreviousSummary = Pick<RunSummary, 'total_score' | 'per_model'> &
  Partial<
    Pick<RunSummary, 'dimensions' | 'score_version' | 'prompt_set_version' | 'served_models'> & {
      intervals: { dimensions?: { visibility?: RateInterval } };
    }
  >;

export interface PreviousRun {
  run_id: string;
  summary: PreviousSummary;
}

export interface CurrentScores {
  total_score: number;
  per_model: Partial<Record<ProviderFamily, number>>;
  dimensions: RunSummary['dimensions'];
  visibility: RateInterval;
  score_version: number;
  prompt_set_version: string;
}

export function computeDelta(current: CurrentScores, previous?: PreviousRun): SummaryDelta {
  if (previous === undefined) {
    return {
      total_score: 0,
      per_model: {},
      previous_run_id: null,
      comparable: false,
      dimensions: null,
      visibility_change: null,
    };
  }
  const before = previous.summary;
  const perModel: Partial<Record<ProviderFamily, number>> = {};
  for (const [family, score] of Object.entries(current.per_model) as [ProviderFamily, number][]) {
    const old = before.per_model[family];
    if (typeof old === 'number') perModel[family] = score - old;
  }
  const visibilityBefore = before.intervals?.dimensions?.visibility;
  const change =
    visibilityBefore === undefined
      ? null
      : newcombeDifference(current.visibility, visibilityBefore);
  return {
    total_score: current.total_score - before.total_score,
    per_model: perModel,
    previous_run_id: previous.run_id,
    comparable:
      before.score_version === current.score_version &&
      before.prompt_set_version === current.prompt_set_version,
    dimensions: before.dimensions
      ? {
          visibility: round4(current.dimensions.visibility - before.dimensions.visibility),
          accuracy: round4(current.dimensions.accuracy - before.dimensions.accuracy),
          sentiment: round4(current.dimensions.sentiment - before.dimensions.sentiment),
        }
      : null,
    visibility_change: change && {
      difference: round4(change.difference),
      lower: round4(change.lower),
      upper: round4(change.upper),
      within_noise: change.within_noise,
    },
  };
}
