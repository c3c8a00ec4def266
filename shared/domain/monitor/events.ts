/**
 * The monitor's domain events (docs/monitor.md "Events" documents each `data` shape; a receiver
 * gets `{id, type, created_at, data}`). Ids are derived from the run, so a step that runs again
 * publishes the same event and the dispatcher records it once.
 */
import type { DomainEvent } from '#shared/domain/events/types';
import { newEvent } from '#shared/domain/events/types';
import type { ChangeCause } from '#shared/domain/monitor/engine/change-schema';
import type { RunSummary } from '#shared/domain/monitor/engine/index';
import type { SummaryChange } from '#shared/domain/monitor/engine/loop-schema';
import type { ProviderFamily } from '#shared/domain/monitor/provider-port';
import { runEventId } from './ids.ts';
import type { StoredRun } from './ports.ts';

export interface RunCompletedData {
  [key: string]: unknown;
  run_id: string;
  case_id: string;
  case_name: string;
  kind: StoredRun['kind'];
  label: string;
  status: 'done' | 'failed';
  scheduled_for: string;
  finished_at: string;
  total_score: number | null;
  delta: number | null;
  previous_run_id: string | null;
  excluded_models: ProviderFamily[];
  error: string | null;
  /** The run's `summary.changes`, each with its cause (empty for a failed run). */
  changes: EventChange[];
}

export interface ScoreChangedData {
  [key: string]: unknown;
  run_id: string;
  case_id: string;
  case_name: string;
  previous_run_id: string;
  previous_score: number;
  total_score: number;
  delta: number;
  per_model: Partial<Record<ProviderFamily, number>>;
  per_model_delta: Partial<Record<ProviderFamily, number>>;
  /** Both runs asked the same prompts and used the same score version. */
  comparable: boolean;
  changes: EventChange[];
  /** The cause of the total score's change; null when it stayed within its noise band. */
  cause: ChangeCause | null;
}

/** A change as the events carry it: the summary's item without its evidence. */
export type EventChange = Omit<SummaryChange, 'evidence'>;

export function eventChanges(summary: Pick<RunSummary, 'changes'>): EventChange[] {
  return (summary.changes ?? []).map(({ evidence: _evidence, ...change }) => change);
}

export function runCompletedEvent(run: StoredRun, data: RunCompletedData, now: Date): DomainEvent {
  return {
    ...newEvent('run.completed', run.owner_id, data, now),
    id: runEventId('run.completed', run.id),
  };
}

export function scoreChangedEvent(run: StoredRun, data: ScoreChangedData, now: Date): DomainEvent {
  return {
    ...newEvent('score.changed', run.owner_id, data, now),
    id: runEventId('score.changed', run.id),
  };
}
