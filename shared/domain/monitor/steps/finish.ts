/**
 * The steps that end a run. AggregateRun measures every counted answer, summarises, stores the
 * answer index (docs/decisions.md "The answers page") and the summary once, marks the run done, records it on the case, releases the lock and emits
 * `run.completed` (and `score.changed`). MarkRunFailed is where every Catch of the state machine
 * leads: the run is `failed`, the lock released, `run.completed` emitted with that status.
 * Each write is conditional and the summary is computed from stored data only, so a retried step
 * ends in the same state and publishes the same events (same ids).
 */
import type { DomainEvent } from '#shared/domain/events/types';
import { nowIso } from '#shared/domain/kernel/clock';
import { UnavailableError } from '#shared/domain/kernel/errors';
import { answerViewsOf, indexOfViews } from '#shared/domain/monitor/answer-index';
import { isCanary } from '#shared/domain/monitor/engine/canaries';
import {
  type AnswerMeasurement,
  type CaseProfile,
  type RunSummary,
  summariseRun,
} from '#shared/domain/monitor/engine/index';
import { eventChanges, runCompletedEvent, scoreChangedEvent } from '#shared/domain/monitor/events';
import type { RunData, StoredRun, StoredSummary } from '#shared/domain/monitor/ports';
import { PROVIDER_FAMILIES, type ProviderFamily } from '#shared/domain/monitor/provider-port';
import { type RunRef, runRefOf } from '#shared/domain/monitor/run-ref';
import {
  type FailedStepInput,
  type LaneFailedInput,
  loadRun,
  type MonitorStepDeps,
  type RunStepInput,
} from './context.ts';
import { closeLoop } from './loop.ts';
import { measureAll } from './measure-answers.ts';

export async function aggregateRun(
  input: RunStepInput,
  deps: MonitorStepDeps,
): Promise<{ status: 'done' | 'failed'; total_score: number | null }> {
  const run = await loadRun(input, deps);
  if (run.status === 'failed') return { status: 'failed', total_score: null };
  const stored =
    run.status === 'done' ? await deps.runs.getSummary(input) : await summarise(input, run, deps);
  if (!stored)
    return failRun(input, run, 'No model family answered: every one stayed unavailable.', deps);
  const { summary, finished_at } = stored;
  const finished = await deps.runs.finishRun(input, {
    status: 'done',
    finished_at,
    total_score: summary.total_score,
    delta: summary.delta.total_score,
    excluded_models: summary.sources_meta.excluded_models ?? [],
  });
  if (finished) deps.metrics?.count('RunCompleted');
  await deps.cases.recordLatestRun(input, { score: summary.total_score, finished_at });
  await deps.runs.releaseLock(input);
  await publish(doneEvents(run, stored, deps.clock.now()), deps);
  return { status: 'done', total_score: summary.total_score };
}

/**
 * The run's summary, computed once with its canaries, evidence and changes (loop.ts); undefined
 * when no family's answers count.
 */
async function summarise(
  ref: RunRef,
  run: StoredRun,
  deps: MonitorStepDeps,
): Promise<StoredSummary | undefined> {
  const data = await deps.data.loadRunData(ref);
  const counted = countedFamilies(data);
  if (counted.length === 0) return undefined;
  const previous = await deps.runs.findPrecedingDoneRun(ref);
  const previousSummary = previous ? await deps.runs.getSummary(runRefOf(previous)) : undefined;
  const measured = measurements(run.profile, data, counted);
  const summarised = summariseRun({
    profile: run.profile,
    measurements: measured,
    excludedModels: PROVIDER_FAMILIES.filter((family) => !counted.includes(family)),
    promptSetVersion: run.plan?.prompt_set_version ?? 'unknown',
    prices: deps.config.prices,
    repeats: run.plan?.repeats,
    previous: previousSummary && {
      run_id: previousSummary.run_id,
      summary: previousSummary.summary,
    },
  });
  const readiness = await readinessOf(ref, deps);
  const withGaps = readiness ? { ...summarised, readiness_gaps: readiness } : summarised;
  const loop = await closeLoop(ref, run, data, counted, withGaps, measured, deps);
  // Before the summary: a run that reads as done always has its answer index (a retry stores
  // the same index again).
  await deps.data.putAnswerIndex(ref, indexOfViews(answerViewsOf(run.profile, data)));
  return deps.runs.putSummary(ref, {
    finished_at: nowIso(deps.clock),
    summary: loop.summary,
    canary: loop.canary,
    evidence: loop.evidence,
  });
}

/**
 * The ScanCitedSites step's result, when it ran and stored one. Its failure never fails the run
 * (docs/monitor.md "Readiness of the cited pages"): an unreadable record is left out, only a
 * store outage is thrown for the Task to retry.
 */
async function readinessOf(ref: RunRef, deps: MonitorStepDeps) {
  try {
    return await deps.readiness?.getReadiness(ref);
  } catch (error) {
    if (error instanceof UnavailableError) throw error;
    deps.logger.warn('readiness gaps unreadable: summary without them', {
      run_id: ref.run_id,
      error: error as Error,
    });
    return undefined;
  }
}

/** Same rule as PlanJudging: not given up, at least one answer. */
export function countedFamilies(data: RunData): ProviderFamily[] {
  return PROVIDER_FAMILIES.filter(
    (family) =>
      !data.families.find((f) => f.family === family)?.excluded &&
      data.answers.some((a) => a.status === 'ok' && a.key.family === family),
  );
}

/** The case's own answers measured (the canaries never count in its scores). */
export function measurements(
  profile: CaseProfile,
  data: RunData,
  counted: readonly ProviderFamily[],
): AnswerMeasurement[] {
  const own = { ...data, answers: data.answers.filter((answer) => !isCanary(answer.key.cell_id)) };
  return measureAll(profile, own, counted).map((answer) => answer.measured);
}

function doneEvents(run: StoredRun, stored: StoredSummary, now: Date): DomainEvent[] {
  const { summary } = stored;
  const events = [
    runCompletedEvent(
      run,
      {
        run_id: run.id,
        case_id: run.case_id,
        case_name: run.profile.name,
        kind: run.kind,
        label: run.label,
        status: 'done',
        scheduled_for: run.scheduled_for,
        finished_at: stored.finished_at,
        total_score: summary.total_score,
        delta: summary.delta.total_score,
        previous_run_id: summary.delta.previous_run_id,
        excluded_models: summary.sources_meta.excluded_models ?? [],
        error: null,
        changes: eventChanges(summary),
      },
      now,
    ),
  ];
  const changed = scoreChange(summary);
  if (changed)
    events.push(
      scoreChangedEvent(
        run,
        { ...changed, run_id: run.id, case_id: run.case_id, case_name: run.profile.name },
        now,
      ),
    );
  return events;
}

function scoreChange(summary: RunSummary) {
  const { delta } = summary;
  if (delta.previous_run_id === null || delta.total_score === 0) return undefined;
  return {
    previous_run_id: delta.previous_run_id,
    previous_score: summary.total_score - delta.total_score,
    total_score: summary.total_score,
    delta: delta.total_score,
    per_model: summary.per_model,
    per_model_delta: delta.per_model,
    comparable: delta.comparable,
    changes: eventChanges(summary),
    cause: summary.changes?.find((change) => change.metric === 'total_score')?.cause ?? null,
  };
}

async function failRun(ref: RunRef, run: StoredRun, error: string, deps: MonitorStepDeps) {
  const finishedAt = nowIso(deps.clock);
  const finished = await deps.runs.finishRun(ref, {
    status: 'failed',
    finished_at: finishedAt,
    error,
  });
  if (finished) deps.metrics?.count('RunFailed');
  // Whatever the earlier attempt recorded is what the event reports: read again after the write.
  const ended = (await deps.runs.getRun(ref)) ?? run;
  await deps.runs.releaseLock(ref);
  const data = {
    run_id: run.id,
    case_id: run.case_id,
    case_name: run.profile.name,
    kind: run.kind,
    label: run.label,
    status: 'failed' as const,
    scheduled_for: run.scheduled_for,
    finished_at: ended.finished_at ?? finishedAt,
    total_score: null,
    delta: null,
    previous_run_id: null,
    excluded_models: [],
    error: ended.error ?? error,
    changes: [],
  };
  await publish([runCompletedEvent(run, data, deps.clock.now())], deps);
  return { status: 'failed' as const, total_score: null };
}

export async function markRunFailed(
  input: FailedStepInput,
  deps: MonitorStepDeps,
): Promise<{ status: 'done' | 'failed'; total_score: number | null }> {
  const run = await loadRun(input, deps);
  deps.logger.error('monitor run failed', { run_id: run.id, error: input.failure?.Error });
  if (run.status === 'done') {
    // The run ended well before the failure (a late step failed): only make sure of the lock.
    await deps.runs.releaseLock(input);
    return { status: 'done', total_score: run.total_score };
  }
  const reason = input.failure?.Error ? ` (${input.failure.Error})` : '';
  return failRun(
    input,
    run,
    `The run could not be completed: a step failed${reason}. Start a new run; if it fails again, contact support.`,
    deps,
  );
}

/** A lane task failed after its retries: the family is given up, the run goes on. */
export async function askLaneFailed(input: LaneFailedInput, deps: MonitorStepDeps) {
  const reason = `its task failed${input.failure?.Error ? ` (${input.failure.Error})` : ''}`;
  deps.logger.warn('monitor family given up', {
    run_id: input.run_id,
    family: input.family,
    reason,
  });
  await deps.data.excludeFamily(input, input.family, reason);
  return { family: input.family, status: 'gave_up' };
}

/** A judge lane failed after its retries: the answers it had left keep their deterministic result. */
export async function judgeLaneFailed(input: LaneFailedInput, deps: MonitorStepDeps) {
  deps.logger.warn('monitor judge given up', { run_id: input.run_id, family: input.family });
  await deps.data.markJudgeUnavailable(input, input.family);
  return { family: input.family, status: 'gave_up' };
}

async function publish(events: DomainEvent[], deps: MonitorStepDeps): Promise<void> {
  if (!deps.events) {
    deps.logger.warn('no events queue configured: monitor events not sent', {
      count: events.length,
    });
    return;
  }
  for (const event of events) await deps.events.publish(event);
}
