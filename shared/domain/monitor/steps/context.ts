/**
 * What the monitor-run workflow steps share: their dependencies, the input schemas of the Task
 * states (state-machines/monitor-run.asl.json) and reading a run with its prompt cells. Every
 * step's input is the run's reference (run-ref.ts) plus what the state adds; a step loads the run
 * once at its start and hands the loaded run to what it calls.
 */
import { z } from 'zod';
import type { EventPublisher } from '#shared/domain/events/ports';
import type { Clock } from '#shared/domain/kernel/clock';
import { RecordIdSchema } from '#shared/domain/kernel/id-schema';
import type { Logger } from '#shared/domain/kernel/logger';
import type { Metrics } from '#shared/domain/kernel/metrics';
import type { BrandScanReader } from '#shared/domain/monitor/brand-scans';
import type { Governor } from '#shared/domain/monitor/budget/governor';
import { budgetAccount } from '#shared/domain/monitor/budget/pace';
import type { MonitorConfig } from '#shared/domain/monitor/config';
import { canaryCells } from '#shared/domain/monitor/engine/canaries';
import { buildPromptSet } from '#shared/domain/monitor/engine/prompt-set';
import type { PromptCell } from '#shared/domain/monitor/engine/types';
import type {
  CasesStore,
  ReadinessStore,
  RunDataStore,
  RunsStore,
  StoredRun,
} from '#shared/domain/monitor/ports';
import type { MonitorProviders } from '#shared/domain/monitor/provider-port';
import { PROVIDER_FAMILIES } from '#shared/domain/monitor/provider-port';
import type { RunRef } from '#shared/domain/monitor/run-ref';
import { LaneStepSchema } from './lane.ts';

export interface MonitorStepDeps {
  cases: CasesStore;
  runs: RunsStore;
  data: RunDataStore;
  config: MonitorConfig;
  /** Undefined where no events queue is configured: events are then not sent. */
  events: EventPublisher | undefined;
  /** The run's readiness gaps (ScanCitedSites writes, AggregateRun reads); absent: none. */
  readiness?: ReadinessStore;
  /** Scans of the brand's site, for the `own_site` cause (brand-scans.ts); absent: none. */
  brandScans?: BrandScanReader;
  logger: Logger;
  clock: Clock;
  /** Jitter source for retry delays (tests fix it). */
  random?: () => number;
  /** Counts runs ended and judge tokens (docs/runbook.md); unset, nothing is counted. */
  metrics?: Metrics;
}

/**
 * The lane steps also call the model providers (only their functions bundle the adapters), each
 * call after taking its slot from the shared budget.
 */
export interface MonitorLaneDeps extends MonitorStepDeps {
  providers: MonitorProviders;
  governor: Governor;
}

/** The run's reference, its ids normalised here where the workflow hands them in. */
export const RunStepInputSchema = z.object({
  run_id: RecordIdSchema,
  case_id: RecordIdSchema,
  owner_id: z.string().min(1),
}) satisfies z.ZodType<RunRef>;

const Family = z.enum(PROVIDER_FAMILIES);

export const LaneInputSchema = RunStepInputSchema.extend({
  family: Family,
  /** Calls of the family in flight at most (MONITOR_CONCURRENCY_<FAMILY>). */
  concurrency: z.number().int().min(1),
  /** What the previous task of the lane handed on (the state machine carries it). */
  step: LaneStepSchema.default(() => LaneStepSchema.parse({})),
});

export const JudgeLaneInputSchema = LaneInputSchema.extend({
  /** The answering families this judge family judges. */
  judged: z.array(Family),
});

const Failure = z.object({ Error: z.string().optional(), Cause: z.string().optional() }).optional();

export const FailedStepInputSchema = RunStepInputSchema.extend({ failure: Failure });

export const LaneFailedInputSchema = RunStepInputSchema.extend({
  family: Family,
  failure: Failure,
});

export type RunStepInput = z.output<typeof RunStepInputSchema>;
export type LaneInput = z.output<typeof LaneInputSchema>;
export type JudgeLaneInput = z.output<typeof JudgeLaneInputSchema>;
export type FailedStepInput = z.output<typeof FailedStepInputSchema>;
export type LaneFailedInput = z.output<typeof LaneFailedInputSchema>;

/** The run a step's input names, read once at the step's start. */
export async function loadRun(ref: RunRef, deps: MonitorStepDeps): Promise<StoredRun> {
  const run = await deps.runs.getRun(ref);
  if (!run) throw new Error(`monitor run ${ref.run_id} does not exist`);
  return run;
}

/** The run's prompt cells, rebuilt from its case snapshot and plan (the same every time). */
export function cellsOf(run: StoredRun): PromptCell[] {
  if (!run.plan) throw new Error(`monitor run ${run.id} has no plan: PrepareRun did not run`);
  const set = buildPromptSet(run.profile, {
    promptsPerBlock: run.plan.prompts_per_block,
    repeats: run.plan.repeats,
  });
  if (set.version !== run.plan.prompt_set_version) {
    throw new Error(
      `monitor run ${run.id}: prompt set ${set.version} differs from the planned ${run.plan.prompt_set_version}`,
    );
  }
  return set.cells;
}

/**
 * The run's canary cells (engine/canaries.ts), as planned: none for a run planned before
 * canaries. Asked and judged beside the case's cells, never counted in its scores.
 */
export function canaryCellsOf(run: StoredRun): PromptCell[] {
  return canaryCells(run.plan?.canaries ?? 0);
}

/** Every cell the run asks: the case's, then the canaries. */
export function askedCellsOf(run: StoredRun): PromptCell[] {
  return [...cellsOf(run), ...canaryCellsOf(run)];
}

/**
 * What every lane task runs with, from its input and dependencies: the account the run belongs to
 * (its case's owner: budget is shared by account first), the family's concurrency, what the
 * previous task handed on, the time budget, the retry settings, and where its waits for quota are
 * recorded for the run's progress.
 */
export function laneSettings(
  input: LaneInput,
  deps: MonitorLaneDeps,
  phase: 'ask' | 'judge',
  tokens: number,
) {
  return {
    family: input.family,
    tokens,
    account: budgetAccount(input.owner_id),
    concurrency: input.concurrency,
    step: input.step,
    budgetMs: deps.config.laneBudgetMs,
    retry: deps.config.retry,
    throttleGiveUpMs: deps.config.throttleGiveUpSeconds * 1000,
    governor: deps.governor,
    clock: () => deps.clock.now().getTime(),
    ...(deps.random ? { random: deps.random } : {}),
    queued: (since: number, until: number) =>
      deps.data.recordQueue(input, input.family, {
        phase,
        since: new Date(since).toISOString(),
        until: new Date(until).toISOString(),
      }),
  };
}

export function isFinished(run: StoredRun): boolean {
  return run.status === 'done' || run.status === 'failed';
}
