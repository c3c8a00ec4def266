/**
 * One delivery attempt: sending it (`sendAttempt`) and judging its outcome (`classifyAttempt`).
 *
 * Sending never throws for anything the receiver or the network does: it answers either the
 * HTTP status (with a capped body snippet and the duration) or a typed error class, so every
 * attempt can be recorded the same way. Redirects are never followed (undici's `request` does
 * not follow them, and the dispatcher is the guarded agent, which checks the destination again
 * at connect time on every attempt).
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
import { performance } from 'node:perf_hooks';
import type { Dispatcher } from 'undici';
import { BlockedTargetError, errorCode } from '#shared/net/fetch-errors';
import { requestVia } from '#shared/net/http-client';

export type AttemptErrorClass = 'timeout' | 'network' | 'tls' | 'blocked';

export const WEBHOOK_USER_AGENT =
  'AgentReadinessWebhooks/1.0 (+https://agent-readiness.example/docs/webhooks)';
/** Comparable services give receivers 5 to 30 s; 10 s leaves room inside a Lambda's budget. */
export const DEFAULT_ATTEMPT_TIMEOUT_MS = 10_000;
/** Enough of the receiver's answer to explain a failure; the rest is never read. */
export const DEFAULT_MAX_RESPONSE_BYTES = 4_096;

export interface SendAttemptInput {
  url: string | URL;
  /** The signed delivery headers; content-type and user-agent are added when absent. */
  headers: Record<string, string>;
  body: string | Uint8Array;
  timeoutMs: number;
  maxResponseBytes: number;
  /** The guarded agent from shared/net/guarded-agent.ts; tests may pass another dispatcher. */
  dispatcher: Dispatcher;
}

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

/** POSTs one delivery. Resolves with the response or a typed error; never rejects. */
export async function sendAttempt(input: SendAttemptInput): Promise<AttemptResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const url = URL.parse(input.url);
  // The agent allows http for scans; a webhook goes out over https only, with no credentials.
  if (url?.protocol !== 'https:' || url.username !== '' || url.password !== '') {
    const target = url ? url.origin : 'an invalid URL';
    const message = `Refused to deliver to ${target}: https without credentials only`;
    return { error: { class: 'blocked', message }, durationMs: elapsed() };
  }
  const signal = AbortSignal.timeout(Math.max(1, input.timeoutMs));
  try {
    // undici's request through the given dispatcher, without bundling undici's main entry.
    const response = await requestVia(input.dispatcher, url.href, {
      method: 'POST',
      headers: withDefaults(input.headers),
      body: input.body,
      signal,
    });
    const { text, truncated } = await readCapped(response.body, input.maxResponseBytes);
    return {
      status: response.statusCode,
      durationMs: elapsed(),
      bodySnippet: text,
      truncated,
      retryAfter: singleHeader(response.headers['retry-after']),
      location: singleHeader(response.headers.location),
    };
  } catch (error) {
    return {
      error: describeFailure(error, signal.aborted, input.timeoutMs),
      durationMs: elapsed(),
    };
  }
}

function withDefaults(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    out[name.toLowerCase()] = value;
  }
  out['content-type'] ??= 'application/json';
  out['user-agent'] ??= WEBHOOK_USER_AGENT;
  return out;
}

/**
 * Reads at most `maxBytes` and then drops the body instead of draining it. Once the status is
 * known it is what counts: a body that breaks off or stalls past the deadline only shortens
 * the snippet.
 */
async function readCapped(
  body: Dispatcher.ResponseData['body'],
  maxBytes: number,
): Promise<{ text: string; truncated: boolean }> {
  const chunks: Buffer[] = [];
  let total = 0;
  let truncated = false;
  body.on('error', () => {});
  try {
    for await (const chunk of body) {
      const buffer = chunk as Buffer;
      const room = maxBytes - total;
      if (buffer.length > room) {
        chunks.push(buffer.subarray(0, room));
        total = maxBytes;
        truncated = true;
        break;
      }
      chunks.push(buffer);
      total += buffer.length;
    }
  } catch {
    truncated = true;
  } finally {
    if (truncated) body.destroy();
  }
  return { text: Buffer.concat(chunks, total).toString('utf8'), truncated };
}

function singleHeader(value: string | string[] | undefined): string | null {
  if (value === undefined) return null;
  return Array.isArray(value) ? (value[0] ?? null) : value;
}

function describeFailure(
  error: unknown,
  timedOut: boolean,
  timeoutMs: number,
): AttemptError['error'] {
  const blocked = findBlocked(error);
  if (blocked) {
    return { class: 'blocked', message: `Refused by the address policy: ${blocked.detail}` };
  }
  const code = errorCode(error);
  if (timedOut || code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') {
    return { class: 'timeout', message: `No complete response within ${timeoutMs} ms` };
  }
  if (code === 'UND_ERR_CONNECT_TIMEOUT' || code === 'ETIMEDOUT') {
    return { class: 'timeout', message: 'Connection timed out' };
  }
  if (code !== undefined && isTlsCode(code)) {
    return { class: 'tls', message: `TLS handshake failed (${code})` };
  }
  return { class: 'network', message: networkMessage(code, error) };
}

function findBlocked(error: unknown): BlockedTargetError | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth++) {
    if (current instanceof BlockedTargetError) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

function isTlsCode(code: string): boolean {
  return (
    code.startsWith('ERR_TLS_') ||
    code.startsWith('ERR_SSL_') ||
    code === 'EPROTO' ||
    /CERT|SELF_SIGNED|UNABLE_TO_(GET|VERIFY)/.test(code)
  );
}

const NETWORK_MESSAGES: Record<string, string> = {
  ENOTFOUND: 'DNS lookup failed',
  EAI_AGAIN: 'DNS lookup failed',
  ECONNREFUSED: 'Connection refused',
  ECONNRESET: 'Connection reset',
  UND_ERR_SOCKET: 'Connection closed by the receiver',
  EHOSTUNREACH: 'Host unreachable',
  ENETUNREACH: 'Network unreachable',
};

function networkMessage(code: string | undefined, error: unknown): string {
  const known = code === undefined ? undefined : NETWORK_MESSAGES[code];
  if (known) return `${known} (${code})`;
  const text = error instanceof Error ? error.message : String(error);
  return code ? `${text} (${code})` : text;
}

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
