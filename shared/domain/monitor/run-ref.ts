/**
 * Where a case and a run live: the owner's id, the case id and the run id, carried together
 * instead of as three loose strings. The ids are lower-case UUIDs: the request schemas and the
 * workflow steps' input schema normalise them where they enter, so nothing after that changes
 * them. A `RunRef` is also the monitor-run workflow's execution input and the base of every
 * step's input (state-machines/monitor-run.asl.json), so a step's input is the reference itself.
 */
/** A case of an owner: its lock, its monthly markers, its runs. A `RunRef` is one too. */
export interface CaseRef {
  owner_id: string;
  case_id: string;
}

/** One run of a case. */
export interface RunRef extends CaseRef {
  run_id: string;
}

export function caseRefOf(stored: { id: string; owner_id: string }): CaseRef {
  return { owner_id: stored.owner_id, case_id: stored.id };
}

export function runRefOf(run: { id: string; case_id: string; owner_id: string }): RunRef {
  return { owner_id: run.owner_id, case_id: run.case_id, run_id: run.id };
}

/** A run of this case: the case's reference and the run's id. */
export function runOfCase(stored: { id: string; owner_id: string }, runId: string): RunRef {
  return { ...caseRefOf(stored), run_id: runId };
}
