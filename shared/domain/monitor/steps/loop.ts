/**
 * What AggregateRun adds to a run so the monitor closes its loop (docs/monitor.md "Canaries" and
 * "Every change has a cause"): the canary answers measured against the control brands and compared
 * with the last run that asked the same control set (`run.canary`); the evidence a later run will
 * need; and `summary.changes`, every figure that moved since the previous comparable run with its
 * cause, and the canaries' usage. Everything is computed from stored data, so a retried step
 * computes the same (and stores it once, with the summary).
 */
import { nowIso } from '#shared/domain/kernel/clock';
import { UnavailableError } from '#shared/domain/kernel/errors';
import { brandTimeline } from '#shared/domain/monitor/brand-scans';
import {
  CANARY_PROFILE,
  CANARY_SET_VERSION,
  isCanary,
} from '#shared/domain/monitor/engine/canaries';
import { canaryPrint, runCanary } from '#shared/domain/monitor/engine/canary-drift';
import { changesAgainst } from '#shared/domain/monitor/engine/causes';
import { metricMoves } from '#shared/domain/monitor/engine/changes';
import { runUsage } from '#shared/domain/monitor/engine/cost';
import type {
  AnswerMeasurement,
  CaseProfile,
  RunSummary,
} from '#shared/domain/monitor/engine/index';
import { servedModels } from '#shared/domain/monitor/engine/insights';
import type { RunCanary, SummaryChange } from '#shared/domain/monitor/engine/loop-schema';
import { type RunEvidence, runEvidence } from '#shared/domain/monitor/engine/run-evidence';
import { type ScanPoint, siteChangeBetween } from '#shared/domain/monitor/engine/site-checks';
import type { RunData, StoredRun, StoredSummary } from '#shared/domain/monitor/ports';
import type { ProviderFamily } from '#shared/domain/monitor/provider-port';
import { compareSummaries } from '#shared/domain/monitor/run-compare';
import { type RunRef, runRefOf } from '#shared/domain/monitor/run-ref';
import type { MonitorStepDeps } from './context.ts';
import { measureAll } from './measure-answers.ts';

/** Finished runs looked back at for the canaries' and the changes' baselines. */
const LOOK_BACK = 6;
/** Above this size (JSON characters) the evidence keeps no per-prompt counts (item size). */
const EVIDENCE_BUDGET = 150_000;

export interface ClosedLoop {
  summary: RunSummary;
  canary: RunCanary;
  evidence: RunEvidence;
}

export async function closeLoop(
  ref: RunRef,
  run: StoredRun,
  data: RunData,
  counted: readonly ProviderFamily[],
  summary: RunSummary,
  caseMeasurements: readonly AnswerMeasurement[],
  deps: MonitorStepDeps,
): Promise<ClosedLoop> {
  const canaries = canaryAnswers(data, counted);
  const prints = canaries.map(({ record, measured }) => canaryPrint(record, measured));
  const evidence = fitted(runEvidence(run.profile, caseMeasurements, prints));
  const earlier = await earlierRuns(ref, deps);
  const canaryBase = earlier.find(
    (s) => s.evidence?.canaries.set_version === CANARY_SET_VERSION && s.evidence.canaries.prints,
  );
  const measured = canaries.map((c) => c.measured);
  const canary = runCanary(
    prints,
    canaryBase?.evidence?.canaries.prints,
    servedModels([...caseMeasurements, ...measured]),
  );
  // Issue 25's notion: the same prompts of the same families about the same competitors, the same
  // score version (`delta.comparable`).
  const comparable = earlier.find(
    (s) => compareSummaries(summary, { run_id: s.run_id, summary: s.summary }).comparable,
  );
  const changes = comparable
    ? await changesSince(run, summary, evidence, canary, comparable, earlier, deps)
    : [];
  return {
    summary: {
      ...summary,
      changes,
      usage: { ...summary.usage, canaries: canaryUsage(measured, deps) },
    },
    canary,
    evidence,
  };
}

/** The counted families' canary answers, measured against the control brands. */
function canaryAnswers(data: RunData, counted: readonly ProviderFamily[]) {
  const canaryData: RunData = {
    ...data,
    answers: data.answers.filter((answer) => isCanary(answer.key.cell_id)),
  };
  return measureAll(CANARY_PROFILE as CaseProfile, canaryData, counted);
}

/** The preceding finished runs' stored summaries, newest first (at most LOOK_BACK). */
async function earlierRuns(ref: RunRef, deps: MonitorStepDeps): Promise<StoredSummary[]> {
  const out: StoredSummary[] = [];
  let cursor: RunRef = ref;
  for (let hop = 0; hop < LOOK_BACK; hop += 1) {
    const previous = await deps.runs.findPrecedingDoneRun(cursor);
    if (!previous) break;
    cursor = runRefOf(previous);
    const stored = await deps.runs.getSummary(cursor);
    if (stored) out.push(stored);
  }
  return out;
}

async function changesSince(
  run: StoredRun,
  summary: RunSummary,
  evidence: RunEvidence,
  canary: RunCanary,
  previous: StoredSummary,
  earlier: readonly StoredSummary[],
  deps: MonitorStepDeps,
): Promise<SummaryChange[]> {
  if (metricMoves(summary, previous.summary).length === 0) return [];
  const timeline = await siteTimeline(run, [summary, ...earlier.map((s) => s.summary)], deps);
  return changesAgainst(
    { summary, evidence },
    { summary: previous.summary, evidence: previous.evidence },
    canary,
    siteChangeBetween(timeline, previous.finished_at, nowIso(deps.clock)),
  );
}

/**
 * The brand's scans, for the `own_site` cause. A scan that cannot be read never fails the run:
 * without it the cause is not `own_site`; only a store outage is thrown for the Task to retry.
 */
async function siteTimeline(
  run: StoredRun,
  summaries: readonly RunSummary[],
  deps: MonitorStepDeps,
): Promise<ScanPoint[]> {
  if (!deps.brandScans) return [];
  try {
    return await brandTimeline(deps.brandScans, run.owner_id, run.profile.domain, summaries);
  } catch (error) {
    if (error instanceof UnavailableError) throw error;
    deps.logger.warn('brand scans unreadable: changes without the site', {
      run_id: run.id,
      error: error as Error,
    });
    return [];
  }
}

function canaryUsage(measured: readonly AnswerMeasurement[], deps: MonitorStepDeps) {
  const usage = runUsage(measured, deps.config.prices);
  return {
    answer_calls: usage.answer_calls,
    judge_calls: usage.judge_calls,
    input_tokens: usage.input_tokens,
    output_tokens: usage.output_tokens,
    estimated_cost_usd: usage.estimated_cost_usd,
  };
}

/** The evidence within its budget: without per-prompt counts when a huge case would overflow. */
function fitted(evidence: RunEvidence): RunEvidence {
  return JSON.stringify(evidence).length > EVIDENCE_BUDGET
    ? { ...evidence, prompts: [] }
    : evidence;
}
