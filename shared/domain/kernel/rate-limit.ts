/**
 * Limits a client can read (issue 18 point 6; docs/api.md "Rate limits"): the state of one quota
 * policy after a request, which the HTTP surface writes as the `RateLimit-Policy` and `RateLimit`
 * fields of draft-ietf-httpapi-ratelimit-headers-11 (docs/decisions.md), and the port of the
 * per-key request counter behind the `key-requests` policy.
 */

/** One quota policy and what is left of it after this request. */
export interface LimitState {
  /** Policy name (`anon-scans`, `key-requests`, `batch-daily`, `batch-size`). */
  policy: string;
  /** Units the policy allows (`q`). */
  quota: number;
  /** Window of the quota in seconds (`w`); absent for a per-request cap. */
  windowSeconds?: number;
  /** Units left (`r`); absent for a per-request cap, which never runs out. */
  remaining?: number;
  /** Seconds until the window resets (`t`). */
  resetSeconds?: number;
  /** What one unit is when it is not a request (`domains`), as a vendor parameter. */
  unit?: 'domains';
}

/** Where an operation tells the surface about a limit it applied (no-op outside HTTP). */
export type LimitReporter = (state: LimitState) => void;

/** Counts requests per key in fixed windows, one atomic increment per request. */
export interface RequestCounter {
  /**
   * Adds one request to the key's window that starts at `windowStart` (epoch seconds) and
   * resolves with the window's count including it; the item may expire at `expiresAt`.
   */
  hit(keyId: string, windowStart: number, expiresAt: number): Promise<number>;
}

/** The per-key request window: a fixed minute. */
export const KEY_RATE_WINDOW_SECONDS = 60;

/** The fixed window `now` falls in, and the seconds until it ends (at least 1). */
export function fixedWindow(
  nowMs: number,
  windowSeconds: number,
): { start: number; resetSeconds: number } {
  const nowSeconds = Math.floor(nowMs / 1000);
  const start = nowSeconds - (nowSeconds % windowSeconds);
  return { start, resetSeconds: Math.max(1, start + windowSeconds - nowSeconds) };
}

/** Seconds until the next 00:00 UTC (daily quotas reset then). */
export function secondsUntilNextUtcDay(now: Date): number {
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return Math.ceil((next - now.getTime()) / 1000);
}
