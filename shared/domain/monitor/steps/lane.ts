/**
 * A lane: one family's calls of one run, in one Task state looping through the state machine
 * (docs/monitor.md "The monitor-run workflow"). A lane task takes send times from the shared
 * budget (budget/governor.ts) and sends each call at its slot, never before, with at most the
 * family's concurrency in flight; the store work around a call does not hold a place. It hands
 * back to the state machine when its time budget is used (`continue`), when its next slot is
 * more than a second away (`queued`, a Wait that follows the real clock: waiting for quota is not
 * failing and spends no attempt), or after a failed call (`retry`, with the delay to wait).
 * `attempt` counts calls that were sent and failed in a row; a 429 is the fleet being busy and
 * counts in `throttles` instead, which only a long run of them turns into giving up.
 */
import { z } from 'zod';
import type { Governor, LaneBudget, Reservation } from '#shared/domain/monitor/budget/governor';
import { TOLERANCE_MS } from '#shared/domain/monitor/budget/pace';
import type { RetrySettings } from '#shared/domain/monitor/config';
import { ProviderError, type ProviderFamily } from '#shared/domain/monitor/provider-port';
import { decideFailure, type FailureDecision, retryDelay } from '#shared/domain/monitor/retry';

export type LaneStatus = 'done' | 'continue' | 'retry' | 'queued' | 'gave_up';

const SlotsSchema = z.object({ at: z.number(), every: z.number().min(0), count: z.number().int() });

/** What the state machine carries from one lane task to the next (`$.step`). */
export const LaneStepSchema = z.object({
  status: z.string().optional(),
  wait_seconds: z.number().optional(),
  /** Calls sent that failed in a row (not counting 429s). */
  attempt: z.number().int().min(0).default(0),
  /** 429s in a row, and when the first of them came (epoch ms). */
  throttles: z.number().int().min(0).default(0),
  throttled_since: z.number().nullable().default(null),
  /** The lane's recent call time (ms), so that it takes slots no faster than it can use them. */
  latency_ms: z.number().min(0).default(0),
  /** Calls still to send when the lane handed back (a queued lane asks for its turn with it). */
  pending: z.number().int().min(0).default(0),
  budget: z
    .object({
      ticket: z
        .object({
          size: z.number(),
          position: z.number(),
          at: z.number(),
          since: z.number(),
          rechecks: z.number().int().min(0).optional(),
          seen: z.number().optional(),
        })
        .optional(),
      slots: SlotsSchema.optional(),
    })
    .default({}),
});

export type LaneStep = z.output<typeof LaneStepSchema>;

export interface LaneResult extends LaneStep {
  status: LaneStatus;
  /** For `retry` and `queued`: whole seconds the Wait state sleeps before the next task. */
  wait_seconds: number;
}

export const LANE_DONE: LaneResult = {
  status: 'done',
  wait_seconds: 0,
  attempt: 0,
  throttles: 0,
  throttled_since: null,
  latency_ms: 0,
  pending: 0,
  budget: {},
};

export interface LaneWork<T> {
  family: ProviderFamily;
  /** The run's account: budget is shared by account first. */
  account: string;
  /** Calls of this family in flight at most. */
  concurrency: number;
  pending: readonly T[];
  step: LaneStep;
  budgetMs: number;
  retry: RetrySettings;
  /** 429s for this long with no answer in between give the family up. */
  throttleGiveUpMs: number;
  governor: Governor;
  /** Estimated tokens of one call (input and output), for a pace in tokens per minute. */
  tokens: number;
  /**
   * Calls the provider and records the answer; throws a ProviderError when the call fails. It
   * calls `called` as soon as the provider has answered (or failed): recording the answer then
   * no longer holds one of the family's places in flight. Any items it returns are calls still
   * to make (a judge call's answers left without a verdict): they are sent next, each at a slot
   * of its own.
   */
  work(item: T, called: () => void): Promise<T[]> | Promise<void>;
  /** Records that this item cannot be answered (rejected for its content); may return calls to make instead. */
  skip(item: T, reason: string): Promise<T[]> | Promise<void>;
  /** The family (or judge) stays down: record it so the run goes on without it. */
  giveUp(reason: string): Promise<void>;
  /** The lane waits for its turn until `until` (epoch ms): recorded for the run's progress. */
  queued?(since: number, until: number): Promise<void>;
  clock?: () => number;
  random?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

/** A wait shorter than this is slept in the task: a Step Functions Wait counts whole seconds. */
const INLINE_WAIT_MS = 1000;
/** A slot this far behind the clock is not used any more. */
const STALE_SLOT_MS = TOLERANCE_MS;

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The mutable state of one lane task. */
interface Run<T> {
  work: LaneWork<T>;
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  queue: T[];
  /** Every call's whole work (the call and its recording), awaited before the task ends. */
  inFlight: Set<Promise<void>>;
  /** Calls the provider has not answered yet: at most the family's concurrency. */
  calling: number;
  /** Resolves the wait for a place in flight when a call ends. */
  freed?: (() => void) | undefined;
  budget: LaneBudget;
  step: LaneStep;
  /** The first failure that stops the task: its decision, or a thrown store error. */
  halt?: { decision: FailureDecision; error: ProviderError } | { thrown: unknown } | undefined;
  latencies: number[];
}

export async function runLane<T>(work: LaneWork<T>): Promise<LaneResult> {
  const now = work.clock ?? Date.now;
  const run: Run<T> = {
    work,
    now,
    sleep: work.sleep ?? defaultSleep,
    queue: [...work.pending],
    inFlight: new Set(),
    calling: 0,
    budget: work.step.budget,
    step: work.step,
    latencies: [],
  };
  const started = now();
  const total = run.queue.length;
  let handBack: LaneResult | undefined;
  while (run.queue.length > 0 && !run.halt && !handBack) {
    // Always make progress: the time budget counts once a call has been sent.
    if (run.queue.length < total && now() - started >= work.budgetMs) {
      handBack = result(run, 'continue', 0);
      break;
    }
    handBack = await sendNext(run);
  }
  await Promise.all(run.inFlight);
  if (run.halt) return await halted(run);
  if (handBack) return handBack;
  return run.queue.length === 0
    ? { ...LANE_DONE, latency_ms: latencyOf(run) }
    : result(run, 'continue', 0);
}

function latencyOf<T>(run: Run<T>): number {
  if (run.latencies.length === 0) return run.step.latency_ms;
  return run.latencies.reduce((sum, ms) => sum + ms, 0) / run.latencies.length;
}

function result<T>(run: Run<T>, status: LaneStatus, waitSeconds: number): LaneResult {
  return {
    ...run.step,
    status,
    wait_seconds: waitSeconds,
    latency_ms: latencyOf(run),
    pending: run.queue.length,
    budget: run.budget,
  };
}

/**
 * A lane woken from a queued wait asks for its turn before it reads anything of its run: while
 * its turn has not come (a long wait looked at again), it hands back at once, its run unread.
 * Answers the hand-back, or the step (with the slots the turn brought) to go on with.
 */
export async function turnCome(
  lane: Pick<
    LaneWork<unknown>,
    'family' | 'account' | 'concurrency' | 'governor' | 'tokens' | 'step' | 'clock' | 'queued'
  >,
): Promise<{ handBack: LaneResult } | { step: LaneStep }> {
  const { step } = lane;
  if (step.status !== 'queued' || step.pending === 0) return { step };
  const outcome = await lane.governor.reserve({
    family: lane.family,
    account: lane.account,
    pending: step.pending,
    tokens: lane.tokens,
    budget: step.budget,
    minEveryMs: step.latency_ms / Math.max(1, lane.concurrency),
  });
  const delay = outcome.kind === 'wait' ? outcome.until - (lane.clock ?? Date.now)() : 0;
  if (delay <= INLINE_WAIT_MS) return { step: { ...step, budget: outcome.budget } };
  const ticket = outcome.budget.ticket;
  // The turn was worked out again: the run's progress shows the new estimate.
  if (ticket && ticket.at !== step.budget.ticket?.at) await lane.queued?.(ticket.since, ticket.at);
  const waitSeconds = Math.max(1, Math.floor(delay / 1000));
  return {
    handBack: { ...step, status: 'queued', wait_seconds: waitSeconds, budget: outcome.budget },
  };
}

/** Slots for the next calls, a hand-back when they are too far off, or the next call sent. */
async function sendNext<T>(run: Run<T>): Promise<LaneResult | undefined> {
  const { work, now } = run;
  const slots = usable(run.budget.slots, now());
  if (!slots) {
    const outcome = await work.governor.reserve({
      family: work.family,
      account: work.account,
      pending: run.queue.length,
      tokens: work.tokens,
      budget: { ...run.budget, slots: undefined },
      // No faster than the lane manages: a lane slower than the pace does not hold the pace for
      // slots it cannot use.
      minEveryMs: latencyOf(run) / Math.max(1, work.concurrency),
    });
    run.budget = outcome.budget;
    if (outcome.kind === 'wait')
      return await waitFor(run, outcome.budget.ticket?.since ?? now(), outcome.until);
    return undefined;
  }
  const delay = slots.at - now();
  if (delay > INLINE_WAIT_MS) return await waitFor(run, now(), slots.at);
  if (delay > 0) await run.sleep(delay);
  while (run.calling >= work.concurrency) {
    await new Promise<void>((resolve) => {
      run.freed = resolve;
    });
  }
  if (run.halt) return undefined;
  const item = run.queue.shift() as T;
  run.budget = {
    ...run.budget,
    slots: { at: slots.at + slots.every, every: slots.every, count: slots.count - 1 },
  };
  launch(run, item);
  return undefined;
}

/**
 * A reservation's slots still usable: a slot is used at its time or a little later; one more than
 * the bucket's second late is given up (its capacity passed unused, and sending it now would add
 * to the calls of the slots now due).
 */
function usable(slots: Reservation | undefined, now: number): Reservation | undefined {
  if (!slots || slots.count <= 0) return undefined;
  const expired =
    slots.every > 0 ? Math.floor((now - STALE_SLOT_MS - slots.at) / slots.every) + 1 : 0;
  if (expired <= 0) return slots;
  const count = slots.count - expired;
  return count > 0
    ? { at: slots.at + expired * slots.every, every: slots.every, count }
    : undefined;
}

/** Waits in the task when the turn is within a second, else hands back to a queued Wait. */
async function waitFor<T>(
  run: Run<T>,
  since: number,
  until: number,
): Promise<LaneResult | undefined> {
  const delay = until - run.now();
  if (delay <= INLINE_WAIT_MS) {
    if (delay > 0) await run.sleep(delay);
    return undefined;
  }
  await Promise.all(run.inFlight);
  await run.work.queued?.(since, until);
  return result(run, 'queued', Math.max(1, Math.floor(delay / 1000)));
}

function launch<T>(run: Run<T>, item: T): void {
  const sent = run.now();
  run.calling += 1;
  let open = true;
  const called = () => {
    if (!open) return;
    open = false;
    run.latencies.push(run.now() - sent);
    run.calling -= 1;
    const freed = run.freed;
    run.freed = undefined;
    freed?.();
  };
  const call = (run.work.work(item, called) as Promise<T[] | undefined>)
    .then((more) => {
      run.step = { ...run.step, attempt: 0, throttles: 0, throttled_since: null };
      if (more && more.length > 0) run.queue.unshift(...more);
    })
    .catch((error: unknown) => failed(run, item, error))
    .finally(() => {
      called();
      run.inFlight.delete(call);
    });
  run.inFlight.add(call);
}

/** A failed call: a refused prompt is skipped and the lane goes on; anything else stops it. */
async function failed<T>(run: Run<T>, item: T, error: unknown): Promise<void> {
  // Store and programming errors fail the task: its Retry and Catch deal with them.
  if (!(error instanceof ProviderError)) {
    run.halt ??= { thrown: error };
    return;
  }
  const throttled = error.type === 'throttled' && !isBillingStop(error, run.work.retry);
  const attempt = throttled ? run.step.attempt : run.step.attempt + 1;
  const decision = throttled
    ? throttleDecision(run, error)
    : decideFailure(error, attempt, run.work.retry, (run.work.random ?? Math.random)());
  if (decision.kind === 'skip_cell') {
    const more = (await run.work.skip(item, decision.reason)) as T[] | undefined;
    if (more && more.length > 0) run.queue.unshift(...more);
    return;
  }
  run.queue.unshift(item);
  if (run.halt) return;
  run.halt = { decision, error };
  run.step = throttled
    ? {
        ...run.step,
        throttles: run.step.throttles + 1,
        throttled_since: run.step.throttled_since ?? run.now(),
      }
    : { ...run.step, attempt };
}

/** A 429 the governor answers for (not a daily quota, not billing): wait, never give up soon. */
function isBillingStop(error: ProviderError, retry: RetrySettings): boolean {
  return (error.retryAfterSeconds ?? 0) > retry.hintMaxSeconds;
}

function throttleDecision<T>(run: Run<T>, error: ProviderError): FailureDecision {
  const since = run.step.throttled_since ?? run.now();
  if (run.now() - since >= run.work.throttleGiveUpMs) {
    return {
      kind: 'give_up',
      reason: `rate limited without an answer for ${Math.round((run.now() - since) / 60_000)} min: ${error.message}`,
    };
  }
  const hint = error.retryAfterSeconds ?? 0;
  const wait = retryDelay(
    run.step.throttles + 1,
    hint,
    run.work.retry,
    (run.work.random ?? Math.random)(),
  );
  return { kind: 'retry', waitSeconds: wait, reason: error.message };
}

async function halted<T>(run: Run<T>): Promise<LaneResult> {
  const halt = run.halt;
  if (!halt) return result(run, 'continue', 0);
  if ('thrown' in halt) throw halt.thrown;
  const { decision, error } = halt;
  if (error.announced) await run.work.governor.observe(run.work.family, error.announced);
  if (error.type === 'throttled' && decision.kind === 'retry') {
    await run.work.governor.throttled(run.work.family, error.retryAfterSeconds);
  }
  if (decision.kind === 'give_up') {
    await run.work.governor.release(run.work.family, run.work.account, run.budget);
    await run.work.giveUp(decision.reason);
    return { ...result(run, 'gave_up', 0), budget: {} };
  }
  // The reservation is given up: after the wait its slots are stale, or the pace was cut.
  run.budget = { ticket: run.budget.ticket };
  return result(run, 'retry', decision.kind === 'retry' ? decision.waitSeconds : 1);
}
