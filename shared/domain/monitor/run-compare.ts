/**
 * Two finished runs of one case side by side (docs/dashboard.md "Case pages"): the delta the
 * summary carries against the run before (docs/monitor.md "Method", Delta), computed between any
 * two runs by the same engine function, with the families whose served models differ (docs/monitor.md
 * "The summary", `delta.model_changes`), so a model upgrade is not read as the brand's progress.
 */
import { computeDelta } from './engine/delta.ts';
import { modelChanges } from './engine/insights.ts';
import type { RunSummary, SummaryDelta } from './engine/summary-schema.ts';

/** `current` minus `previous`, as `summary.delta` would say if `previous` were the run before. */
export function compareSummaries(
  current: RunSummary,
  previous: { run_id: string; summary: RunSummary },
): SummaryDelta {
  const delta = computeDelta(
    {
      total_score: current.total_score,
      per_model: current.per_model,
      dimensions: current.dimensions,
      visibility: current.intervals.dimensions.visibility,
      score_version: current.score_version,
      prompt_set_version: current.prompt_set_version,
      share_of_answer: current.share_of_answer,
    },
    previous,
  );
  return {
    ...delta,
    model_changes: current.served_models
      ? modelChanges(current.served_models, previous.summary.served_models)
      : [],
  };
}
