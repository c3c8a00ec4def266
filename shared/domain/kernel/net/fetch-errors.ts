/**
 * The errors of outbound fetches to user-supplied targets. They live apart from the fetcher so
 * that the guarded Agent (which raises `BlockedTargetError` at connect time) and the fetcher can
 * both use them without importing each other. `kind` tells them apart without instanceof chains.
 */
import type { BlockReason } from './address-policy.ts';

export type SafeFetchErrorKind = 'blocked' | 'timeout' | 'network' | 'redirects';

/** Base of every error the fetcher throws. */
export class SafeFetchError extends Error {
  readonly kind: SafeFetchErrorKind;
  readonly url: string;
  constructor(kind: SafeFetchErrorKind, url: string, message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = new.target.name;
    this.kind = kind;
    this.url = url;
  }
}

/** The target is not allowed by policy; nothing was sent to it. */
export class BlockedTargetError extends SafeFetchError {
  readonly reason: BlockReason;
  readonly detail: string;
  constructor(url: string, reason: BlockReason, detail: string) {
    super('blocked', url, `Refused to fetch ${url}: ${detail}`);
    this.reason = reason;
    this.detail = detail;
  }
}

/** The policy refusal behind an error, looking through its causes (undici may wrap it). */
export function findBlockedTarget(error: unknown): BlockedTargetError | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth++) {
    if (current instanceof BlockedTargetError) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export class FetchTimeoutError extends SafeFetchError {
  constructor(url: string, timeoutMs: number) {
    super('timeout', url, `No complete answer from ${url} within ${timeoutMs} ms`);
  }
}

/** DNS failure, refused connection, TLS failure, reset... `code` carries the system code. */
export class FetchNetworkError extends SafeFetchError {
  readonly code: string | undefined;
  constructor(url: string, cause: unknown) {
    const code = errorCode(cause);
    super('network', url, `Could not fetch ${url}: ${describeNetworkFailure(code, cause)}`, {
      cause,
    });
    this.code = code;
  }
}

export class TooManyRedirectsError extends SafeFetchError {
  constructor(url: string, maxRedirects: number) {
    super('redirects', url, `More than ${maxRedirects} redirects starting at ${url}`);
  }
}

/** The system or undici error code of an error, looking through causes and aggregates. */
export function errorCode(error: unknown): string | undefined {
  if (error && typeof error === 'object') {
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string') {
      return code;
    }
    const nested = (error as { cause?: unknown }).cause;
    if (nested && nested !== error) {
      return errorCode(nested);
    }
    if (error instanceof AggregateError) {
      return errorCode(error.errors[0]);
    }
  }
  return undefined;
}

function describeNetworkFailure(code: string | undefined, cause: unknown): string {
  switch (code) {
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EAI_NONAME':
      return 'DNS lookup failed';
    case 'ECONNREFUSED':
      return 'connection refused';
    case 'ECONNRESET':
    case 'UND_ERR_SOCKET':
      return 'connection reset';
    case 'UND_ERR_CONNECT_TIMEOUT':
    case 'ETIMEDOUT':
      return 'connection timed out';
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return 'host unreachable';
    default:
      if (code?.startsWith('ERR_TLS') || code?.includes('CERT')) {
        return 'TLS handshake failed';
      }
      return cause instanceof Error ? cause.message : 'network error';
  }
}
