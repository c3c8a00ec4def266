/**
 * Safe retries for clients (issue 18, point 5; docs/api.md "Idempotency-Key"): a POST that
 * creates something may carry an `Idempotency-Key`; the first response to a key is kept for
 * 24 hours and replayed to a retry with the same body. The request pipeline owns the rules
 * (shared/surfaces/api/idempotency.ts); this is the port its store implements.
 */
export const IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;
export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;

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
   * SHA-256 `fingerprint`, or says what an earlier request with that key became.
   */
  claim(key: string, fingerprint: string, expiresAt: number): Promise<IdempotencyClaim>;
  /** Keeps the response of a claimed key until `expiresAt`. */
  complete(key: string, response: StoredResponse, expiresAt: number): Promise<void>;
  /** Lets the key go (the request failed in a way a retry may fix). */
  release(key: string): Promise<void>;
}
