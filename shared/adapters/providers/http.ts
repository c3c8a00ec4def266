/**
 * The one JSON-over-HTTPS call every provider adapter makes: a POST with a deadline through an
 * undici dispatcher, and the mapping of transport failures and HTTP statuses to the provider
 * error types the monitor engine retries on (docs/monitor.md).
 */
import type { Dispatcher } from 'undici';
import { requestVia } from '#shared/adapters/http/http-client';
import { findBlockedTarget } from '#shared/domain/kernel/net/fetch-errors';
import {
  ProviderError,
  type ProviderErrorType,
  type ProviderFamily,
} from '#shared/domain/monitor/provider-port';

export type HeaderBag = Record<string, string | string[] | undefined>;

export interface JsonPost {
  url: string;
  headers: Record<string, string>;
  body: unknown;
  timeoutMs: number;
  /** The connection pool: the wiring's one provider agent, or a test's own (MockAgent...). */
  dispatcher: Dispatcher;
}

export interface RawResponse {
  status: number;
  headers: HeaderBag;
  text: string;
  latencyMs: number;
}

/**
 * POSTs a JSON body and reads the whole response as text. The timeout covers connecting,
 * waiting for headers and reading the body, because a grounded answer can stall mid-body.
 * Never retries: throws `timeout` or `unavailable` and lets the workflow decide.
 */
export async function postJson(family: ProviderFamily, post: JsonPost): Promise<RawResponse> {
  const started = performance.now();
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), post.timeoutMs);
  try {
    const response = await requestVia(post.dispatcher, post.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...post.headers },
      body: JSON.stringify(post.body),
      signal: controller.signal,
      headersTimeout: post.timeoutMs,
      bodyTimeout: post.timeoutMs,
    });
    const text = await response.body.text();
    return {
      status: response.statusCode,
      headers: response.headers,
      text,
      latencyMs: Math.round(performance.now() - started),
    };
  } catch (error) {
    throw transportFailure(family, error, controller.signal.aborted, post.timeoutMs);
  } finally {
    clearTimeout(timer);
  }
}

function transportFailure(
  family: ProviderFamily,
  error: unknown,
  aborted: boolean,
  timeoutMs: number,
): ProviderError {
  const code = (error as { code?: unknown } | null)?.code;
  if (aborted || code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') {
    return new ProviderError(family, 'timeout', `${family} did not answer within ${timeoutMs} ms`, {
      cause: error,
    });
  }
  // Refused by the guarded agent (offline, a provider URL off this machine): nothing was sent,
  // and sending again cannot help.
  const blocked = findBlockedTarget(error);
  if (blocked) {
    return new ProviderError(family, 'rejected', `${family} was not called: ${blocked.message}`, {
      cause: error,
    });
  }
  const reason = error instanceof Error ? error.message : String(error);
  return new ProviderError(family, 'unavailable', `${family} could not be reached: ${reason}`, {
    cause: error,
  });
}

export function headerValue(headers: HeaderBag, name: string): string | undefined {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The retry delay in seconds announced by response headers, or null when none is given.
 * Explicit hints: 1. `retry-after-ms` (OpenAI, Anthropic), 2. `retry-after` (seconds or date).
 */
export function retryAfterFromHeaders(headers: HeaderBag, now = Date.now()): number | null {
  return fromRetryAfterMs(headers) ?? fromRetryAfter(headers, now);
}

/**
 * When an exhausted rate limit resets, from the headers providers send on every response:
 * OpenAI `x-ratelimit-reset-*` (Go durations such as "6m0s"), Anthropic
 * `anthropic-ratelimit-*-reset` (RFC 3339 instants), `x-ratelimit-reset` (Perplexity; seconds
 * from now, or an epoch second). Only meaningful for a throttled request: a limit that is not
 * exhausted says nothing about when to retry.
 */
export function rateLimitResetFromHeaders(headers: HeaderBag, now = Date.now()): number | null {
  return (
    fromOpenAiResets(headers) ?? fromAnthropicResets(headers, now) ?? fromGenericReset(headers, now)
  );
}

/** Header pairs announcing the account's limits: requests per minute, tokens per minute. */
const LIMIT_HEADERS = [
  // OpenAI (every response).
  { rpm: 'x-ratelimit-limit-requests', tpm: 'x-ratelimit-limit-tokens' },
  // Anthropic (every response; the tokens limit is the most restrictive one in effect).
  { rpm: 'anthropic-ratelimit-requests-limit', tpm: 'anthropic-ratelimit-tokens-limit' },
  // Perplexity (the request limit only).
  { rpm: 'x-ratelimit-limit', tpm: undefined },
] as const;

/**
 * The account's limits as a response's headers announce them, or undefined when they name none
 * (Gemini never does). The shared budget takes them over (domain/monitor/budget/governor.ts).
 */
export function announcedLimits(headers: HeaderBag): { rpm?: number; tpm?: number } | undefined {
  const positive = (name: string | undefined) => {
    const value = name === undefined ? Number.NaN : Number(headerValue(headers, name));
    return Number.isFinite(value) && value > 0 ? value : undefined;
  };
  for (const pair of LIMIT_HEADERS) {
    const rpm = positive(pair.rpm);
    const tpm = positive(pair.tpm);
    if (rpm !== undefined || tpm !== undefined) {
      return { ...(rpm !== undefined ? { rpm } : {}), ...(tpm !== undefined ? { tpm } : {}) };
    }
  }
  return undefined;
}

/** The delay for a throttled answer: explicit hints first, then the exhausted limit's reset. */
export function throttleDelayFromHeaders(headers: HeaderBag, now = Date.now()): number | null {
  return retryAfterFromHeaders(headers, now) ?? rateLimitResetFromHeaders(headers, now);
}

function fromRetryAfterMs(headers: HeaderBag): number | null {
  const ms = Number(headerValue(headers, 'retry-after-ms'));
  return Number.isFinite(ms) && ms >= 0 && headerValue(headers, 'retry-after-ms') !== undefined
    ? roundSeconds(ms / 1000)
    : null;
}

function fromRetryAfter(headers: HeaderBag, now: number): number | null {
  const value = headerValue(headers, 'retry-after')?.trim();
  if (!value) return null;
  if (/^\d+(\.\d+)?$/.test(value)) return roundSeconds(Number(value));
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : secondsUntil(at, now);
}

const OPENAI_LIMITS = ['requests', 'tokens'] as const;

function fromOpenAiResets(headers: HeaderBag): number | null {
  return pickReset(
    OPENAI_LIMITS.map((limit) => ({
      remaining: headerValue(headers, `x-ratelimit-remaining-${limit}`),
      reset: parseGoDuration(headerValue(headers, `x-ratelimit-reset-${limit}`)),
    })),
  );
}

const ANTHROPIC_LIMITS = ['requests', 'tokens', 'input-tokens', 'output-tokens'] as const;

function fromAnthropicResets(headers: HeaderBag, now: number): number | null {
  return pickReset(
    ANTHROPIC_LIMITS.map((limit) => {
      const reset = Date.parse(headerValue(headers, `anthropic-ratelimit-${limit}-reset`) ?? '');
      return {
        remaining: headerValue(headers, `anthropic-ratelimit-${limit}-remaining`),
        reset: Number.isNaN(reset) ? null : secondsUntil(reset, now),
      };
    }),
  );
}

// Values this large are epoch seconds rather than a delay.
const EPOCH_SECONDS_THRESHOLD = 1_000_000_000;

function fromGenericReset(headers: HeaderBag, now: number): number | null {
  const value = Number(headerValue(headers, 'x-ratelimit-reset'));
  if (!Number.isFinite(value) || headerValue(headers, 'x-ratelimit-reset') === undefined) {
    return null;
  }
  return value > EPOCH_SECONDS_THRESHOLD ? secondsUntil(value * 1000, now) : roundSeconds(value);
}

/** The latest reset among the exhausted limits; null when no limit is exhausted. */
function pickReset(limits: { remaining: string | undefined; reset: number | null }[]) {
  const exhausted = limits.filter((limit) => limit.reset !== null && limit.remaining === '0');
  return exhausted.length > 0 ? Math.max(...exhausted.map((limit) => limit.reset ?? 0)) : null;
}

const GO_DURATION_PART = /(\d+(?:\.\d+)?)(ms|h|m|s)/g;
const GO_UNIT_SECONDS: Record<string, number> = { h: 3600, m: 60, s: 1, ms: 0.001 };

/** Parses Go-style durations ("12ms", "1.5s", "6m0s", "1h2m") into seconds. */
export function parseGoDuration(value: string | undefined): number | null {
  if (!value || !/^(\d+(\.\d+)?(ms|h|m|s))+$/.test(value.trim())) return null;
  let seconds = 0;
  for (const [, amount, unit] of value.trim().matchAll(GO_DURATION_PART)) {
    seconds += Number(amount) * (GO_UNIT_SECONDS[unit ?? 's'] ?? 1);
  }
  return roundSeconds(seconds);
}

function secondsUntil(at: number, now: number): number {
  return Math.max(0, Math.ceil((at - now) / 1000));
}

/** Seconds to the millisecond: a provider's `1.2345s` delay is 1.235 s. */
export function roundSeconds(seconds: number): number {
  return Math.round(seconds * 1000) / 1000;
}

/**
 * The error type an HTTP status implies before any provider-specific detail is considered.
 * 408/409 and `x-should-retry: true` follow the official SDKs, which retry those.
 */
export function errorTypeForStatus(status: number, headers: HeaderBag): ProviderErrorType {
  if (status === 429) return 'throttled';
  if (status >= 500 || status === 408 || status === 409) return 'unavailable';
  return headerValue(headers, 'x-should-retry') === 'true' ? 'unavailable' : 'rejected';
}

export interface FailureDetail {
  /** The provider's own error message from the body, when it had one. */
  message: string | null;
  /** Overrides the status-derived type (billing 429s, per-day quotas...). */
  type?: ProviderErrorType | undefined;
  /** A delay found in the body (Gemini RetryInfo, OpenAI "try again in 2s") when headers carry none. */
  bodyRetryAfterSeconds?: number | null | undefined;
  /** Limits found in the body (Gemini's QuotaFailure `quotaValue`) when headers carry none. */
  announced?: { rpm?: number; tpm?: number } | undefined;
}

/** Builds the typed error for a non-2xx response. */
export function httpFailure(
  family: ProviderFamily,
  response: RawResponse,
  detail: FailureDetail,
): ProviderError {
  const type = detail.type ?? errorTypeForStatus(response.status, response.headers);
  let retryAfterSeconds: number | null = null;
  if (type === 'throttled') {
    retryAfterSeconds =
      retryAfterFromHeaders(response.headers) ??
      detail.bodyRetryAfterSeconds ??
      rateLimitResetFromHeaders(response.headers);
  } else if (type === 'unavailable') {
    retryAfterSeconds =
      retryAfterFromHeaders(response.headers) ?? detail.bodyRetryAfterSeconds ?? null;
  }
  const message = detail.message ?? snippet(response.text);
  const announced = announcedLimits(response.headers) ?? detail.announced;
  return new ProviderError(family, type, `${family} returned HTTP ${response.status}: ${message}`, {
    status: response.status,
    retryAfterSeconds,
    ...(announced ? { announced } : {}),
  });
}

function snippet(text: string): string {
  const trimmed = text.trim().replace(/\s+/g, ' ');
  if (trimmed === '') return '(empty body)';
  return trimmed.length > 200 ? `${trimmed.slice(0, 200)}…` : trimmed;
}
