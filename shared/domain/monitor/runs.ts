/**
 * Starting a run, for a person (`POST .../runs`) and for the monthly schedule alike: take the
 * case's lock, record the run with a snapshot of the case, start its workflow. Resuming the
 * runs the store says are unfinished (the local stack, after a restart) lives here too.
 */

import type { AuditEvent } from '#shared/domain/audit/events';
import type { Clock } from '#shared/domain/kernel/clock';
import { ConflictError } from '#shared/domain/kernel/errors';
import type { Logger } from '#shared/domain/kernel/logger';
import { executionNameFor, type WorkflowStarter } from '#shared/domain/kernel/workflow-port';
import { runIdAt } from './ids.ts';
import type { RunsStore, StoredCase, StoredRun } from './ports.ts';
import { toCaseProfile } from './profile.ts';
import { type RunRef, runOfCase, runRefOf } from './run-ref.ts';
import type { RunKind } from './schemas.ts';

export interface RunStarterDeps {
  runs: RunsStore;
  workflows: WorkflowStarter;
  /** Lease of the pending-run lock (MONITOR_RUN_LEASE_SECONDS). */
  leaseSeconds: number;
  logger: Logger;
  clock: Clock;
  newRunId?: (at: Date) => string;
}

export interface RunRequest {
  kind: RunKind;
  label: string;
  /**
   * The `run.started` event of a run someone started (written with the run); the schedule's
   * monthly runs are the service's own doing and have none.
   */
  audit?: (runId: string) => AuditEvent;
  /** `YYYY-MM` for a monthly run: claimed once per case, so a repeated trigger adds nothing. */
  period?: string;
}

/** The period of a monthly run was claimed before (the schedule fired twice, or ran by hand). */
export class PeriodClaimedError extends Error {
  override readonly name = 'PeriodClaimedError';
}

export function runPendingError(): ConflictError {
  return new ConflictError(
    'run_pending',
    'A run of this case is already queued or in progress; it is not started twice. ' +
      'Start another once it has finished.',
  );
}

/**
 * Starts the run's monitor-run execution. Its input is the run's reference (ids only, everything
 * else is in the store); the execution is named after the run, so a second start is refused.
 */
export function startRunExecution(
  workflows: WorkflowStarter,
  run: RunRef,
): Promise<{ started: boolean }> {
  const input: RunRef = { run_id: run.run_id, case_id: run.case_id, owner_id: run.owner_id };
  return workflows.start('monitor-run', executionNameFor('monitor', run.run_id), input);
}

export async function startRun(
  stored: StoredCase,
  request: RunRequest,
  deps: RunStarterDeps,
): Promise<StoredRun> {
  const now = deps.clock.now();
  const ref = runOfCase(stored, (deps.newRunId ?? runIdAt)(now));
  const lock = await deps.runs.acquireLock(ref, { now, seconds: deps.leaseSeconds });
  if (!lock.acquired) throw runPendingError();
  let claimed = false;
  let audit: AuditEvent | undefined;
  try {
    if (lock.tookOverRunId) {
      await abandon(runOfCase(stored, lock.tookOverRunId), now, deps.runs);
    }
    if (request.period !== undefined) {
      claimed = await deps.runs.claimPeriod(ref, request.period);
      if (!claimed) throw new PeriodClaimedError(`${request.period} is already scheduled`);
    }
    const run = newRun(stored, ref.run_id, request, now);
    audit = request.audit?.(run.id);
    await deps.runs.createRun(run, audit);
    await startRunExecution(deps.workflows, ref);
    return run;
  } catch (error) {
    // Nothing half-done stays behind: no run without a workflow, no lock without a run.
    await deps.runs.deleteRun(ref, audit).catch(() => undefined);
    if (claimed && request.period !== undefined) {
      await deps.runs.releasePeriod(ref, request.period).catch(() => undefined);
    }
    await deps.runs.releaseLock(ref).catch((releaseError) => {
      deps.logger.error('monitor run lock not released', {
        run_id: ref.run_id,
        error: releaseError,
      });
    });
    throw error;
  }
}

function newRun(stored: StoredCase, runId: string, request: RunRequest, now: Date): StoredRun {
  const at = now.toISOString();
  return {
    id: runId,
    case_id: stored.id,
    owner_id: stored.owner_id,
    kind: request.kind,
    label: request.label,
    period: request.period ?? null,
    status: 'queued',
    scheduled_for: at,
    created_at: at,
    started_at: null,
    finished_at: null,
    total_score: null,
    delta: null,
    error: null,
    profile: toCaseProfile(stored),
    plan: null,
    excluded_models: [],
  };
}

/** A run whose lease ran out without it ending (its execution timed out or was aborted). */
async function abandon(run: RunRef, now: Date, runs: RunsStore) {
  // The run's own record says what happened (no log line: the operator CLI prints JSON only).
  await runs.finishRun(run, {
    status: 'failed',
    finished_at: now.toISOString(),
    error: 'The run did not end within its lease (its workflow timed out or was stopped).',
  });
}

/**
 * Starts again every run without an end state (the local engine keeps executions in memory;
 * on AWS standard workflows survive on their own). A run whose lock another run holds now is
 * failed instead. `queuedBefore` limits this to runs still queued since before that time (the
 * local stack's poll for runs queued by the operator CLI).
 */
export async function resumeOpenRuns(
  deps: RunStarterDeps,
  options: { queuedBefore?: Date } = {},
): Promise<string[]> {
  const now = deps.clock.now();
  const resumed: string[] = [];
  for (const run of await deps.runs.listOpenRuns()) {
    if (options.queuedBefore) {
      if (run.status !== 'queued' || Date.parse(run.created_at) > options.queuedBefore.getTime()) {
        continue;
      }
    }
    const ref = runRefOf(run);
    const held = await deps.runs.renewLock(ref, { now, seconds: deps.leaseSeconds });
    if (!held) {
      await deps.runs.finishRun(ref, {
        status: 'failed',
        finished_at: now.toISOString(),
        error: 'Another run of this case took over before this one could resume.',
      });
      continue;
    }
    const { started } = await startRunExecution(deps.workflows, ref);
    if (started) resumed.push(run.id);
  }
  return resumed;
}
