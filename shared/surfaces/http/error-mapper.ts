/**
 * From a thrown error to what the HTTP surfaces answer: an `AppError` keeps its code, status,
 * message and details and gets its headers (`Retry-After`, `WWW-Authenticate`, `Allow`); anything
 * else is a generic 500, marked so that the pipeline logs it in full and shows the caller none of
 * it.
 */
import { AppError, type ErrorCodeName } from '#shared/domain/kernel/errors';
import { httpStatusOf } from './error-status.ts';

/** Seconds a client should wait after a 503 that did not name its own delay. */
const DEFAULT_UNAVAILABLE_RETRY_SECONDS = 5;

/** An error as the envelope and the response headers show it. */
export interface MappedError {
  status: number;
  code: ErrorCodeName;
  message: string;
  details?: Record<string, unknown>;
  headers: Record<string, string>;
  /** True when the error was not an AppError: log it in full, show the caller nothing of it. */
  unexpected: boolean;
}

/** The one place where an error becomes a status, an envelope and headers. */
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
  const status = httpStatusOf(error.code);
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
