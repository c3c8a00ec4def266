/**
 * The change against the preceding finished run of the same case (docs/monitor.md, "Method",
 * Delta). Differences are current minus previous. `comparable` says whether the two runs measured
 * the same thing: the same prompts (prompt set version, which hashes them), the same competitors
 * (share of answer is a share among the tracked names), the same model families (the total is
 * their mean) and the same score version; `differences` lists what differs, in words too. The
 * numbers are reported either way, because a user who edits a case still wants to see where the
 * score went, but only comparable deltas should be read as a trend. Without a previous run every
 * difference is 0, `previous_run_id` is null and `comparable` false.
 */
import type { ProviderFamily } from '#shared/domain/monitor/provider-port';
import { newcombeDifference, type RateInterval, round4 } from './statistics.ts';
import type { RunSummary, SummaryDelta } from './summary-schema.ts';

type ShareOfAnswerEntry = RunSummary['share_of_answer'][number];

/** What a stored summary of any earlier version offers; only the contract's fields are certain. */
export type PreviousSummary = Pick<RunSummary, 'total_score' | 'per_model'> &
  Partial<
    Pick<
      RunSummary,
      'dimensions' | 'score_version' | 'prompt_set_version' | 'served_models' | 'share_of_answer'
    > & {
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
  share_of_answer: readonly ShareOfAnswerEntry[];
}

export function computeDelta(current: CurrentScores, previous?: PreviousRun): SummaryDelta {
  if (previous === undefined) {
    return {
      total_score: 0,
      per_model: {},
      previous_run_id: null,
      comparable: false,
      differences: [],
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
  const differences = differencesOf(current, before);
  return {
    total_score: current.total_score - before.total_score,
    per_model: perModel,
    previous_run_id: previous.run_id,
    comparable: differences.length === 0,
    differences,
    share_of_answer: shareChanges(current.share_of_answer, before.share_of_answer ?? []),
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

type Difference = NonNullable<SummaryDelta['differences']>[number];

/** What the two runs measured differently, each with what was added and removed. */
function differencesOf(current: CurrentScores, before: PreviousSummary): Difference[] {
  const out: Difference[] = [];
  if (before.prompt_set_version !== current.prompt_set_version) {
    out.push({
      what: 'prompts',
      added: [],
      removed: [],
      text:
        before.prompt_set_version === undefined
          ? 'The earlier run did not record its prompt set.'
          : `Other prompts were asked (prompt set ${before.prompt_set_version}, now ${current.prompt_set_version}).`,
    });
  }
  const rivals = (entries: readonly ShareOfAnswerEntry[]) =>
    entries.filter((entry) => !entry.is_self).map((entry) => entry.name);
  // A summary without share of answer says nothing about its competitors.
  const competitors =
    before.share_of_answer &&
    setChange(rivals(before.share_of_answer), rivals(current.share_of_answer));
  if (competitors) {
    out.push({ what: 'competitors', ...competitors, text: changeText('Competitors', competitors) });
  }
  const families = setChange(Object.keys(before.per_model), Object.keys(current.per_model));
  if (families) {
    out.push({ what: 'families', ...families, text: changeText('Model families', families) });
  }
  if (before.score_version !== current.score_version) {
    out.push({
      what: 'score_version',
      added: [],
      removed: [],
      text: `The score was computed another way (version ${before.score_version ?? 'unknown'}, now ${current.score_version}).`,
    });
  }
  return out;
}

/** Names added and removed, ignoring case; undefined when both lists hold the same names. */
function setChange(
  before: readonly string[],
  after: readonly string[],
): { added: string[]; removed: string[] } | undefined {
  const fold = (name: string) => name.normalize('NFKC').toLowerCase();
  const had = new Set(before.map(fold));
  const has = new Set(after.map(fold));
  const added = after.filter((name) => !had.has(fold(name)));
  const removed = before.filter((name) => !has.has(fold(name)));
  return added.length + removed.length === 0 ? undefined : { added, removed };
}

function changeText(what: string, change: { added: string[]; removed: string[] }): string {
  const parts = [
    change.added.length > 0 ? `added ${change.added.join(', ')}` : '',
    change.removed.length > 0 ? `removed ${change.removed.join(', ')}` : '',
  ].filter(Boolean);
  return `${what} changed: ${parts.join('; ')}.`;
}

/** Current minus previous share of answer, for the names tracked in both runs. */
function shareChanges(
  current: readonly ShareOfAnswerEntry[],
  before: readonly ShareOfAnswerEntry[],
): Record<string, number> {
  const earlier = new Map(
    before.map((entry) => [entry.name.normalize('NFKC').toLowerCase(), entry]),
  );
  const out: Record<string, number> = {};
  for (const entry of current) {
    const old = earlier.get(entry.name.normalize('NFKC').toLowerCase());
    if (old) out[entry.name] = round4(entry.share - old.share);
  }
  return out;
}
