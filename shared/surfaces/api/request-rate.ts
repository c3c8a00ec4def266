/**
 * The per-key request rate (issue 18 point 6; docs/api.md "Rate limits"): every request with an
 * API key to a route that takes one counts in the key's fixed one-minute window (one counter
 * write, shared by every Lambda instance); past KEY_RATE_LIMIT_PER_MINUTE the request is 429
 * `rate_limited` with Retry-After, and every such response carries the `key-requests` policy in
 * its RateLimit headers. A counter the store cannot write lets the request through: the limit
 * protects the service, it must not become a second way for a store outage to fail requests.
 */
import type { Principal } from '#shared/domain/accounts/principal';
import type { Clock } from '#shared/domain/kernel/clock';
import { RateLimitedError } from '#shared/domain/kernel/errors';
import type { Logger } from '#shared/domain/kernel/logger';
import {
  fixedWindow,
  KEY_RATE_WINDOW_SECONDS,
  type LimitReporter,
  type RequestCounter,
} from '#shared/domain/kernel/rate-limit';
import { countsRequestRate, type RouteDefinition } from '#shared/surfaces/http/route';

export const KEY_RATE_POLICY = 'key-requests';

export interface RequestRateDeps {
  counter: RequestCounter;
  /** Requests per key per minute; 0 turns the limit off. */
  perMinute: number;
  clock: Clock;
}

/** Counts the request against its key's window; throws 429 when the window is full. */
export async function limitRequestRate(
  route: Pick<RouteDefinition, 'auth'>,
  principal: Principal,
  report: LimitReporter,
  deps: RequestRateDeps | undefined,
  logger: Logger,
): Promise<void> {
  if (!deps || deps.perMinute <= 0 || principal.kind !== 'key' || !countsRequestRate(route)) {
    return;
  }
  const { start, resetSeconds } = fixedWindow(deps.clock.now().getTime(), KEY_RATE_WINDOW_SECONDS);
  let count: number;
  try {
    // Kept a few minutes past its window: TTL deletion is late anyway, and nothing reads it then.
    count = await deps.counter.hit(principal.keyId, start, start + KEY_RATE_WINDOW_SECONDS + 300);
  } catch (error) {
    logger.warn('request rate not counted', { error: error as Error });
    return;
  }
  const quota = deps.perMinute;
  report({
    policy: KEY_RATE_POLICY,
    quota,
    windowSeconds: KEY_RATE_WINDOW_SECONDS,
    remaining: Math.max(0, quota - count),
    resetSeconds,
  });
  if (count > quota) {
    throw new RateLimitedError(
      'rate_limited',
      `This API key sent more than ${quota} requests in the current minute. ` +
        `Retry after ${resetSeconds} seconds.`,
      { retryAfterSeconds: resetSeconds, details: { limit: quota, window_seconds: 60 } },
    );
  }
}
