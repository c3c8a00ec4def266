/**
 * The arithmetic of the shared budget (docs/monitor.md "One budget per provider account"), pure
 * so that unit tests check it exactly:
 *
 * - the pace: the configured (or announced, or default) requests per minute, cut by 30 % by a
 *   429 and grown back linearly to the ceiling over half a minute without one; tokens per minute,
 *   where metered, stretch the interval of a call by its estimated tokens;
 * - the batch: how many slots a lane takes at once (about six seconds of the pace);
 * - the turn: when a registered batch should be taken so that every account with waiting work
 *   gets its share of the pace (max-min fair: by the time this account has been served `ahead`
 *   slots, every other account has been served as much of its own waiting work, up to `ahead`).
 */
import { sha256Hex } from '#shared/domain/kernel/hash';
import type { ProviderFamily } from '#shared/domain/monitor/provider-port';
import {
  ANNOUNCES_LIMITS,
  DEFAULT_RATE_LIMITS,
  type FamilyRateLimit,
  type RateLimits,
} from './limits.ts';
import type { BudgetView } from './ports.ts';

/**
 * The provider's bucket holds about a second's worth. Half of it may go to a pointer left behind
 * (its first slots are sent at once) and half to calls that leave late (after a Wait, a busy
 * moment): together never more than the bucket forgives (docs/decisions.md "The fleet's budget").
 */
export const TOLERANCE_MS = 500;
/** Slots a batch spans, in seconds of the pace: few store writes, fine enough turns. */
const BATCH_SECONDS = 6;
const MIN_BATCH = 4;
const MAX_BATCH = 64;
/**
 * The pace is 95 % of the limit: the provider's bucket forgives nothing beyond its second's
 * worth, and a call can leave a little late after a Wait.
 */
const HEADROOM = 0.95;
/** A 429 cuts the pace by 30 %; half a minute without one brings it back to the ceiling. */
const CUT_FACTOR = 0.7;
const RECOVERY_MS = 30_000;
/** At most one cut per this many milliseconds (the lanes of one burst see the same 429s). */
export const CUT_WINDOW_MS = 2000;
/** An account untouched this long has no lane waiting: its entry counts for nothing. */
export const STALE_MS = 15 * 60_000;
/** One pointer serves at most this many requests a minute; a faster pace is sharded. */
const SHARD_RPM = 6000;

/** The pace a lane sends at: requests and (when metered) tokens per minute. */
export interface Pace {
  rpm: number;
  tpm?: number | undefined;
  /** True while the provider has not yet announced a limit it is known to announce. */
  probing: boolean;
}

/**
 * The ceiling: the configured limit (never above what the provider announced), else the
 * announced one, else the family's conservative default.
 */
export function ceilingOf(
  family: ProviderFamily,
  view: BudgetView | undefined,
  limits: RateLimits,
): Pace {
  const configured = limits[family];
  const announced = view?.announced;
  const fallback: FamilyRateLimit = DEFAULT_RATE_LIMITS[family];
  const pick = (own: number | undefined, told: number | undefined, base: number | undefined) =>
    own !== undefined ? Math.min(own, told ?? own) : (told ?? base);
  const rpm = pick(configured?.rpm, announced?.rpm, fallback.rpm) ?? fallback.rpm;
  const tpm = pick(configured?.tpm, announced?.tpm, configured ? undefined : fallback.tpm);
  const probing = !configured && ANNOUNCES_LIMITS[family] && announced?.rpm === undefined;
  return {
    rpm: rpm * HEADROOM,
    ...(tpm !== undefined ? { tpm: tpm * HEADROOM } : {}),
    probing,
  };
}

/** The pace now: the ceiling, or the cut pace growing back to it since the last 429. */
export function paceOf(
  family: ProviderFamily,
  view: BudgetView | undefined,
  limits: RateLimits,
  now: number,
): Pace {
  const ceiling = ceilingOf(family, view, limits);
  const cut = view?.cut;
  if (!cut || cut.rpm >= ceiling.rpm) return ceiling;
  const recovered = Math.min(1, Math.max(0, now - cut.at) / RECOVERY_MS);
  const rpm = cut.rpm + (ceiling.rpm - cut.rpm) * recovered;
  const factor = rpm / ceiling.rpm;
  return { ...ceiling, rpm, ...(ceiling.tpm ? { tpm: ceiling.tpm * factor } : {}) };
}

/** The pace a 429 leaves: 70 % of the current one, never below one request a minute. */
export function cutRpm(pace: Pace): number {
  return Math.max(1, pace.rpm * CUT_FACTOR);
}

/** Milliseconds between two calls of `tokens` estimated tokens each. */
export function intervalMs(pace: Pace, tokens: number): number {
  const byRequests = 60_000 / pace.rpm;
  const byTokens = pace.tpm ? (tokens * 60_000) / pace.tpm : 0;
  return Math.max(byRequests, byTokens);
}

/**
 * Slots a lane registers and takes at once: one while probing, else about six seconds' worth; a
 * rest smaller than half a batch goes with the batch (it would cost a turn of its own).
 */
export function batchSize(pace: Pace, pending: number): number {
  if (pace.probing) return Math.min(1, pending);
  const size = Math.max(
    MIN_BATCH,
    Math.min(MAX_BATCH, Math.round((pace.rpm / 60) * BATCH_SECONDS)),
  );
  return pending <= size * 1.5 ? pending : size;
}

/** Records one pace is split over: a pointer serves up to SHARD_RPM requests a minute. */
export function shardCount(rpm: number): number {
  return Math.max(1, Math.ceil(rpm / SHARD_RPM));
}

/** The shard an account's lanes use (a stable hash of its id). */
export function shardOf(account: string, shards: number): number {
  if (shards <= 1) return 0;
  let hash = 0;
  for (const char of account) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return hash % shards;
}

/**
 * How an account is named in the budget's record: the first 12 hex digits of its id's SHA-256.
 * The record holds three entries per account with waiting work, so a short name keeps it small
 * (about 55 bytes an account where the 36-character id took 130: a write's units grow with the
 * item); 48 bits make a clash between two accounts' names unlikely at any fleet size
 * (docs/decisions.md "The fleet's budget").
 */
export function budgetAccount(accountId: string): string {
  return sha256Hex(accountId).slice(0, 12);
}

/** Whether an account's entry is stale: nothing registered or taken for STALE_MS. */
function isStale(queue: { touched: number }, now: number): boolean {
  return queue.touched < now - STALE_MS;
}

/** Accounts whose entries are stale (nothing registered or taken for STALE_MS). */
export function staleAccounts(view: BudgetView, now: number): string[] {
  return Object.entries(view.accounts)
    .filter(([, queue]) => isStale(queue, now))
    .map(([account]) => account);
}

/** Accounts whose entries are not stale: those with work waiting or under way. */
export function activeAccounts(view: BudgetView, now: number): number {
  return Object.values(view.accounts).filter((queue) => !isStale(queue, now)).length;
}

/** Slots of `account` registered before a batch that ends at `position`, not yet granted. */
export function slotsAhead(view: BudgetView, account: string, position: number, size: number) {
  const queue = view.accounts[account];
  return Math.max(0, position - size - (queue?.granted ?? 0));
}

/**
 * When a batch registered at `position` (the account's registrations up to and including it)
 * should be taken: now when nothing of its account is ahead of it; else after the pointer's
 * backlog and the slots that max-min fair sharing serves before the account's `ahead` slots
 * are through (each other account's waiting work, up to `ahead`).
 */
export function turnAt(
  view: BudgetView,
  ticket: { account: string; position: number; size: number },
  now: number,
  every: number,
): number {
  const ahead = slotsAhead(view, ticket.account, ticket.position, ticket.size);
  if (ahead === 0) return now;
  let served = ahead;
  for (const [account, queue] of Object.entries(view.accounts)) {
    if (account === ticket.account || isStale(queue, now)) continue;
    served += Math.min(Math.max(0, queue.registered - queue.granted), ahead);
  }
  return now + Math.max(0, view.next - now) + served * every;
}

/** How much of the coming minute the pace has promised already (0..1): the budget in use. */
export function bookedShare(view: BudgetView, now: number): number {
  return Math.min(1, Math.max(0, view.next - now) / 60_000);
}
