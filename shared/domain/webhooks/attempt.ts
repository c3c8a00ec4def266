/**
 * A delivery attempt's result and its judgement (`classifyAttempt`); sending it is the HTTP
 * adapter's job (shared/adapters/http/webhook-attempt.ts).
 *
 * Outcomes:
 * - 2xx: `delivered`.
 * - 410 Gone: `gone`; the receiver says the endpoint no longer exists, so deliveries to that
 *   endpoint stop (Standard Webhooks).
 * - 3xx: a failure (`redirect`), retried; the Location is recorded, never followed.
 * - every other status, 4xx included, and timeouts, network and TLS errors: `retry`. No 4xx is
 *   permanent: 400/401/403/404/413 from a receiver are usually a deploy or a configuration the
 *   customer fixes within the retry horizon, and the schedule bounds the cost (as Stripe and
 *   Svix do).
 * - `blocked` (the policy refused the destination; nothing was sent): `failed`, final for this
 *   delivery. It is not a network condition that passes with time, and retrying a name that
 *   pointed into a private network only gives a rebinding attempt more tries. The endpoint
 *   stays active: the next event is checked afresh.
 */
import type { Metrics } from '#shared/domain/kernel/metrics';

export type AttemptErrorClass = 'timeout' | 'network' | 'tls' | 'blocked';

export interface AttemptResponse {
  status: number;
  durationMs: number;
  /** The first `maxResponseBytes` of the body, as UTF-8 text. */
  bodySnippet: string;
  truncated: boolean;
  retryAfter: string | null;
  location: string | null;
}

export interface AttemptError {
  error: { class: AttemptErrorClass; message: string };
  durationMs: number;
}

export type AttemptResult = AttemptResponse | AttemptError;

export type AttemptOutcome = 'delivered' | 'retry' | 'gone' | 'failed';

export interface ClassifyAttemptInput {
  status?: number;
  error?: { class: string; message: string };
  durationMs: number;
  retryAfter?: string | null;
  location?: string | null;
}

export interface AttemptClassification {
  outcome: AttemptOutcome;
  /** HTTP status, or null when no response came. */
  status: number | null;
  /** `http`, `redirect`, or the error class of a failed send; null when delivered. */
  errorClass: string | null;
  /** Short text for the delivery log (`last_error`); null when delivered. */
  error: string | null;
  durationMs: number;
  /** Passed on to nextDelaySeconds when the outcome is `retry`. */
  retryAfter: string | null;
}

/** Judges one attempt; pure. Takes a `sendAttempt` result as it is. */
export function classifyAttempt(input: ClassifyAttemptInput): AttemptClassification {
  const base = { durationMs: input.durationMs, retryAfter: input.retryAfter ?? null };
  if (input.status === undefined) {
    if (input.error === undefined) {
      throw new TypeError('An attempt has either a status or an error');
    }
    const outcome = input.error.class === 'blocked' ? 'failed' : 'retry';
    const { class: errorClass, message } = input.error;
    return { ...base, outcome, status: null, errorClass, error: message };
  }
  const status = input.status;
  if (status >= 200 && status <= 299) {
    return { ...base, outcome: 'delivered', status, errorClass: null, error: null };
  }
  if (status === 410) {
    const error = 'HTTP 410 Gone: the receiver asked for no more deliveries to this endpoint';
    return { ...base, outcome: 'gone', status, errorClass: 'http', error };
  }
  if (status >= 300 && status <= 399) {
    const target = input.location ? ` to ${clip(input.location, 200)}` : '';
    const error = `HTTP ${status}: redirect${target} not followed (a redirect counts as a failure)`;
    return { ...base, outcome: 'retry', status, errorClass: 'redirect', error };
  }
  return { ...base, outcome: 'retry', status, errorClass: 'http', error: `HTTP ${status}` };
}

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}…`;
}

/** `WebhookDeliverySucceeded` for a 2xx, `WebhookDeliveryFailed` for any other attempt. */
export function countAttempt(metrics: Metrics | undefined, outcome: AttemptClassification): void {
  metrics?.count(
    outcome.outcome === 'delivered' ? 'WebhookDeliverySucceeded' : 'WebhookDeliveryFailed',
  );
}
