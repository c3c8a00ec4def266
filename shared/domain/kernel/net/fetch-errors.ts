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

/** Why a host could not be reached, in the few kinds a person can act on. */
export type UnreachableReason =
  | 'dns'
  | 'refused'
  | 'reset'
  | 'timeout'
  | 'unreachable'
  | 'tls'
  | 'network';

/** The kind of a network failure, from its system or undici code. */
export function unreachableReason(code: string | undefined): UnreachableReason {
  switch (code) {
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EAI_NONAME':
      return 'dns';
    case 'ECONNREFUSED':
      return 'refused';
    case 'ECONNRESET':
    case 'UND_ERR_SOCKET':
      return 'reset';
    case 'UND_ERR_CONNECT_TIMEOUT':
    case 'ETIMEDOUT':
      return 'timeout';
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return 'unreachable';
    default:
      return code?.startsWith('ERR_TLS') || code?.includes('CERT') ? 'tls' : 'network';
  }
}

/** DNS failure, refused connection, TLS failure, reset... `code` carries the system code. */
export class FetchNetworkError extends SafeFetchError {
  readonly code: string | undefined;
  readonly reason: UnreachableReason;
  constructor(url: string, cause: unknown) {
    const code = errorCode(cause);
    super('network', url, `Could not fetch ${url}: ${describeNetworkFailure(code, cause)}`, {
      cause,
    });
    this.code = code;
    this.reason = unreachableReason(code);
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

const FAILURE_TEXT: Record<Exclude<UnreachableReason, 'network'>, string> = {
  dns: 'DNS lookup failed',
  refused: 'connection refused',
  reset: 'connection reset',
  timeout: 'connection timed out',
  unreachable: 'host unreachable',
  tls: 'TLS handshake failed',
};

function describeNetworkFailure(code: string | undefined, cause: unknown): string {
  const reason = unreachableReason(code);
  if (reason !== 'network') return FAILURE_TEXT[reason];
  return cause instanceof Error ? cause.message : 'network error';
}
