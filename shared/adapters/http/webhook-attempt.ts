/**
 * Sends one webhook delivery attempt (`sendAttempt`). Sending never throws for anything the
 * receiver or the network does: it answers either the HTTP status (with a capped body snippet and
 * the duration) or a typed error class, so every attempt can be recorded the same way; the
 * judgement of that result is domain/webhooks/attempt.ts. Redirects are never followed (undici's
 * `request` does not follow them, and the dispatcher is the guarded agent, which checks the
 * destination again at connect time on every attempt).
 */
import { performance } from 'node:perf_hooks';
import type { Dispatcher } from 'undici';
import { requestVia } from '#shared/adapters/http/http-client';
import { errorCode, findBlockedTarget } from '#shared/domain/kernel/net/fetch-errors';
import type { AttemptError, AttemptResult } from '#shared/domain/webhooks/attempt';
import { readCapped } from './read-capped.ts';

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
  /** The guarded agent from shared/adapters/http/guarded-agent.ts; tests may pass another dispatcher. */
  dispatcher: Dispatcher;
}

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
    const { text, truncated } = await readSnippet(response.body, input.maxResponseBytes);
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
async function readSnippet(
  body: Dispatcher.ResponseData['body'],
  maxBytes: number,
): Promise<{ text: string; truncated: boolean }> {
  body.on('error', () => {});
  const read = await readCapped(body, maxBytes);
  const truncated = read.truncated || read.error !== undefined;
  if (truncated) body.destroy();
  return { text: read.body.toString('utf8'), truncated };
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
  const blocked = findBlockedTarget(error);
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
