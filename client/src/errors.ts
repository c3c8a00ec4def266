/**
 * Typed errors. Every non-2xx answer of the API becomes an `AgentReadinessError` carrying the
 * envelope's `error.code` and message, the request id (quote it to support) and, on 429 and
 * 503, how long the server asked to wait (`Retry-After`).
 */
import type { components } from './generated/openapi.ts';

/** The codes the API documents today; new codes may appear, so `code` stays a string. */
export type KnownErrorCode =
  | 'invalid_domain'
  | 'invalid_request'
  | 'invalid_json'
  | 'invalid_url'
  | 'invalid_event'
  | 'invalid_cursor'
  | 'invalid_scope'
  | 'invalid_key'
  | 'unauthorized'
  | 'plan_required'
  | 'no_account'
  | 'insufficient_scope'
  | 'admin_not_allowed'
  | 'not_found'
  | 'method_not_allowed'
  | 'no_run'
  | 'run_pending'
  | 'duplicate_endpoint'
  | 'payload_too_large'
  | 'rate_limited'
  | 'quota_exceeded'
  | 'scan_failed'
  | 'internal_error'
  | 'auth_unavailable'
  | 'service_unavailable';

export type ErrorCode = KnownErrorCode | (string & {});

export type ErrorEnvelope = components['schemas']['Error'];

/** Seconds from a `Retry-After` value: delta-seconds or an HTTP date (RFC 9110 10.2.3). */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}

function isEnvelope(body: unknown): body is ErrorEnvelope {
  const error = (body as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  return typeof error?.code === 'string' && typeof error.message === 'string';
}

export class AgentReadinessError extends Error {
  override readonly name = 'AgentReadinessError';
  /** HTTP status of the answer. */
  readonly status: number;
  /** The envelope's `error.code` (`unexpected_response` when the body was not an envelope). */
  readonly code: ErrorCode;
  /** The `x-request-id` of the answer (or the envelope's `request_id`). */
  readonly requestId: string | undefined;
  /** Seconds the server asked to wait before retrying (429, 503). */
  readonly retryAfterSeconds: number | undefined;
  /** Extra machine-readable detail (validation issues, the scope needed...). */
  readonly details: Record<string, unknown> | undefined;
  /** The parsed body as received. */
  readonly body: unknown;

  constructor(response: Response, body: unknown) {
    const envelope = isEnvelope(body) ? body.error : undefined;
    super(
      envelope
        ? `${envelope.code}: ${envelope.message}`
        : `unexpected_response: HTTP ${response.status} ${response.statusText}`.trim(),
    );
    this.status = response.status;
    this.code = envelope?.code ?? 'unexpected_response';
    this.requestId = response.headers.get('x-request-id') ?? envelope?.request_id;
    this.retryAfterSeconds = parseRetryAfter(response.headers.get('retry-after'));
    this.details = envelope?.details;
    this.body = body;
  }
}

/** A `waitFor…` helper ran out of time before the job or run reached an end state. */
export class WaitTimeoutError extends Error {
  override readonly name = 'WaitTimeoutError';
  /** The last status seen. */
  readonly lastStatus: string;

  constructor(what: string, lastStatus: string, timeoutMs: number) {
    super(`${what} is still ${lastStatus} after ${Math.round(timeoutMs / 1000)} s`);
    this.lastStatus = lastStatus;
  }
}
