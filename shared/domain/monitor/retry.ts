/**
 * What a failed provider call means for the run (docs/monitor.md "Retries"). The adapters never
 * retry; this decides, and the state machine carries it out: a `retry` ends the lane task with
 * `{status: 'retry', wait_seconds}`, a Wait state sleeps, the task asks again.
 *
 * - throttled: wait at least the provider's hint, growing per attempt; a hint beyond
 *   `hintMaxSeconds` (a daily quota) gives the family up at once;
 * - unavailable, timeout, unreadable body: growing delays (base x 2^(attempt-1), capped);
 * - rejected for the account (401, 402, 403, 404, a billing 429): the family is given up,
 *   retrying cannot help;
 * - rejected for this prompt (refusal, content filter, 400): the cell is skipped, the family
 *   goes on;
 * - `attempts` tries in a row without an answer: the family is given up.
 */
import { ProviderError } from '#shared/domain/monitor/provider-port';
import type { RetrySettings } from './config.ts';

export type FailureDecision =
  | { kind: 'retry'; waitSeconds: number; reason: string }
  | { kind: 'skip_cell'; reason: string }
  | { kind: 'give_up'; reason: string };

const ACCOUNT_STATUSES = new Set([401, 402, 403, 404, 429]);

/**
 * @param attempt how many tries of this call failed so far, this one included (1 = first try)
 * @param random a number in [0, 1) for jitter (tests pass a fixed one)
 */
export function decideFailure(
  error: unknown,
  attempt: number,
  settings: RetrySettings,
  random: number = Math.random(),
): FailureDecision {
  if (!(error instanceof ProviderError)) {
    // No provider behind the family (no API key, invalid settings): nothing to retry.
    const reason = error instanceof Error ? error.message : String(error);
    return { kind: 'give_up', reason: `not configured: ${reason}` };
  }
  if (error.type === 'rejected') {
    return ACCOUNT_STATUSES.has(error.status ?? 0)
      ? { kind: 'give_up', reason: `rejected: ${error.message}` }
      : { kind: 'skip_cell', reason: error.message };
  }
  const hint = error.type === 'throttled' ? (error.retryAfterSeconds ?? 0) : 0;
  if (hint > settings.hintMaxSeconds) {
    return { kind: 'give_up', reason: `asked to wait ${Math.round(hint)} s: ${error.message}` };
  }
  if (attempt >= settings.attempts) {
    return { kind: 'give_up', reason: `still failing after ${attempt} tries: ${error.message}` };
  }
  return {
    kind: 'retry',
    waitSeconds: retryDelay(attempt, hint, settings, random),
    reason: error.message,
  };
}

/**
 * Exponential backoff with "equal jitter" (half fixed, half random), so the lanes of one
 * throttled family do not all come back in the same second; never shorter than the hint.
 * Whole seconds: a Step Functions Wait takes integers.
 */
export function retryDelay(
  attempt: number,
  hintSeconds: number,
  settings: RetrySettings,
  random: number,
): number {
  const backoff = Math.min(settings.maxSeconds, settings.baseSeconds * 2 ** (attempt - 1));
  const jittered = backoff / 2 + (backoff / 2) * random;
  return Math.max(1, Math.ceil(Math.max(jittered, hintSeconds)));
}
