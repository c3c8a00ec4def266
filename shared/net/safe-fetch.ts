/**
 * Outbound HTTP for user-supplied targets (live scans). One undici Agent whose connect-time
 * lookup refuses every address that is not public unicast, so DNS rebinding cannot slip a
 * private address in between a check and the connection. IP literals never reach the lookup,
 * so they are checked before the request; redirects are followed by hand and every hop goes
 * through both checks again.
 *
 * Bodies are read as a stream, decoded here (gzip, deflate, br) and cut at `maxBytes` counted
 * after decoding, so neither a lying Content-Length nor a decompression bomb can make us
 * buffer more than the cap.
 */

import type { LookupAddress } from 'node:dns';
import { lookup as dnsLookup } from 'node:dns/promises';
import type { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { Agent } from 'undici';
import {
  type AddressPolicy,
  type AddressPolicyExceptions,
  type BlockReason,
  checkAddress,
  checkUrl,
} from './address-policy.ts';

export const DEFAULT_USER_AGENT =
  'AgentReadinessScanner/2.0 (+https://agent-readiness.example/docs/scanner)';

/** Resolves a host name to every address it has; injectable so tests never touch real DNS. */
export type DnsLookup = (hostname: string) => Promise<readonly LookupAddress[]>;

export interface SafeFetcherOptions {
  /** Tests and the local demo only (ALLOW_PRIVATE_TARGETS=1): loopback, private ranges, any port. */
  allowPrivateTargets: boolean;
  userAgent?: string;
  lookup?: DnsLookup;
  /** Redirect hops followed before giving up; default 5 (RFC 9309 asks for at least five). */
  maxRedirects?: number;
  /**
   * Narrow exceptions to the production rules, for tests that need one reachable fixture
   * while everything else stays refused. Production never passes this.
   */
  policyExceptions?: AddressPolicyExceptions;
  /** Connections kept per origin; requests beyond it queue inside undici. */
  connectionsPerOrigin?: number;
}

export interface SafeFetchRequest {
  method?: 'GET' | 'HEAD';
  headers?: Record<string, string>;
  /** Budget for the whole exchange, redirects and body included. */
  timeoutMs: number;
  /** Cap on the decoded body; the rest is dropped and `truncated` is set. */
  maxBytes: number;
  signal?: AbortSignal;
}

export interface RedirectHop {
  url: string;
  status: number;
  location: string;
}

export interface SafeFetchResponse {
  /** The URL asked for. */
  url: string;
  /** The URL that produced the final answer, after redirects. */
  finalUrl: string;
  status: number;
  /** Lower-case names; repeated headers joined with ", ". */
  headers: Record<string, string>;
  /** Decoded (decompressed) body, at most `maxBytes` long. */
  body: Uint8Array;
  /** `body` as text, decoded with the charset of Content-Type (UTF-8 when unknown). */
  text: string;
  truncated: boolean;
  redirects: RedirectHop[];
  timing: { startedAt: number; durationMs: number };
}

export interface SafeFetcher {
  fetch(url: string, request: SafeFetchRequest): Promise<SafeFetchResponse>;
  close(): Promise<void>;
}

export type SafeFetchErrorKind = 'blocked' | 'timeout' | 'network' | 'redirects';

/** Base of every error the fetcher throws; `kind` tells them apart without instanceof chains. */
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

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

export function createSafeFetcher(options: SafeFetcherOptions): SafeFetcher {
  const policy: AddressPolicy = {
    allowPrivateTargets: options.allowPrivateTargets,
    ...(options.policyExceptions ? { exceptions: options.policyExceptions } : {}),
  };
  const userAgent = options.userAgent ?? DEFAULT_USER_AGENT;
  const maxRedirects = options.maxRedirects ?? 5;
  const resolve: DnsLookup =
    options.lookup ?? ((hostname) => dnsLookup(hostname, { all: true, verbatim: true }));

  const agent = new Agent({
    connections: options.connectionsPerOrigin ?? 6,
    connect: {
      timeout: 5_000,
      lookup: createGuardedLookup(resolve, policy),
    },
    // Backstops only; the per-request AbortSignal is the real limit.
    headersTimeout: 15_000,
    bodyTimeout: 15_000,
  });

  async function fetchOnce(url: string, request: SafeFetchRequest): Promise<SafeFetchResponse> {
    const startedAt = Date.now();
    const timeoutSignal = AbortSignal.timeout(Math.max(1, request.timeoutMs));
    const signal = request.signal
      ? AbortSignal.any([request.signal, timeoutSignal])
      : timeoutSignal;
    const redirects: RedirectHop[] = [];
    let current = parseOrBlock(url);

    try {
      for (;;) {
        const verdict = checkUrl(current, policy);
        if (!verdict.allowed) {
          throw new BlockedTargetError(current.href, verdict.reason, verdict.detail);
        }
        const response = await agent.request({
          origin: current.origin,
          path: `${current.pathname}${current.search}`,
          method: request.method ?? 'GET',
          headers: {
            'user-agent': userAgent,
            'accept-encoding': 'gzip, deflate, br',
            ...lowerCaseKeys(request.headers ?? {}),
          },
          signal,
        });
        const headers = flattenHeaders(response.headers);
        const location = headers.location;
        if (REDIRECT_STATUSES.has(response.statusCode) && location !== undefined) {
          discard(response.body);
          if (redirects.length >= maxRedirects) {
            throw new TooManyRedirectsError(url, maxRedirects);
          }
          const next = resolveLocation(location, current);
          redirects.push({ url: current.href, status: response.statusCode, location: next.href });
          current = next;
          continue;
        }
        const decoders = decodersFor(headers['content-encoding']);
        if (decoders === undefined) {
          discard(response.body);
          throw new FetchNetworkError(
            current.href,
            new Error(`unsupported content-encoding ${headers['content-encoding']}`),
          );
        }
        const { body, truncated } = await readCapped(response.body, decoders, request.maxBytes);
        return {
          url,
          finalUrl: current.href,
          status: response.statusCode,
          headers,
          body,
          text: decodeText(body, headers['content-type']),
          truncated,
          redirects,
          timing: { startedAt, durationMs: Date.now() - startedAt },
        };
      }
    } catch (error) {
      if (error instanceof BlockedTargetError && error.url !== current.href) {
        // Raised by the connect-time lookup, which only knows the host name.
        throw new BlockedTargetError(current.href, error.reason, error.detail);
      }
      if (error instanceof SafeFetchError) {
        throw error;
      }
      if (timeoutSignal.aborted || isTimeoutCode(errorCode(error))) {
        throw new FetchTimeoutError(url, request.timeoutMs);
      }
      if (request.signal?.aborted) {
        const reason: unknown = request.signal.reason;
        if (reason instanceof Error && reason.name === 'TimeoutError') {
          throw new FetchTimeoutError(url, request.timeoutMs);
        }
        throw reason ?? error;
      }
      throw new FetchNetworkError(current.href, error);
    }
  }

  return {
    fetch: fetchOnce,
    close: () => agent.close(),
  };
}

/**
 * The `connect.lookup` handed to undici. Node calls it for every host name (not for IP
 * literals) right before opening the socket; refusing here is what defeats DNS rebinding.
 * Every resolved address must pass: a name that resolves to one public and one private
 * address is refused, because the socket could pick either.
 */
function createGuardedLookup(resolve: DnsLookup, policy: AddressPolicy) {
  return (
    hostname: string,
    lookupOptions: { all?: boolean; family?: number | string },
    callback: (error: Error | null, address: string | LookupAddress[], family?: number) => void,
  ): void => {
    resolve(hostname)
      .then((addresses) => {
        const wanted = filterFamily(addresses, lookupOptions.family);
        if (wanted.length === 0) {
          const notFound = Object.assign(new Error(`DNS lookup found no address for ${hostname}`), {
            code: 'ENOTFOUND',
          });
          callback(notFound, '');
          return;
        }
        for (const entry of wanted) {
          const verdict = checkAddress(entry.address, policy);
          if (!verdict.allowed) {
            callback(
              new BlockedTargetError(
                hostname,
                verdict.reason,
                `${hostname} resolves to a non-public address (${verdict.detail})`,
              ),
              '',
            );
            return;
          }
        }
        if (lookupOptions.all) {
          callback(null, wanted.slice());
        } else {
          const first = wanted[0] as LookupAddress;
          callback(null, first.address, first.family);
        }
      })
      .catch((error: unknown) => {
        callback(error instanceof Error ? error : new Error(String(error)), '');
      });
  };
}

function filterFamily(
  addresses: readonly LookupAddress[],
  family: number | string | undefined,
): LookupAddress[] {
  const wanted = family === 'IPv4' ? 4 : family === 'IPv6' ? 6 : family;
  if (wanted !== 4 && wanted !== 6) {
    return [...addresses];
  }
  return addresses.filter((entry) => entry.family === wanted);
}

function parseOrBlock(url: string): URL {
  try {
    return new URL(url);
  } catch {
    throw new BlockedTargetError(url, 'scheme_not_allowed', 'not an absolute URL');
  }
}

function resolveLocation(location: string, base: URL): URL {
  try {
    return new URL(location, base);
  } catch {
    throw new BlockedTargetError(location, 'scheme_not_allowed', 'redirect to an invalid URL');
  }
}

/**
 * Streams the body through the decoders named by Content-Encoding and stops at `maxBytes`
 * decoded bytes. The socket is torn down as soon as the cap is reached.
 */
async function readCapped(
  body: Readable,
  decoders: Transform[],
  maxBytes: number,
): Promise<{ body: Uint8Array; truncated: boolean }> {
  const source: Readable =
    decoders.length === 0
      ? body
      : (pipeline([body, ...decoders], () => {
          // Errors surface through the async iterator below; nothing to do here.
        }) as unknown as Readable);
  const chunks: Buffer[] = [];
  let total = 0;
  let truncated = false;
  try {
    for await (const chunk of source) {
      const buffer = chunk as Buffer;
      if (total + buffer.length > maxBytes) {
        chunks.push(buffer.subarray(0, maxBytes - total));
        total = maxBytes;
        truncated = true;
        break;
      }
      chunks.push(buffer);
      total += buffer.length;
    }
  } finally {
    if (truncated) {
      discard(body);
      for (const decoder of decoders) {
        discard(decoder);
      }
    }
  }
  return { body: Buffer.concat(chunks, total), truncated };
}

/** Drops a stream we no longer want; the abort error it emits is expected, not a failure. */
function discard(stream: Readable | Transform): void {
  stream.on('error', () => {});
  stream.destroy();
}

/** Decoders for a Content-Encoding value, or undefined when one of its codings is unknown. */
function decodersFor(contentEncoding: string | undefined): Transform[] | undefined {
  if (!contentEncoding) {
    return [];
  }
  // Encodings are listed in the order they were applied; undo them in reverse.
  const codings = contentEncoding
    .split(',')
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding !== '' && coding !== 'identity')
    .reverse();
  const decoders: Transform[] = [];
  for (const coding of codings) {
    if (coding === 'gzip' || coding === 'x-gzip') {
      decoders.push(createGunzip());
    } else if (coding === 'deflate') {
      decoders.push(createInflate());
    } else if (coding === 'br') {
      decoders.push(createBrotliDecompress());
    } else {
      return undefined;
    }
  }
  return decoders;
}

function isTimeoutCode(code: string | undefined): boolean {
  return (
    code === 'UND_ERR_CONNECT_TIMEOUT' ||
    code === 'UND_ERR_HEADERS_TIMEOUT' ||
    code === 'UND_ERR_BODY_TIMEOUT'
  );
}

function decodeText(body: Uint8Array, contentType: string | undefined): string {
  const charset = /charset\s*=\s*"?([\w.:-]+)"?/i.exec(contentType ?? '')?.[1];
  try {
    return new TextDecoder(charset ?? 'utf-8').decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}

function flattenHeaders(
  headers: Record<string, string | string[] | undefined>,
): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) {
      continue;
    }
    flat[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}

function lowerCaseKeys(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
}

function errorCode(error: unknown): string | undefined {
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
