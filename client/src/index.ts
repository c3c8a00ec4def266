/**
 * @agent-readiness/client: a typed client for the Agent-Readiness Scan and AI Answer Monitor
 * API. See README.md; every example there runs in the repository's tests.
 */
export {
  AgentReadiness,
  type ClientOptions,
  type CreateOptions,
  type WaitOptions,
} from './client.ts';
export {
  AgentReadinessError,
  type ErrorCode,
  type KnownErrorCode,
  parseRetryAfter,
  WaitTimeoutError,
} from './errors.ts';
export type { components, operations, paths, webhooks } from './generated/openapi.ts';
export { CURSOR_LISTS, type CursorListPath, type ItemOf, type ListQuery } from './pagination.ts';
export type { RetryOptions } from './retry.ts';
export type * from './types.ts';
export {
  type VerifyWebhookOptions,
  verifyWebhook,
  type WebhookEvent,
  type WebhookFailure,
  type WebhookHeaders,
  WebhookVerificationError,
} from './webhooks.ts';
