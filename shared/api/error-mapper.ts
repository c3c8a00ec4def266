import { AppError, type ErrorKind } from '#shared/errors';

/** The one place where error kinds become HTTP status codes. */
const STATUS_BY_KIND: Record<ErrorKind, number> = {
  bad_request: 400,
  unauthorized: 401,
  payment_required: 402,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  payload_too_large: 413,
  rate_limited: 429,
  failed: 500,
  unavailable: 503,
};

/** Seconds a client should wait after a 503 that did not name its own delay. */
const DEFAULT_UNAVAILABLE_RETRY_SECONDS = 5;

export interface MappedError {
  status: number;
  code: string;
  message: string;
  details?: Record<string, unknown>;
  headers: Record<string, string>;
  /** True when the error was not an AppError: log it in full, show the caller nothing of it. */
  unexpected: boolean;
}

export function mapError(error: unknown): MappedError {
  if (!(error instanceof AppError)) {
    return {
      status: 500,
      code: 'internal_error',
      message: 'An unexpected error occurred. Please retry; if it persists, contact support.',
      headers: {},
      unexpected: true,
    };
  }
  const status = STATUS_BY_KIND[error.kind];
  const headers: Record<string, string> = {};
  const retryAfter =
    error.retryAfterSeconds ?? (status === 503 ? DEFAULT_UNAVAILABLE_RETRY_SECONDS : undefined);
  if (retryAfter !== undefined) headers['retry-after'] = String(Math.max(0, Math.ceil(retryAfter)));
  if (status === 401) headers['www-authenticate'] = 'Bearer realm="api"';
  const allow = error.details?.allow;
  if (status === 405 && Array.isArray(allow)) headers.allow = allow.join(', ');
  return {
    status,
    code: error.code,
    message: error.message,
    ...(error.details ? { details: error.details } : {}),
    headers,
    unexpected: false,
  };
}
