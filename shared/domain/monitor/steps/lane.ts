/**
 * A lane: one of the N parallel workers of a family (N = its concurrency, the Map's
 * MaxConcurrency). Lane l of N takes the items whose index is l modulo N, in order. A lane task
 * works through its items until its time budget is used, then hands back to the state machine
 * (`continue`); a failed call ends the task with `retry` and the delay to wait, so waiting costs
 * no Lambda time and the workflow's history stays small (docs/monitor.md "Workflow").
 */

import type { RetrySettings } from '#shared/domain/monitor/config';
import { ProviderError } from '#shared/domain/monitor/provider-port';
import { decideFailure } from '#shared/domain/monitor/retry';

export type LaneStatus = 'done' | 'continue' | 'retry' | 'gave_up';

export interface LaneResult {
  status: LaneStatus;
  /** For `retry`: whole seconds the Wait state sleeps before the next task. */
  wait_seconds: number;
  /** Failed tries of the current call; the next task receives it back. */
  attempt: number;
}

export const LANE_DONE: LaneResult = { status: 'done', wait_seconds: 0, attempt: 0 };

export function laneShare<T>(items: readonly T[], lane: number, lanes: number): T[] {
  return items.filter((_, index) => index % lanes === lane);
}

export function laneRange(lanes: number): number[] {
  return Array.from({ length: lanes }, (_, index) => index);
}

export interface LaneWork<T> {
  pending: readonly T[];
  attempt: number;
  budgetMs: number;
  retry: RetrySettings;
  /** Calls the provider and records the answer; throws a ProviderError when the call fails. */
  work(item: T): Promise<void>;
  /** Records that this item cannot be answered (rejected for its content). */
  skip(item: T, reason: string): Promise<void>;
  /** The family (or judge) stays down: record it so the other lanes stop too. */
  giveUp(reason: string): Promise<void>;
  clock?: () => number;
  random?: () => number;
}

export async function runLane<T>(lane: LaneWork<T>): Promise<LaneResult> {
  const clock = lane.clock ?? Date.now;
  const started = clock();
  let attempt = lane.attempt;
  let processed = 0;
  for (const item of lane.pending) {
    // Always make progress: the budget is checked from the second item on.
    if (processed > 0 && clock() - started >= lane.budgetMs) {
      return { status: 'continue', wait_seconds: 0, attempt };
    }
    processed += 1;
    try {
      await lane.work(item);
      attempt = 0;
    } catch (error) {
      // Store and programming errors fail the task: its Retry and Catch deal with them.
      if (!(error instanceof ProviderError)) throw error;
      const decision = decideFailure(
        error,
        attempt + 1,
        lane.retry,
        (lane.random ?? Math.random)(),
      );
      if (decision.kind === 'retry') {
        return { status: 'retry', wait_seconds: decision.waitSeconds, attempt: attempt + 1 };
      }
      if (decision.kind === 'skip_cell') {
        await lane.skip(item, decision.reason);
        attempt = 0;
        continue;
      }
      await lane.giveUp(decision.reason);
      return { status: 'gave_up', wait_seconds: 0, attempt: attempt + 1 };
    }
  }
  return LANE_DONE;
}
