/**
 * The HTTP status of every error code: the one table the surfaces answer from (the error
 * mapper, the dashboard's error pages, OpenAPI, the docs page and the route examples). The
 * domain names the codes and what they mean (shared/domain/kernel/errors.ts) and never an HTTP
 * status; the type makes this table name every code, and only codes.
 */
import type { ErrorCodeName } from '#shared/domain/kernel/errors';

export const HTTP_STATUS_OF_CODE: { readonly [Code in ErrorCodeName]: number } = {
  invalid_domain: 400,
  invalid_request: 400,
  invalid_json: 400,
  invalid_url: 400,
  invalid_event: 400,
  invalid_cursor: 400,
  invalid_email: 400,
  invalid_scope: 400,
  invalid_account: 400,
  invalid_confirmation: 400,
  invitation_invalid: 400,
  invalid_signature: 400,
  sign_in_link_invalid: 400,
  invalid_key: 401,
  unauthorized: 401,
  plan_required: 402,
  no_account: 403,
  insufficient_scope: 403,
  csrf_failed: 403,
  admin_not_allowed: 403,
  insufficient_role: 403,
  not_found: 404,
  method_not_allowed: 405,
  no_run: 409,
  run_pending: 409,
  duplicate_case: 409,
  case_archived: 409,
  prompt_set_changed: 409,
  duplicate_endpoint: 409,
  user_exists: 409,
  already_member: 409,
  already_invited: 409,
  member_changed: 409,
  already_subscribed: 409,
  event_in_progress: 409,
  export_not_ready: 409,
  idempotency_key_in_flight: 409,
  payload_too_large: 413,
  misdirected_request: 421,
  idempotency_key_reused: 422,
  unrecognized_log_format: 422,
  request_header_fields_too_large: 431,
  rate_limited: 429,
  quota_exceeded: 429,
  sign_in_limited: 429,
  scan_failed: 500,
  internal_error: 500,
  not_implemented: 501,
  auth_unavailable: 503,
  service_unavailable: 503,
};

/** The status a response carries for an error with `code`. */
export function httpStatusOf(code: ErrorCodeName): number {
  return HTTP_STATUS_OF_CODE[code];
}
