/**
 * A case's finished runs as the rules read them (evaluate.ts `RunFacts`): each run's summary and,
 * where a rule needs them, its answers' facets. Shared by the firing after a run (one run and the
 * one before) and the preview over the past runs.
 */
import type { RunDataStore, RunsStore, StoredRun } from '#shared/domain/monitor/ports';
import { type CaseRef, runRefOf } from '#shared/domain/monitor/run-ref';
import type { RunFacts } from './evaluation-types.ts';

export interface HistoryDeps {
  runs: Pick<RunsStore, 'getRun' | 'getSummary' | 'listRuns'>;
  answers: Pick<RunDataStore, 'loadAnswerIndex'>;
}

/** Runs the preview looks back over (two years of monthly runs). */
export const PREVIEW_RUNS = 24;

/** One finished run's facts; undefined when it has no stored summary. */
export async function factsOf(
  run: Pick<StoredRun, 'id' | 'case_id' | 'owner_id' | 'label'>,
  deps: HistoryDeps,
  withAnswers: boolean,
): Promise<RunFacts | undefined> {
  const ref = runRefOf(run);
  const [stored, index] = await Promise.all([
    deps.runs.getSummary(ref),
    withAnswers ? deps.answers.loadAnswerIndex(ref) : Promise.resolve(undefined),
  ]);
  if (!stored) return undefined;
  return {
    run_id: run.id,
    label: run.label,
    finished_at: stored.finished_at,
    summary: stored.summary,
    answers: index?.entries,
  };
}

/** The case's latest finished runs (at most `limit`), oldest first. */
export async function finishedRuns(
  ref: CaseRef,
  deps: HistoryDeps,
  options: { limit: number; withAnswers: boolean },
): Promise<RunFacts[]> {
  const listed = await deps.runs.listRuns(ref, 100);
  // One more than asked: the oldest run shown needs the one before it to compare with.
  const done = listed.filter((run) => run.status === 'done').slice(0, options.limit + 1);
  const facts = await Promise.all(done.map((run) => factsOf(run, deps, options.withAnswers)));
  return facts.filter((fact): fact is RunFacts => fact !== undefined).reverse();
}
