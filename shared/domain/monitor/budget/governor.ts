/**
 * The governor: what a lane asks before it sends (docs/monitor.md "One budget per provider
 * account"). A lane registers its next batch in its account's queue, waits for its turn (a Step
 * Functions Wait, never a sleeping Lambda), then takes that many spaced send times from the
 * shared pace in one write, which also registers its following batch; it sends each call at its
 * slot, never before. What the providers answer teaches the pace: an announced limit replaces
 * the default, a 429 halves the pace and holds it for the provider's hint. Every store write
 * answers with the record, which this process keeps as its view of the fleet.
 */
import type { Clock } from '#shared/domain/kernel/clock';
import type { Metrics } from '#shared/domain/kernel/metrics';
import type { ProviderFamily } from '#shared/domain/monitor/provider-port';
import type { RateLimits } from './limits.ts';
import {
  activeAccounts,
  batchSize,
  bookedShare,
  CUT_WINDOW_MS,
  ceilingOf,
  cutRpm,
  intervalMs,
  type Pace,
  paceOf,
  shardCount,
  shardOf,
  staleAccounts,
  TOLERANCE_MS,
  turnAt,
} from './pace.ts';
import type { BudgetKey, BudgetView, ProviderBudget } from './ports.ts';

/** Send times taken from the pace: `count` slots from `at`, `every` milliseconds apart. */
export interface Reservation {
  at: number;
  every: number;
  count: number;
}

/** A batch registered in the account's queue, to be taken at `at`. */
export interface Ticket {
  size: number;
  /** The account's registrations up to and including this batch. */
  position: number;
  at: number;
  /** When it was registered (the queue wait is measured from here). */
  since: number;
  /** Times its turn was worked out again from a read of the record (no view in the process). */
  rechecks?: number | undefined;
  /** When the record its turn was worked out from was answered (epoch ms; `since` if unset). */
  seen?: number | undefined;
}

/** What a lane carries between its tasks (the state machine keeps it in `$.step.budget`). */
export interface LaneBudget {
  ticket?: Ticket | undefined;
  slots?: Reservation | undefined;
}

export type ReserveOutcome =
  | { kind: 'slots'; slots: Reservation; budget: LaneBudget }
  | { kind: 'wait'; until: number; budget: LaneBudget };

export interface ReserveRequest {
  family: ProviderFamily;
  /** The account the run belongs to: budget is shared by account first. */
  account: string;
  /** Calls the lane still has to send. */
  pending: number;
  /** Estimated tokens per call (input and output), for a pace in tokens per minute. */
  tokens: number;
  /** The lane cannot use slots closer than this (its call time over its concurrency). */
  minEveryMs?: number;
  budget: LaneBudget;
}

export interface Governor {
  /** Slots for the lane's next calls, or when to come back for them. */
  reserve(request: ReserveRequest): Promise<ReserveOutcome>;
  /** What a response's headers announced: the account's limits. */
  observe(family: ProviderFamily, announced: { rpm?: number; tpm?: number }): Promise<void>;
  /** A 429: the pace is cut and held for the provider's hint. */
  throttled(family: ProviderFamily, hintSeconds: number | null): Promise<void>;
  /** A lane that stops with a batch registered gives it back (nothing waits for it). */
  release(family: ProviderFamily, account: string, budget: LaneBudget): Promise<void>;
}

export interface GovernorDeps {
  budget: ProviderBudget;
  limits: RateLimits;
  clock: Clock;
  metrics?: Metrics | undefined;
}

/** A turn this close is taken now: the lane would only wake up to take it. */
const EARLY_MS = 250;
/**
 * A wait longer than this comes back halfway to work its turn out again: other accounts' runs
 * may have ended and freed their share. A process with no view of the record reads it for that,
 * at most MAX_RECHECKS times a batch.
 */
const RECHECK_MS = 30_000;
const MAX_RECHECKS = 2;
/** How far ahead the pointer may be when a lane takes slots (#horizonMs). */
const HORIZON_MIN_MS = 15_000;
const HORIZON_BATCHES = 3;
const MAX_HORIZON_MS = 120_000;

/** The spacing of a lane's slots: the pace's, or the lane's own if it cannot go faster. */
function everyOf(request: ReserveRequest, pace: Pace): number {
  return Math.max(intervalMs(pace, request.tokens), request.minEveryMs ?? 0);
}

export function createGovernor(deps: GovernorDeps): Governor {
  return new SharedBudgetGovernor(deps);
}

/** The governor of one process: its view of each family's record is the last write it made. */
class SharedBudgetGovernor implements Governor {
  readonly #views = new Map<ProviderFamily, BudgetView>();
  /** When each family's view was last answered by the store (epoch ms). */
  readonly #seenAt = new Map<ProviderFamily, number>();
  readonly #deps: GovernorDeps;

  constructor(deps: GovernorDeps) {
    this.#deps = deps;
  }

  async reserve(request: ReserveRequest): Promise<ReserveOutcome> {
    const held = request.budget.slots;
    if (held && held.count > 0) return { kind: 'slots', slots: held, budget: request.budget };
    const carried = request.budget.ticket;
    let ticket = carried ?? (await this.#register(request, this.#now()));
    // A lane back halfway through a long wait works its turn out again: other accounts' work
    // may have ended. (One back at its turn, a little early as Waits count whole seconds, does
    // not: it sleeps the rest in its task.)
    if (carried && ticket.at > this.#now() + RECHECK_MS / 2) {
      ticket = await this.#lookAgain(request, ticket);
    }
    if (ticket.at > this.#now() + EARLY_MS) return this.#waitFor(ticket);
    const taken = await this.#take(request, ticket, this.#now());
    if ('wait' in taken) return this.#waitFor(taken.wait);
    return {
      kind: 'slots',
      slots: taken.slots,
      budget: { ticket: taken.next, slots: taken.slots },
    };
  }

  /** A wait for the turn; a long one comes back halfway to look again. */
  #waitFor(ticket: Ticket): ReserveOutcome {
    const now = this.#now();
    const wait = ticket.at - now;
    const until = wait > RECHECK_MS ? now + wait / 2 : ticket.at;
    return { kind: 'wait', until, budget: { ticket } };
  }

  /**
   * The turn worked out again from this process's view of the record when a lane of it wrote
   * since the turn was (free), else from a read (at most MAX_RECHECKS a batch): other accounts'
   * runs may have ended and freed their share.
   */
  async #lookAgain(request: ReserveRequest, ticket: Ticket): Promise<Ticket> {
    const known = this.#views.get(request.family);
    const seenAt = this.#seenAt.get(request.family) ?? 0;
    if (known && seenAt > (ticket.seen ?? ticket.since)) {
      return { ...ticket, at: this.#turnFrom(known, request, ticket, seenAt), seen: seenAt };
    }
    const rechecks = ticket.rechecks ?? 0;
    if (rechecks >= MAX_RECHECKS) return ticket;
    const view = await this.#deps.budget.read(this.#keyOf(request.family, request.account));
    const at = this.#learn(request.family, view);
    return {
      ...ticket,
      at: this.#turnFrom(view, request, ticket, at),
      seen: at,
      rechecks: rechecks + 1,
    };
  }

  /** Keeps a record the store answered as this process's view; answers when. */
  #learn(family: ProviderFamily, view: BudgetView): number {
    const at = this.#now();
    this.#views.set(family, view);
    this.#seenAt.set(family, at);
    return at;
  }

  /**
   * A batch's turn by a view of the record as it was at `at`: its fair turn, and never before
   * the pointer is within the horizon (the lane would only find the slots taken).
   */
  #turnFrom(view: BudgetView, request: ReserveRequest, ticket: Ticket, at: number): number {
    const pace = this.#shardPace(request.family, at);
    const every = everyOf(request, pace);
    const turn = turnAt(view, { account: request.account, ...ticket }, at, every);
    const horizon = this.#horizonMs(request, pace, ticket.size * every, view, at);
    return Math.max(turn, view.next - horizon + EARLY_MS);
  }

  /**
   * How far ahead the pointer may be when a lane takes slots: a few of its batches, and a whole
   * batch (the largest a lane takes, about nine seconds of the pace) for every account with work
   * waiting or under way, so that each account's next batch, small or large, is taken at its
   * turn without waiting for another's (a batch an account a round: the fair order), up to
   * MAX_HORIZON_MS (slots locked in further ahead would not follow a cut of the pace).
   */
  #horizonMs(
    request: ReserveRequest,
    pace: Pace,
    spanMs: number,
    view: BudgetView | undefined,
    at: number,
  ): number {
    const wholeBatchMs = 1.5 * batchSize(pace, Number.MAX_SAFE_INTEGER) * everyOf(request, pace);
    const accounts = view ? activeAccounts(view, at) : 0;
    const rounds = Math.max(HORIZON_BATCHES * spanMs, (accounts + 1) * wholeBatchMs);
    return Math.min(MAX_HORIZON_MS, Math.max(HORIZON_MIN_MS, rounds));
  }

  async observe(family: ProviderFamily, announced: { rpm?: number; tpm?: number }) {
    const known = this.#views.get(family);
    const same = known?.announced?.rpm === announced.rpm && known?.announced?.tpm === announced.tpm;
    if (same || (announced.rpm === undefined && announced.tpm === undefined)) return;
    const shards = shardCount(announced.rpm ?? this.#ceiling(family).rpm);
    for (let shard = 0; shard < shards; shard += 1) {
      await this.#deps.budget.announce({ family, shard }, announced);
    }
    const base = known ?? EMPTY_VIEW;
    this.#views.set(family, { ...base, announced: { ...base.announced, ...announced } });
  }

  async throttled(family: ProviderFamily, hintSeconds: number | null) {
    const at = this.#now();
    const rpm = cutRpm(paceOf(family, this.#views.get(family), this.#deps.limits, at));
    const holdUntil = at + Math.max(0, hintSeconds ?? 0) * 1000;
    const shards = shardCount(this.#ceiling(family).rpm);
    for (let shard = 0; shard < shards; shard += 1) {
      const cut = { rpm, at, windowMs: CUT_WINDOW_MS, holdUntil };
      await this.#deps.budget.cut({ family, shard }, cut);
    }
    const base = this.#views.get(family) ?? EMPTY_VIEW;
    this.#views.set(family, { ...base, cut: { rpm, at }, next: Math.max(base.next, holdUntil) });
  }

  async release(family: ProviderFamily, account: string, budget: LaneBudget) {
    if (!budget.ticket) return;
    const key = this.#keyOf(family, account);
    await this.#deps.budget.withdraw(key, account, budget.ticket.size, this.#now());
  }

  #now(): number {
    return this.#deps.clock.now().getTime();
  }

  #ceiling(family: ProviderFamily): Pace {
    return ceilingOf(family, this.#views.get(family), this.#deps.limits);
  }

  #keyOf(family: ProviderFamily, account: string): BudgetKey {
    return { family, shard: shardOf(account, shardCount(this.#ceiling(family).rpm)) };
  }

  /** The pace one shard of the family sends at. */
  #shardPace(family: ProviderFamily, at: number): Pace {
    const pace = paceOf(family, this.#views.get(family), this.#deps.limits, at);
    const shards = shardCount(this.#ceiling(family).rpm);
    return { ...pace, rpm: pace.rpm / shards, ...(pace.tpm ? { tpm: pace.tpm / shards } : {}) };
  }

  async #register(request: ReserveRequest, at: number): Promise<Ticket> {
    const size = batchSize(this.#shardPace(request.family, at), request.pending);
    const key = this.#keyOf(request.family, request.account);
    const view = await this.#deps.budget.register(key, request.account, size, at);
    this.#learn(request.family, view);
    const position = view.accounts[request.account]?.registered ?? size;
    const every = everyOf(request, this.#shardPace(request.family, at));
    const turn = turnAt(view, { account: request.account, position, size }, at, every);
    return { size, position, at: turn, since: at };
  }

  /**
   * Slots from the pointer, or (the pointer beyond the horizon) the turn worked out again: from
   * this process's view when that already shows the pointer beyond (the pointer never moves
   * back: no operation), else from the record the refused take read.
   */
  async #take(request: ReserveRequest, ticket: Ticket, at: number): Promise<TakeResult> {
    const pace = this.#shardPace(request.family, at);
    const every = everyOf(request, pace);
    const rest = request.pending - ticket.size;
    const following = rest > 0 ? batchSize(pace, rest) : 0;
    const known = this.#views.get(request.family);
    const horizon = at + this.#horizonMs(request, pace, ticket.size * every, known, at);
    const later = (view: BudgetView, seen: number): TakeResult => ({
      wait: {
        ...ticket,
        at: Math.max(this.#turnFrom(view, request, ticket, seen), this.#now() + 1000),
        seen,
      },
    });
    if (known && known.next > horizon) return later(known, this.#seenAt.get(request.family) ?? at);
    const { view, firstAt } = await this.#deps.budget.take(
      this.#keyOf(request.family, request.account),
      {
        account: request.account,
        slots: ticket.size,
        spanMs: ticket.size * every,
        toleranceMs: TOLERANCE_MS,
        now: at,
        register: following,
        prune: known ? staleAccounts(known, at).filter((a) => a !== request.account) : [],
        behind: known !== undefined && known.next < at - TOLERANCE_MS,
        horizon,
      },
    );
    const seen = this.#learn(request.family, view);
    if (firstAt === null) return later(view, seen);
    this.#measure(request.family, view, firstAt - ticket.since, at);
    const position = view.accounts[request.account]?.registered ?? 0;
    const next = following > 0 ? { size: following, position, since: at } : undefined;
    return {
      slots: { at: firstAt, every, count: ticket.size },
      next: next && {
        ...next,
        at: turnAt(view, { account: request.account, ...next }, at, every),
      },
    };
  }

  /** The batch's wait for its turn, and how much of the coming minute the pace has promised. */
  #measure(family: ProviderFamily, view: BudgetView, waitedMs: number, at: number) {
    const dimensions = { family };
    this.#deps.metrics?.count('ProviderQueueWait', Math.max(0, waitedMs) / 1000, dimensions);
    this.#deps.metrics?.count('ProviderBudgetInUse', 100 * bookedShare(view, at), dimensions);
  }
}

const EMPTY_VIEW: BudgetView = { next: 0, accounts: {} };

/** Slots taken (and the lane's next batch registered), or a wait for a turn worked out again. */
type TakeResult = { wait: Ticket } | { slots: Reservation; next: Ticket | undefined };
