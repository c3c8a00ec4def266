/**
 * The monthly schedule (docs/monitor.md "Monthly runs"): on the first of each month at 00:00
 * UTC, one `monthly` run per eligible case, labelled with its period (`2026-11`), through the
 * same lock as manual runs. Eligible: cases with status `active` whose owner has a Monitor
 * account on the Pro plan with an active subscription (the accounts that may start manual runs).
 * A case with a pending run is skipped, never doubled; a period is claimed once per case, so a
 * schedule delivered twice (EventBridge Scheduler delivers at least once) or triggered again by
 * hand adds nothing. No invocation lists every case: the monitor-monthly workflow pages through
 * them, one task a page, its cursor carried by the state machine.
 */
import type { User } from '#shared/domain/accounts/ports';
import { type Clock, frozenAt } from '#shared/domain/kernel/clock';
import { ConflictError } from '#shared/domain/kernel/errors';
import type { Logger } from '#shared/domain/kernel/logger';
import { proActiveAt } from '#shared/domain/kernel/plans';
import { executionNameFor, type WorkflowStarter } from '#shared/domain/kernel/workflow-port';
import type { MonitorDeps } from './operations.ts';
import type { StoredCase } from './ports.ts';
import { PeriodClaimedError, startRun } from './runs.ts';

/** EventBridge Scheduler expression (UTC); the local stack runs the same instant in process. */
export const MONTHLY_SCHEDULE_EXPRESSION = 'cron(0 0 1 * ? *)';
export const MONTHLY_SCHEDULE_TIMEZONE = 'UTC';

const PARALLEL_CASES = 5;
// setTimeout takes at most 2^31 - 1 ms (about 24.8 days): longer waits are chained.
const MAX_TIMER_MS = 2 ** 31 - 1;

export type SkipReason =
  | 'paused'
  | 'archived'
  | 'not_eligible'
  | 'run_pending'
  | 'already_scheduled';

export interface MonthlyResult {
  period: string;
  scheduled_for: string;
  cases: number;
  created: { case_id: string; run_id: string }[];
  skipped: { case_id: string; reason: SkipReason }[];
  failed: { case_id: string; error: string }[];
}

export function periodOf(at: Date): string {
  return at.toISOString().slice(0, 7);
}

/** 00:00 UTC on the first of the month after `at`. */
export function nextMonthStart(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));
}

/**
 * The schedule's eligibility of an owner at the run's instant: the Pro plan with a subscription
 * that has not ended then (kernel/plans.ts `proActiveAt`: ended by the operator or the payment
 * provider, or past its grace period after a failed renewal), the rule manual runs follow too.
 */
export function isEligible(user: User | undefined, now: Date): boolean {
  return proActiveAt(user?.account, now);
}

/** Cases a page of the schedule reads by default (MONITOR_SCHEDULE_PAGE_SIZE). */
export const MONTHLY_PAGE_SIZE = 100;

/** What the monitor-monthly workflow carries from page to page: the cursor and the counts. */
export interface MonthlyPageInput {
  period: string;
  /** The schedule's instant: every run of the period is scheduled for it. */
  scheduled_for: string;
  /** The next page's cursor; absent for the first page. */
  cursor?: string | null | undefined;
  /** Cases a page reads (MONITOR_SCHEDULE_PAGE_SIZE); MONTHLY_PAGE_SIZE when absent. */
  page_size?: number | undefined;
  totals?: MonthlyTotals | undefined;
}

export interface MonthlyTotals {
  cases: number;
  created: number;
  skipped: number;
  failed: number;
}

function emptyResult(period: string, scheduledFor: string): MonthlyResult {
  return { period, scheduled_for: scheduledFor, cases: 0, created: [], skipped: [], failed: [] };
}

/**
 * One page of the schedule: up to MONTHLY_PAGE_SIZE cases in the order of the all-cases index,
 * each eligible one given its monthly run. A page retried after a failure starts nothing twice:
 * a case whose period is claimed is skipped (`already_scheduled`).
 */
export async function scheduleMonthlyPage(
  deps: MonitorDeps,
  input: MonthlyPageInput,
): Promise<{ result: MonthlyResult; next_cursor: string | null }> {
  const now = new Date(input.scheduled_for);
  const page = await deps.cases.listAllCases({
    limit: input.page_size ?? MONTHLY_PAGE_SIZE,
    ...(input.cursor ? { cursor: input.cursor } : {}),
  });
  const result = emptyResult(input.period, input.scheduled_for);
  result.cases = page.cases.length;
  const owners = new Map<string, Promise<User | undefined>>();
  const ownerOf = (id: string) => {
    if (!owners.has(id)) owners.set(id, deps.users.findUserById(id));
    return owners.get(id) as Promise<User | undefined>;
  };
  const queue = [...page.cases];
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      await scheduleCase(next, { period: input.period, now, ownerOf, result }, deps);
    }
  };
  await Promise.all(Array.from({ length: PARALLEL_CASES }, worker));
  return { result, next_cursor: page.cursor };
}

/** The page as the workflow keeps it: counts added to the totals so far, and the next cursor. */
export async function scheduleMonthlyStep(
  input: MonthlyPageInput,
  deps: MonitorDeps,
): Promise<{ next_cursor: string | null; totals: MonthlyTotals }> {
  const { result, next_cursor } = await scheduleMonthlyPage(deps, input);
  const before = input.totals ?? { cases: 0, created: 0, skipped: 0, failed: 0 };
  if (result.failed.length > 0) {
    deps.logger.error('monthly monitor runs not all started', { failures: result.failed });
  }
  return {
    next_cursor,
    totals: {
      cases: before.cases + result.cases,
      created: before.created + result.created.length,
      skipped: before.skipped + result.skipped.length,
      failed: before.failed + result.failed.length,
    },
  };
}

/**
 * The whole schedule in this process, page after page (the operator CLI's `run-monthly`): the
 * same pages as the workflow, their results joined.
 */
export async function scheduleMonthlyRuns(
  deps: MonitorDeps,
  pageSize = MONTHLY_PAGE_SIZE,
): Promise<MonthlyResult> {
  const now = deps.clock.now();
  const period = periodOf(now);
  const total = emptyResult(period, now.toISOString());
  let cursor: string | null = null;
  do {
    const { result, next_cursor }: { result: MonthlyResult; next_cursor: string | null } =
      await scheduleMonthlyPage(deps, {
        period,
        scheduled_for: total.scheduled_for,
        cursor,
        page_size: pageSize,
      });
    total.cases += result.cases;
    total.created.push(...result.created);
    total.skipped.push(...result.skipped);
    total.failed.push(...result.failed);
    cursor = next_cursor;
  } while (cursor);
  // Not logged here: the operator CLI prints the result as its only stdout line.
  return total;
}

/**
 * Starts the schedule for the current period as a monitor-monthly execution (the scheduled
 * function on AWS, the in-process timer locally). Each trigger is an execution of its own; a
 * second one in the same period walks the same pages and adds nothing (the claims).
 */
export async function startMonthlySchedule(
  workflows: WorkflowStarter,
  clock: Clock,
  pageSize = MONTHLY_PAGE_SIZE,
): Promise<{ period: string; execution: string }> {
  const now = clock.now();
  const period = periodOf(now);
  const execution = executionNameFor('monthly', `${period}-${crypto.randomUUID()}`);
  // Every path the page task reads exists from the first page on (JSONPath fails on a missing one).
  const input: MonthlyPageInput = {
    period,
    scheduled_for: now.toISOString(),
    cursor: null,
    page_size: pageSize,
    totals: { cases: 0, created: 0, skipped: 0, failed: 0 },
  };
  await workflows.start('monitor-monthly', execution, input);
  return { period, execution };
}

interface ScheduleContext {
  period: string;
  now: Date;
  ownerOf(id: string): Promise<User | undefined>;
  result: MonthlyResult;
}

async function scheduleCase(stored: StoredCase, context: ScheduleContext, deps: MonitorDeps) {
  const { result } = context;
  if (stored.status !== 'active') {
    result.skipped.push({ case_id: stored.id, reason: stored.status });
    return;
  }
  if (!isEligible(await context.ownerOf(stored.owner_id), context.now)) {
    result.skipped.push({ case_id: stored.id, reason: 'not_eligible' });
    return;
  }
  try {
    const run = await startRun(
      stored,
      { kind: 'monthly', label: context.period, period: context.period },
      { ...deps, clock: frozenAt(context.now) },
    );
    result.created.push({ case_id: stored.id, run_id: run.id });
  } catch (error) {
    if (error instanceof ConflictError && error.code === 'run_pending') {
      result.skipped.push({ case_id: stored.id, reason: 'run_pending' });
    } else if (error instanceof PeriodClaimedError) {
      result.skipped.push({ case_id: stored.id, reason: 'already_scheduled' });
    } else {
      // One case failing (the workflow service away) must not stop the others.
      result.failed.push({ case_id: stored.id, error: (error as Error).message });
    }
  }
}

/**
 * The same schedule in process (the local stack): calls `run` at the start of every month,
 * UTC; a failed run is logged. The timers do not keep the process alive.
 */
export function startMonthlyTimer(
  run: () => Promise<unknown>,
  clock: Clock,
  logger: Logger,
): { stop(): void } {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const arm = () => {
    if (stopped) return;
    const due = nextMonthStart(clock.now()).getTime();
    const wait = Math.min(MAX_TIMER_MS, Math.max(0, due - clock.now().getTime()));
    timer = setTimeout(() => {
      if (clock.now().getTime() < due) return arm();
      run()
        .catch((error: unknown) =>
          logger.error('monthly schedule failed', { error: error as Error }),
        )
        .finally(arm);
    }, wait);
    timer.unref();
  };
  arm();
  return {
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}
