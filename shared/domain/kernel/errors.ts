/**
 * The typed error model. Domain code throws `AppError`s with a stable `code` and never knows
 * HTTP; `ERROR_CODES` is the one table that gives each code its HTTP status (the route manifest,
 * the error mapper, OpenAPI and the docs page all read it). Messages are written for the caller
 * and are always safe to expose.
 */
export const ERROR_CODES = {
  invalid_domain: { status: 400, description: 'domain missing or cannot be parsed' },
  invalid_request: { status: 400, description: 'the request does not match the schema' },
  invalid_json: { status: 400, description: 'the request body is not valid JSON' },
  invalid_url: {
    status: 400,
    description: 'the receiver URL is not https, holds credentials, or leads to a private address',
  },
  invalid_event: { status: 400, description: 'unknown event name' },
  invalid_cursor: { status: 400, description: 'the pagination cursor is malformed or foreign' },
  invalid_email: { status: 400, description: 'not a valid e-mail address' },
  invalid_scope: { status: 400, description: 'unknown scope, or a scope the caller cannot grant' },
  invalid_account: { status: 400, description: 'unknown plan or subscription state' },
  sign_in_link_invalid: {
    status: 400,
    description: 'the dashboard sign-in link is unknown, expired or already used',
  },
  invalid_key: { status: 401, description: 'bearer token sent but unknown' },
  unauthorized: { status: 401, description: 'bearer token missing or unknown' },
  plan_required: {
    status: 402,
    description: 'the plan does not allow this, or the subscription ended',
  },
  no_account: { status: 403, description: 'no Monitor account exists for the key' },
  insufficient_scope: { status: 403, description: 'the key lacks the scope this route needs' },
  csrf_failed: {
    status: 403,
    description: 'a dashboard form without its CSRF token, or sent from another site',
  },
  admin_not_allowed: {
    status: 403,
    description: 'monitor:admin is only for admin addresses, never for plugin keys',
  },
  not_found: { status: 404, description: 'no such resource (or it belongs to another account)' },
  method_not_allowed: { status: 405, description: 'the path exists but not for this method' },
  no_run: { status: 409, description: 'no run has finished yet' },
  run_pending: { status: 409, description: 'a run is already queued or in progress' },
  case_archived: { status: 409, description: 'the case is archived: restore it to start a run' },
  prompt_set_changed: {
    status: 409,
    description: "the case's prompts changed since the version sent was read",
  },
  duplicate_endpoint: { status: 409, description: 'URL already registered for the account' },
  user_exists: { status: 409, description: 'a user with this e-mail address exists' },
  idempotency_key_in_flight: {
    status: 409,
    description: 'a request with this Idempotency-Key is still being processed; retry later',
  },
  payload_too_large: { status: 413, description: 'the request body exceeds 64 KiB' },
  idempotency_key_reused: {
    status: 422,
    description: 'the Idempotency-Key was used before with another request body',
  },
  request_header_fields_too_large: {
    status: 431,
    description: 'the request headers are too large',
  },
  rate_limited: {
    status: 429,
    description: "anonymous daily scan limit, or the API key's request rate, reached",
  },
  quota_exceeded: { status: 429, description: 'batch or daily limit of the plan reached' },
  sign_in_limited: {
    status: 429,
    description: 'too many sign-in links asked for this address or network; retry later',
  },
  scan_failed: { status: 500, description: 'the scan could not be completed' },
  internal_error: { status: 500, description: 'unexpected server error' },
  not_implemented: { status: 501, description: 'the method is not supported by this server' },
  auth_unavailable: { status: 503, description: 'the bearer token cannot be verified now' },
  service_unavailable: { status: 503, description: 'a dependency is unavailable; retry later' },
} as const satisfies Record<string, { status: number; description: string }>;

export type ErrorCodeName = keyof typeof ERROR_CODES;

export interface AppErrorOptions {
  cause?: unknown;
  /** Seconds the caller should wait before retrying; becomes the Retry-After header. */
  retryAfterSeconds?: number;
  /** Extra machine-readable detail for the caller (validation issues, required scope...). */
  details?: Record<string, unknown>;
}

export class AppError extends Error {
  readonly code: ErrorCodeName;
  readonly retryAfterSeconds: number | undefined;
  readonly details: Record<string, unknown> | undefined;

  constructor(code: ErrorCodeName, message: string, options: AppErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.code = code;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.details = options.details;
  }

  get status(): number {
    return ERROR_CODES[this.code].status;
  }
}

/*
 * The subclasses name the family of a failure for code that reacts to it (`instanceof
 * UnavailableError`: retry; `instanceof BadRequestError`: the caller's mistake). The status still
 * comes from the code, through the table above.
 */
export class BadRequestError extends AppError {}
export class UnauthorizedError extends AppError {}
export class PaymentRequiredError extends AppError {}
export class ForbiddenError extends AppError {}
export class ConflictError extends AppError {}
export class RateLimitedError extends AppError {}

export class NotFoundError extends AppError {
  constructor(message = 'The requested resource was not found.', options?: AppErrorOptions) {
    super('not_found', message, options);
  }
}

/** A request that was valid but could not be carried out (for example `scan_failed`). */
export class OperationFailedError extends AppError {}

/** A dependency (the store, a provider) is unreachable right now; the caller may retry. */
export class UnavailableError extends AppError {}
