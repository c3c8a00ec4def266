/**
 * Safe retries for clients (issue 18, point 5; docs/api.md "Idempotency-Key"): a POST that
 * creates something may carry an `Idempotency-Key`; the first response to a key is kept for
 * 24 hours and replayed to a retry with the same body. The request pipeline owns the rules
 * (shared/surfaces/api/idempotency.ts); this is the port its store implements.
 *
 * While the first request runs its claim is held only until that request's own deadline (issue
 * 36, point 10): a function killed by its timeout runs no code that could let the key go, so the
 * claim lapses by itself and the client's retry runs instead of answering 409 for a day.
 */
export const IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;
export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;
/** Added to the function's remaining time: the clocks of the function and the store may differ. */
export const IN_FLIGHT_MARGIN_MS = 2_000;
/** When the caller cannot tell its remaining time: the longest an HTTP integration runs (29 s). */
export const DEFAULT_IN_FLIGHT_MS = 29_000;

/**
 * The epoch second an in-flight claim lapses: the request's deadline (`remainingMs` from now, the
 * function's remaining time) plus the margin, rounded up to whole seconds.
 */
export function inFlightExpiry(nowMs: number, remainingMs: number | undefined): number {
  const remaining =
    remainingMs !== undefined && Number.isFinite(remainingMs) && remainingMs > 0
      ? remainingMs
      : DEFAULT_IN_FLIGHT_MS;
  return Math.ceil((nowMs + remaining + IN_FLIGHT_MARGIN_MS) / 1000);
}

/** A response as it is replayed: status, the headers worth keeping, the body text. */
export interface StoredResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export type IdempotencyClaim =
  | { state: 'claimed' }
  | { state: 'in_flight' }
  | { state: 'reused' }
  | { state: 'done'; response: StoredResponse };

export interface IdempotencyStore {
  /**
   * Claims `key` (already scoped to the caller and route) for a request whose body has the
   * SHA-256 `fingerprint` until the epoch second `expiresAt` (its deadline), or says what an
   * earlier request with that key became. A claim whose `expiresAt` has passed is free again.
   */
  claim(key: string, fingerprint: string, expiresAt: number): Promise<IdempotencyClaim>;
  /** Keeps the response of a claimed key until `expiresAt`. */
  complete(key: string, response: StoredResponse, expiresAt: number): Promise<void>;
  /** Lets the key go (the request failed in a way a retry may fix). */
  release(key: string): Promise<void>;
}
