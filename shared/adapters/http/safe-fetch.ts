/**
 * Outbound HTTP for user-supplied targets (live scans), over one guarded Agent
 * (`guarded-agent.ts`: literals and ports checked before connecting, host names checked at
 * connect time against DNS rebinding). Redirects are followed by hand and every hop is checked
 * here again before the Agent sees it, so a refusal names the hop that caused it.
 *
 * Bodies are read as a stream, decoded here (gzip, deflate, br) and cut at `maxBytes` counted
 * after decoding, so neither a lying Content-Length nor a decompression bomb can make us
 * buffer more than the cap.
 */
import type { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import {
  type AddressPolicy,
  type AddressPolicyExceptions,
  checkUrl,
} from '#shared/domain/kernel/net/address-policy';
import {
  BlockedTargetError,
  errorCode,
  FetchNetworkError,
  FetchTimeoutError,
  SafeFetchError,
  TooManyRedirectsError,
} from '#shared/domain/kernel/net/fetch-errors';
import {
  DEFAULT_SCAN_CONNECTIONS_PER_ORIGIN,
  type RedirectHop,
  type SafeFetcher,
  type SafeFetchRequest,
  type SafeFetchResponse,
} from '#shared/domain/kernel/net/fetcher';
import { createDnsScheduler } from './dns-scheduler.ts';
import {
  type ConnectStep,
  createGuardedAgent,
  type DnsLookup,
  guardPolicy,
} from './guarded-agent.ts';
import { dispatchRequest } from './http-client.ts';
import type { RequestSigner } from './message-signatures.ts';
import { readCapped } from './read-capped.ts';
import { systemLookup } from './system-lookup.ts';
import { scannerUserAgent } from './user-agent.ts';

export {
  BlockedTargetError,
  FetchNetworkError,
  FetchTimeoutError,
  TooManyRedirectsError,
} from '#shared/domain/kernel/net/fetch-errors';
export {
  DEFAULT_SCAN_CONNECTIONS_PER_ORIGIN,
  type SafeFetcher,
  type SafeFetchRequest,
  type SafeFetchResponse,
} from '#shared/domain/kernel/net/fetcher';
export type { DnsLookup } from './guarded-agent.ts';

export const DEFAULT_USER_AGENT = scannerUserAgent('https://agent-readiness.example');

export interface SafeFetcherOptions {
  /** Tests and the local demo only (ALLOW_PRIVATE_TARGETS=1): loopback, private ranges, any port. */
  allowPrivateTargets: boolean;
  /** Offline (OFFLINE_DNS=1): loopback destinations only, above allowPrivateTargets. */
  loopbackOnly?: boolean;
  /** Tests only: stands in for the socket (guarded-agent.ts). */
  connectStep?: ConnectStep;
  userAgent?: string;
  lookup?: DnsLookup;
  /** Redirect hops followed before giving up; default 5 (RFC 9309 asks for at least five). */
  maxRedirects?: number;
  /**
   * Narrow exceptions to the production rules, for tests that need one reachable fixture
   * while everything else stays refused. Production never passes this.
   */
  policyExceptions?: AddressPolicyExceptions;
  /**
   * HTTP/1.1 connections kept per origin; requests beyond it queue inside undici. Default
   * `DEFAULT_SCAN_CONNECTIONS_PER_ORIGIN`, the scan's politeness bound (docs/scan-engine.md).
   */
  connectionsPerOrigin?: number;
  /** Name lookups running at once (DNS_LOOKUP_CONCURRENCY); dns-scheduler.ts. */
  dnsConcurrency?: number;
  /**
   * Signs every request, each redirect hop afresh (Web Bot Auth, message-signatures.ts): the
   * scanner's fetcher has one, the webhook sender does not.
   */
  signer?: RequestSigner;
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** What every fetch of one fetcher shares: the address policy, the DNS scheduler and the Agent. */
interface Transport {
  policy: AddressPolicy;
  dns: ReturnType<typeof createDnsScheduler>;
  agent: ReturnType<typeof createGuardedAgent>;
  userAgent: string;
  maxRedirects: number;
  signer: RequestSigner | undefined;
}

export function createSafeFetcher(options: SafeFetcherOptions): SafeFetcher {
  const transport = createTransport(options);
  return {
    fetch: (url, request) => fetchFollowingRedirects(transport, url, request),
    close: () => transport.agent.close(),
  };
}

function createTransport(options: SafeFetcherOptions): Transport {
  // Each scan looks names up in its own scope (its deadline signal): dns-scheduler.ts.
  const dns = createDnsScheduler(options.lookup ?? systemLookup, {
    ...(options.dnsConcurrency ? { maxConcurrent: options.dnsConcurrency } : {}),
  });
  const agent = createGuardedAgent({
    allowPrivateTargets: options.allowPrivateTargets,
    lookup: dns.lookup,
    ...(options.loopbackOnly ? { loopbackOnly: true } : {}),
    ...(options.connectStep ? { connectStep: options.connectStep } : {}),
    ...(options.policyExceptions ? { policyExceptions: options.policyExceptions } : {}),
    connectionsPerOrigin: options.connectionsPerOrigin ?? DEFAULT_SCAN_CONNECTIONS_PER_ORIGIN,
  });
  return {
    policy: guardPolicy(options),
    dns,
    agent,
    userAgent: options.userAgent ?? DEFAULT_USER_AGENT,
    maxRedirects: options.maxRedirects ?? 5,
    signer: options.signer,
  };
}

/** One hop: checked against the policy here, so a refusal names the hop that caused it. */
async function sendHop(
  transport: Transport,
  target: URL,
  request: SafeFetchRequest,
  signal: AbortSignal,
) {
  const verdict = checkUrl(target, transport.policy);
  if (!verdict.allowed) {
    throw new BlockedTargetError(target.href, verdict.reason, verdict.detail);
  }
  const method = request.method ?? 'GET';
  // Signed per hop: @authority and @path are the hop's own.
  const signature = (await transport.signer?.headers(target, method)) ?? {};
  return transport.dns.inScope(request.signal, () =>
    dispatchRequest(transport.agent, {
      origin: target.origin,
      path: `${target.pathname}${target.search}`,
      method,
      headers: {
        'user-agent': transport.userAgent,
        'accept-encoding': 'gzip, deflate, br',
        ...lowerCaseKeys(request.headers ?? {}),
        ...signature,
      },
      signal,
    }),
  );
}

async function fetchFollowingRedirects(
  transport: Transport,
  url: string,
  request: SafeFetchRequest,
): Promise<SafeFetchResponse> {
  const startedAt = Date.now();
  const timeoutSignal = AbortSignal.timeout(Math.max(1, request.timeoutMs));
  const signal = request.signal ? AbortSignal.any([request.signal, timeoutSignal]) : timeoutSignal;
  const redirects: RedirectHop[] = [];
  let current = parseOrBlock(url);
  try {
    for (;;) {
      const response = await sendHop(transport, current, request, signal);
      const headers = flattenHeaders(response.headers);
      const next = redirectTarget(response.statusCode, headers, current);
      if (next === undefined) {
        const read = await readBody(response.body, headers, current, request.maxBytes);
        const timing = { startedAt, durationMs: Date.now() - startedAt };
        const status = response.statusCode;
        return { url, finalUrl: current.href, status, headers, ...read, redirects, timing };
      }
      discard(response.body);
      if (redirects.length >= transport.maxRedirects) {
        throw new TooManyRedirectsError(url, transport.maxRedirects);
      }
      redirects.push({ url: current.href, status: response.statusCode, location: next.href });
      current = next;
    }
  } catch (error) {
    throw fetchError(error, { url, current, request, timeoutSignal });
  }
}

function redirectTarget(
  status: number,
  headers: Record<string, string>,
  current: URL,
): URL | undefined {
  const location = headers.location;
  return REDIRECT_STATUSES.has(status) && location !== undefined
    ? resolveLocation(location, current)
    : undefined;
}

/** The decoded, capped body and its text; an unknown Content-Encoding is a network error. */
async function readBody(
  stream: Readable,
  headers: Record<string, string>,
  current: URL,
  maxBytes: number,
): Promise<{ body: Uint8Array; text: string; truncated: boolean }> {
  const decoders = decodersFor(headers['content-encoding']);
  if (decoders === undefined) {
    discard(stream);
    throw new FetchNetworkError(
      current.href,
      new Error(`unsupported content-encoding ${headers['content-encoding']}`),
    );
  }
  const { body, truncated } = await readDecoded(stream, decoders, maxBytes);
  return { body, truncated, text: decodeText(body, headers['content-type']) };
}

/** One typed error for whatever went wrong, named after the URL asked for or the hop. */
function fetchError(
  error: unknown,
  context: { url: string; current: URL; request: SafeFetchRequest; timeoutSignal: AbortSignal },
): Error {
  const { url, current, request } = context;
  if (error instanceof BlockedTargetError && error.url !== current.href) {
    // Raised at connect time, which only knows the host name.
    return new BlockedTargetError(current.href, error.reason, error.detail);
  }
  if (error instanceof SafeFetchError) {
    return error;
  }
  if (context.timeoutSignal.aborted || isTimeoutCode(errorCode(error))) {
    return new FetchTimeoutError(url, request.timeoutMs);
  }
  if (request.signal?.aborted) {
    const reason: unknown = request.signal.reason;
    if (reason instanceof Error && reason.name === 'TimeoutError') {
      return new FetchTimeoutError(url, request.timeoutMs);
    }
    if (reason instanceof Error) {
      return reason;
    }
  }
  return new FetchNetworkError(current.href, error);
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
async function readDecoded(
  body: Readable,
  decoders: Transform[],
  maxBytes: number,
): Promise<{ body: Uint8Array; truncated: boolean }> {
  const source: Readable =
    decoders.length === 0
      ? body
      : (pipeline([body, ...decoders], () => {
          // Errors surface through the async iterator readCapped reads; nothing to do here.
        }) as unknown as Readable);
  const read = await readCapped(source, maxBytes);
  if (read.error) throw read.error;
  if (read.truncated) {
    discard(body);
    for (const decoder of decoders) discard(decoder);
  }
  return { body: read.body, truncated: read.truncated };
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

/**
 * A connect timeout is not among them on purpose: a host that does not accept a connection is
 * unreachable (a network error), while one that accepted and then did not answer is slow.
 */
function isTimeoutCode(code: string | undefined): boolean {
  return code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT';
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
