/**
 * How far a run that is under way has got (docs/dashboard.md "Case pages"): the answers asked
 * so far (an answer or a recorded failure) of those the plan asks for, and the judge replies so
 * far, from the run's own cells; read only while a run is queued or running.
 */
import type { RunDataStore, StoredRun } from './ports.ts';
import { ASK_MODES, PROVIDER_FAMILIES } from './provider-port.ts';
import { runRefOf } from './run-ref.ts';

export interface RunProgress {
  /** queued; asking the models; judging the answers; summarising once every answer is judged. */
  phase: 'queued' | 'asking' | 'judging' | 'summarising';
  /** Answers asked so far (an answer or a recorded failure). */
  asked: number;
  /**
   * Answers the plan asks for ((cells + canaries) x families x modes); null before the plan is
   * made.
   */
  planned: number | null;
  /** Judge replies so far. */
  judged: number;
  /** Of the planned answers, those to the canary prompts (the service's control questions). */
  canaries: number;
}

async function countCells(
  read: (family: (typeof PROVIDER_FAMILIES)[number]) => Promise<Set<string>>,
): Promise<number> {
  const sets = await Promise.all(PROVIDER_FAMILIES.map(read));
  return sets.reduce((sum, cells) => sum + cells.size, 0);
}

export async function runProgress(
  run: StoredRun,
  data: Pick<RunDataStore, 'answeredCells' | 'judgedCells'>,
): Promise<RunProgress> {
  // The canaries are asked and judged in the same cells' stores: they count as planned too.
  const perCell = PROVIDER_FAMILIES.length * ASK_MODES.length;
  const canaries = (run.plan?.canaries ?? 0) * perCell;
  const planned = run.plan ? run.plan.cells * perCell + canaries : null;
  if (run.status === 'queued' || !run.plan) {
    return { phase: 'queued', asked: 0, planned, judged: 0, canaries };
  }
  const ref = runRefOf(run);
  const [asked, judged] = await Promise.all([
    countCells((family) => data.answeredCells(ref, family)),
    countCells((family) => data.judgedCells(ref, family)),
  ]);
  const phase =
    planned !== null && asked < planned ? 'asking' : judged < asked ? 'judging' : 'summarising';
  return { phase, asked, planned, judged, canaries };
}
