/**
 * The typed error model. Domain code throws `AppError`s with a stable `code` and never knows
 * HTTP: `ERROR_CODES` lists every code with what it means; the HTTP surfaces give each code its
 * status in one table of their own (shared/surfaces/http/error-status.ts). Messages are written
 * for the caller and are always safe to expose.
 */
export const ERROR_CODES = {
  invalid_domain: { family: 'invalid', description: 'domain missing or cannot be parsed' },
  invalid_request: { family: 'invalid', description: 'the request does not match the schema' },
  invalid_json: { family: 'invalid', description: 'the request body is not valid JSON' },
  invalid_url: {
    family: 'invalid',
    description: 'the receiver URL is not https, holds credentials, or leads to a private address',
  },
  invalid_event: { family: 'invalid', description: 'unknown event name' },
  invalid_cursor: {
    family: 'invalid',
    description: 'the pagination cursor is malformed or foreign',
  },
  invalid_email: { family: 'invalid', description: 'not a valid e-mail address' },
  invalid_scope: {
    family: 'invalid',
    description: 'unknown scope, or a scope the caller cannot grant',
  },
  invalid_account: { family: 'invalid', description: 'unknown plan or subscription state' },
  invalid_confirmation: {
    family: 'invalid',
    description: 'the confirmation does not name this account',
  },
  invitation_invalid: {
    family: 'invalid',
    description: 'the invitation is unknown, used, withdrawn, expired or for another address',
  },
  invalid_signature: {
    family: 'invalid',
    description:
      "the payment provider's event signature is missing, wrong or outside its five-minute window",
  },
  sign_in_link_invalid: {
    family: 'invalid',
    description: 'the dashboard sign-in link is unknown, expired or already used',
  },
  invalid_key: { family: 'unauthenticated', description: 'bearer token sent but unknown' },
  unauthorized: { family: 'unauthenticated', description: 'bearer token missing or unknown' },
  plan_required: {
    family: 'payment',
    description: 'the plan does not allow this, or the subscription ended',
  },
  no_account: { family: 'forbidden', description: 'no Monitor account exists for the key' },
  insufficient_scope: {
    family: 'forbidden',
    description: 'the key lacks the scope this route needs',
  },
  csrf_failed: {
    family: 'forbidden',
    description: 'a dashboard form without its CSRF token, or sent from another site',
  },
  admin_not_allowed: {
    family: 'forbidden',
    description: 'monitor:admin is only for admin addresses, never for plugin keys',
  },
  insufficient_role: {
    family: 'forbidden',
    description: "the member's role in the account does not allow this",
  },
  not_found: {
    family: 'not_found',
    description: 'no such resource (or it belongs to another account)',
  },
  method_not_allowed: {
    family: 'protocol',
    description: 'the path exists but not for this method',
  },
  no_run: { family: 'conflict', description: 'no run has finished yet' },
  run_pending: { family: 'conflict', description: 'a run is already queued or in progress' },
  duplicate_case: {
    family: 'conflict',
    description:
      'an active case with the same name, domain, category, region and languages exists (details.case_id)',
  },
  case_archived: {
    family: 'conflict',
    description: 'the case is archived: restore it to start a run',
  },
  prompt_set_changed: {
    family: 'conflict',
    description: "the case's prompts changed since the version sent was read",
  },
  duplicate_endpoint: { family: 'conflict', description: 'URL already registered for the account' },
  user_exists: { family: 'conflict', description: 'a user with this e-mail address exists' },
  already_member: {
    family: 'conflict',
    description: 'the address belongs to a member of the account already',
  },
  already_invited: {
    family: 'conflict',
    description: 'an open invitation for this address exists already',
  },
  export_not_ready: {
    family: 'conflict',
    description: 'the export is not finished yet; read its status until it is done',
  },
  member_changed: {
    family: 'conflict',
    description: "the member's role changed meanwhile; read the account again",
  },
  already_subscribed: {
    family: 'conflict',
    description: 'the account has a live subscription already: manage it instead',
  },
  event_in_progress: {
    family: 'conflict',
    description: "the payment provider's event is being handled by another delivery; retry later",
  },
  idempotency_key_in_flight: {
    family: 'conflict',
    description: 'a request with this Idempotency-Key is still being processed; retry later',
  },
  payload_too_large: {
    family: 'protocol',
    description:
      'the request body exceeds its limit: 64 KiB of JSON, 6 MB of access log as sent, 200 MB once expanded',
  },
  misdirected_request: {
    family: 'protocol',
    description: 'the Host names a server this one does not answer as (the local stack)',
  },
  unrecognized_log_format: {
    family: 'protocol',
    description: 'no line of the first hundred reads as an access log of the format asked for',
  },
  idempotency_key_reused: {
    family: 'protocol',
    description: 'the Idempotency-Key was used before with another request body',
  },
  request_header_fields_too_large: {
    family: 'protocol',
    description: 'the request headers are too large',
  },
  rate_limited: {
    family: 'limited',
    description: "anonymous daily scan limit, or the API key's request rate, reached",
  },
  quota_exceeded: { family: 'limited', description: 'batch or daily limit of the plan reached' },
  sign_in_limited: {
    family: 'limited',
    description: 'too many sign-in links asked for this address or network; retry later',
  },
  scan_failed: { family: 'failed', description: 'the scan could not be completed' },
  internal_error: { family: 'failed', description: 'unexpected server error' },
  not_implemented: {
    family: 'protocol',
    description: 'the method is not supported by this server',
  },
  auth_unavailable: {
    family: 'unavailable',
    description: 'the bearer token cannot be verified now',
  },
  service_unavailable: {
    family: 'unavailable',
    description: 'a dependency is unavailable; retry later',
  },
} as const satisfies Record<string, { family: ErrorFamily; description: string }>;

/**
 * What kind of failure a code names, for code that reacts to it (retry an `unavailable` one, give
 * a unit back for an `invalid` one). Each subclass below is thrown with the codes of one family;
 * `protocol` codes (the request as a whole: its method, its size) are thrown as plain AppErrors.
 */
export type ErrorFamily =
  | 'invalid'
  | 'unauthenticated'
  | 'payment'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'limited'
  | 'failed'
  | 'unavailable'
  | 'protocol';

export type ErrorCodeName = keyof typeof ERROR_CODES;

/** The codes of one family. */
export type CodeOf<F extends ErrorFamily> = {
  [C in ErrorCodeName]: (typeof ERROR_CODES)[C]['family'] extends F ? C : never;
}[ErrorCodeName];

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
}

/*
 * The subclasses name the family of a failure for code that reacts to it (`instanceof
 * UnavailableError`: retry; `instanceof BadRequestError`: the caller's mistake), and each takes
 * only the codes of its family, so a class never promises another kind of failure than its code
 * says. None carries a status: the HTTP surfaces map the code alone.
 */

/** The request is the caller's mistake (`invalid`). */
export class BadRequestError extends AppError {
  constructor(code: CodeOf<'invalid'>, message: string, options?: AppErrorOptions) {
    super(code, message, options);
  }
}

/** No valid credentials came with the request (`unauthenticated`). */
export class UnauthorizedError extends AppError {
  constructor(code: CodeOf<'unauthenticated'>, message: string, options?: AppErrorOptions) {
    super(code, message, options);
  }
}

/** The account's plan does not cover it (`payment`). */
export class PaymentRequiredError extends AppError {
  constructor(code: CodeOf<'payment'>, message: string, options?: AppErrorOptions) {
    super(code, message, options);
  }
}

/** The caller is known and may not do this (`forbidden`). */
export class ForbiddenError extends AppError {
  constructor(code: CodeOf<'forbidden'>, message: string, options?: AppErrorOptions) {
    super(code, message, options);
  }
}

/** The state of the resource does not allow it now (`conflict`). */
export class ConflictError extends AppError {
  constructor(code: CodeOf<'conflict'>, message: string, options?: AppErrorOptions) {
    super(code, message, options);
  }
}

/** A limit or quota is used up for now (`limited`). */
export class RateLimitedError extends AppError {
  constructor(code: CodeOf<'limited'>, message: string, options?: AppErrorOptions) {
    super(code, message, options);
  }
}

export class NotFoundError extends AppError {
  constructor(message = 'The requested resource was not found.', options?: AppErrorOptions) {
    super('not_found', message, options);
  }
}

/** A request that was valid but could not be carried out (for example `scan_failed`). */
export class OperationFailedError extends AppError {
  constructor(code: CodeOf<'failed'>, message: string, options?: AppErrorOptions) {
    super(code, message, options);
  }
}

/** A dependency (the store, a provider) is unreachable right now; the caller may retry. */
export class UnavailableError extends AppError {
  constructor(code: CodeOf<'unavailable'>, message: string, options?: AppErrorOptions) {
    super(code, message, options);
  }
}
