/**
 * A finished run's answer index (docs/decisions.md "The answers page"): every answer's facets
 * (`answer-filters.ts`), built from the same views the list shows, stored once by AggregateRun.
 * A reader filters and pages the index, then reads and measures only the answers of its page,
 * instead of reading and measuring the whole run on every page. A run finished before indexes
 * existed has none: the reader then measures the run itself, with the same result.
 */
import { answerFacets } from './answer-filters.ts';
import { answerView } from './answer-view.ts';
import { isCanary } from './engine/canaries.ts';
import type { CaseProfile } from './engine/index.ts';
import {
  type AnswerIndex,
  type CellKey,
  cellKeyString,
  type IndexedAnswer,
  type RunData,
  type RunDataStore,
  type StoredRun,
} from './ports.ts';
import { runRefOf } from './run-ref.ts';
import type { AnswerView } from './run-schemas.ts';

const byId = <T extends { id: string }>(a: T, b: T) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Every `ok` answer of the data about the case as its view, in id order. */
export function answerViewsOf(
  profile: CaseProfile,
  data: Pick<RunData, 'answers' | 'judgements'>,
): AnswerView[] {
  const judgements = new Map(data.judgements.map((j) => [cellKeyString(j.key), j]));
  const views: AnswerView[] = [];
  for (const answer of data.answers) {
    // The canaries are the service's control questions, not answers about the case.
    if (answer.status !== 'ok' || isCanary(answer.key.cell_id)) continue;
    views.push(answerView(profile, answer, judgements.get(cellKeyString(answer.key))));
  }
  return views.sort(byId);
}

/** The index of these views: their facets and cells, and each prompt's text. */
export function indexOfViews(views: readonly AnswerView[]): AnswerIndex {
  const prompts: Record<string, string> = {};
  const entries = views.map((view) => {
    prompts[view.prompt_id] ??= view.prompt;
    const cell_id = view.id.split('.').slice(2).join('.');
    return { ...answerFacets(view), cell_id };
  });
  return { entries, prompts };
}

/** The run's answers as the list reads them: the index, and the views of chosen entries. */
export interface RunAnswers {
  run: StoredRun;
  index: AnswerIndex;
  /** The views of these entries, in their order. */
  views(entries: readonly IndexedAnswer[]): Promise<AnswerView[]>;
}

function cellOf(entry: IndexedAnswer): CellKey {
  return { family: entry.family, mode: entry.mode, cell_id: entry.cell_id };
}

/**
 * Opens a run's answers: its stored index, whose entries' answers are read by key when asked
 * for; or, for a run without one, every answer measured here (once) and kept for the views.
 */
export async function openAnswers(
  run: StoredRun,
  data: Pick<RunDataStore, 'loadAnswerIndex' | 'loadCells' | 'loadRunData'>,
): Promise<RunAnswers> {
  const ref = runRefOf(run);
  const index = await data.loadAnswerIndex(ref);
  if (index) {
    return {
      run,
      index,
      async views(entries) {
        const cells = await data.loadCells(ref, entries.map(cellOf));
        const views = new Map(answerViewsOf(run.profile, cells).map((view) => [view.id, view]));
        return entries.flatMap((entry) => views.get(entry.id) ?? []);
      },
    };
  }
  const all = answerViewsOf(run.profile, await data.loadRunData(ref));
  const byEntry = new Map(all.map((view) => [view.id, view]));
  return {
    run,
    index: indexOfViews(all),
    views: async (entries) => entries.flatMap((entry) => byEntry.get(entry.id) ?? []),
  };
}
