/**
 * The free daily scans of a visitor without a key (`ANONYMOUS_SCANS_PER_DAY` per UTC day per
 * address bucket, client-address.ts): taken atomically before a scan runs, so parallel requests
 * together never pass the limit; given back when the scan could not reach its site or was not
 * the caller's doing (service.ts); read, without taking one, for the pages that say how many are
 * left (issue 36 point 1).
 */
import type { Clock } from '#shared/domain/kernel/clock';
import { RateLimitedError } from '#shared/domain/kernel/errors';
import { type LimitReporter, secondsUntilNextUtcDay } from '#shared/domain/kernel/rate-limit';
import { quotaBucketForAddress } from './client-address.ts';
import type { QuotaStore } from './ports.ts';

/** The anonymous scan limit's policy name in the RateLimit headers (docs/api.md "Rate limits"). */
export const ANONYMOUS_SCANS_POLICY = 'anon-scans';

export interface AnonymousQuotaDeps {
  quotas: QuotaStore;
  anonymousScansPerDay: number;
  clock: Clock;
}

/** One counted unit: the address bucket's counter of one UTC day. */
export interface QuotaUnit {
  key: string;
  window: string;
}

/** "1 free scan", "3 free scans": a quota in words (a deployment may allow one a day). */
export function freeScans(count: number): string {
  return `${count} free ${count === 1 ? 'scan' : 'scans'}`;
}

/** A visitor's free scans of today, as the pages and the refusal say them. */
export interface AnonymousAllowance {
  /** Free scans a day per address. */
  quota: number;
  /** Left today (0 when spent). */
  left: number;
  /** When they come back: the next 00:00 UTC. */
  resetsAt: string;
  /** Seconds until then. */
  resetSeconds: number;
}

function unitOf(sourceIp: string, at: Date): QuotaUnit {
  return {
    key: `ANON#${quotaBucketForAddress(sourceIp)}`,
    window: `DAY#${at.toISOString().slice(0, 10)}`,
  };
}

function allowanceAt(quota: number, used: number, at: Date): AnonymousAllowance {
  const resetSeconds = secondsUntilNextUtcDay(at);
  return {
    quota,
    left: Math.max(0, quota - used),
    resetsAt: new Date(at.getTime() + resetSeconds * 1000).toISOString(),
    resetSeconds,
  };
}

/** "in 5 hours and 12 minutes", "in 40 minutes", "in less than a minute". */
export function inWords(seconds: number): string {
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const part = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (hours === 0 && minutes === 0) return 'in less than a minute';
  if (hours === 0) return `in ${part(minutes, 'minute')}`;
  return minutes === 0
    ? `in ${part(hours, 'hour')}`
    : `in ${part(hours, 'hour')} and ${part(minutes, 'minute')}`;
}

/** How many free scans the address has left today, without taking one. */
export async function anonymousScansLeft(
  deps: AnonymousQuotaDeps,
  sourceIp: string,
): Promise<AnonymousAllowance> {
  const at = deps.clock.now();
  const unit = unitOf(sourceIp, at);
  const used = await deps.quotas.used(unit.key, unit.window);
  return allowanceAt(deps.anonymousScansPerDay, used, at);
}

/**
 * Takes one free scan of the address, atomically; refuses with 429 `rate_limited` (how many are
 * left, 0, and when they come back) when none is left. Returns the unit, to give it back.
 */
export async function takeAnonymousQuota(
  deps: AnonymousQuotaDeps,
  sourceIp: string,
  report: LimitReporter | undefined,
): Promise<QuotaUnit> {
  const at = deps.clock.now();
  const unit = unitOf(sourceIp, at);
  const quota = deps.anonymousScansPerDay;
  const retryAfterSeconds = secondsUntilNextUtcDay(at);
  const used = await deps.quotas.consume(
    unit.key,
    unit.window,
    quota,
    Math.floor(at.getTime() / 1000) + retryAfterSeconds + 86_400,
  );
  report?.({
    policy: ANONYMOUS_SCANS_POLICY,
    quota,
    windowSeconds: 86_400,
    remaining: used === false ? 0 : quota - used,
    resetSeconds: retryAfterSeconds,
  });
  if (used === false) {
    const allowance = allowanceAt(quota, quota, at);
    throw new RateLimitedError(
      'rate_limited',
      `This address has used its ${freeScans(quota)} of today: 0 left. They come back at 00:00 UTC (${inWords(retryAfterSeconds)}). ` +
        'Use an API key with the scans:write scope to scan more.',
      {
        retryAfterSeconds,
        details: {
          quota,
          left: 0,
          resets_at: allowance.resetsAt,
          reset_seconds: allowance.resetSeconds,
        },
      },
    );
  }
  return unit;
}
