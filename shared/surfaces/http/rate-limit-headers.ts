/**
 * The `RateLimit-Policy` and `RateLimit` response fields of draft-ietf-httpapi-ratelimit-headers-11
 * (docs/decisions.md, issue 18 "Rate limits clients can read"): each a Structured Fields List of
 * Items whose value is the policy name as a String, with parameters `q` (quota) and `w` (window,
 * seconds) for the policy, `r` (remaining) and `t` (seconds to the reset) for its current state.
 * A unit other than requests is named in the vendor parameter `ars-unit` (the draft's `qu` takes
 * only registered units: requests, content-bytes, concurrent-requests).
 */
import type { LimitState } from '#shared/domain/kernel/rate-limit';

export const RATELIMIT_POLICY_HEADER = 'ratelimit-policy';
export const RATELIMIT_HEADER = 'ratelimit';

/** An sf-string: policy names are ours (lowercase letters, digits, dashes), quoted. */
function sfString(text: string): string {
  return `"${text.replace(/[\\"]/g, (character) => `\\${character}`)}"`;
}

function integer(value: number): string {
  return String(Math.max(0, Math.floor(value)));
}

function policyItem(state: LimitState): string {
  let item = `${sfString(state.policy)};q=${integer(state.quota)}`;
  if (state.windowSeconds !== undefined) item += `;w=${integer(state.windowSeconds)}`;
  if (state.unit) item += `;ars-unit=${sfString(state.unit)}`;
  return item;
}

function limitItem(state: LimitState): string | undefined {
  if (state.remaining === undefined) return undefined;
  let item = `${sfString(state.policy)};r=${integer(state.remaining)}`;
  if (state.resetSeconds !== undefined) item += `;t=${integer(state.resetSeconds)}`;
  return item;
}

/**
 * The two fields for the limits one response reports; a policy reported twice (a quota given
 * back after a failure) keeps its last state. Empty when there is nothing to report.
 */
export function rateLimitHeaders(states: readonly LimitState[]): Record<string, string> {
  const latest = new Map<string, LimitState>();
  for (const state of states) latest.set(state.policy, state);
  if (latest.size === 0) return {};
  const all = [...latest.values()];
  const limits = all.map(limitItem).filter((item): item is string => item !== undefined);
  return {
    [RATELIMIT_POLICY_HEADER]: all.map(policyItem).join(', '),
    ...(limits.length > 0 ? { [RATELIMIT_HEADER]: limits.join(', ') } : {}),
  };
}
