/**
 * The typed error model of the domain. Domain code throws these and never knows HTTP;
 * `shared/api/error-mapper.ts` is the one place that turns a kind into a status code.
 *
 * `code` is the stable, machine-readable code of SPEC.md ("invalid_domain", "not_found", ...).
 * Messages of AppErrors are written for the API caller and are always safe to expose.
 */
export type ErrorKind =
  | 'bad_request'
  | 'unauthorized'
  | 'payment_required'
  | 'forbidden'
  | 'not_found'
  | 'method_not_allowed'
  | 'conflict'
  | 'payload_too_large'
  | 'rate_limited'
  | 'failed'
  | 'unavailable';

export interface AppErrorOptions {
  cause?: unknown;
  /** Seconds the caller should wait before retrying; becomes the Retry-After header. */
  retryAfterSeconds?: number;
  /** Extra machine-readable detail for the caller (validation issues, required scope...). */
  details?: Record<string, unknown>;
}

export class AppError extends Error {
  readonly kind: ErrorKind;
  readonly code: string;
  readonly retryAfterSeconds: number | undefined;
  readonly details: Record<string, unknown> | undefined;

  constructor(kind: ErrorKind, code: string, message: string, options: AppErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.kind = kind;
    this.code = code;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.details = options.details;
  }
}

export class BadRequestError extends AppError {
  constructor(code: string, message: string, options?: AppErrorOptions) {
    super('bad_request', code, message, options);
  }
}

export class UnauthorizedError extends AppError {
  constructor(code: string, message: string, options?: AppErrorOptions) {
    super('unauthorized', code, message, options);
  }
}

export class PaymentRequiredError extends AppError {
  constructor(code: string, message: string, options?: AppErrorOptions) {
    super('payment_required', code, message, options);
  }
}

export class ForbiddenError extends AppError {
  constructor(code: string, message: string, options?: AppErrorOptions) {
    super('forbidden', code, message, options);
  }
}

export class NotFoundError extends AppError {
  constructor(message = 'The requested resource was not found.', options?: AppErrorOptions) {
    super('not_found', 'not_found', message, options);
  }
}

export class ConflictError extends AppError {
  constructor(code: string, message: string, options?: AppErrorOptions) {
    super('conflict', code, message, options);
  }
}

export class RateLimitedError extends AppError {
  constructor(code: string, message: string, options?: AppErrorOptions) {
    super('rate_limited', code, message, options);
  }
}

/** A request that was valid but could not be carried out (for example `scan_failed`). */
export class OperationFailedError extends AppError {
  constructor(code: string, message: string, options?: AppErrorOptions) {
    super('failed', code, message, options);
  }
}

/** A dependency (the store, a provider) is unreachable right now; the caller may retry. */
export class UnavailableError extends AppError {
  constructor(code: string, message: string, options?: AppErrorOptions) {
    super('unavailable', code, message, options);
  }
}
