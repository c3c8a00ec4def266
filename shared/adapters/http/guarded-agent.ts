/**
 * An undici Agent that can only open connections the address policy allows. Every connection
 * goes through one guard, whatever the method or the caller (scan GETs, webhook POSTs):
 *
 * - before connecting: scheme, port and IP literals (Node never calls `lookup` for a literal,
 *   so this is the only check a literal gets), plus local names such as `localhost`;
 * - at connect time: host names are resolved by our own `lookup`, and if any address is not
 *   public unicast the socket is never opened, so DNS rebinding cannot slip a private address
 *   in between an earlier check and the connection.
 *
 * Offline (`loopbackOnly`, OFFLINE_DNS=1) both checks admit loopback addresses only, for every
 * caller of the agent: scans, webhook deliveries and, offline, the model providers.
 *
 * TLS uses Node's default trust store (including NODE_EXTRA_CA_CERTS) and SNI; HTTP/2 is
 * offered through ALPN and used when the origin selects it, HTTP/1.1 otherwise.
 */
import type { LookupAddress } from 'node:dns';
import buildConnector from 'undici/lib/core/connect.js';
import {
  type AddressPolicy,
  type AddressPolicyExceptions,
  checkAddress,
  checkUrl,
} from '#shared/domain/kernel/net/address-policy';
import { BlockedTargetError } from '#shared/domain/kernel/net/fetch-errors';
import { Agent } from './http-client.ts';
import { systemLookup } from './system-lookup.ts';

/** Resolves a host name to every address it has; injectable so tests never touch real DNS. */
export type DnsLookup = (hostname: string) => Promise<readonly LookupAddress[]>;

/** What opens a socket once the guard has passed a destination (undici's connector by default). */
export type ConnectStep = (options: {
  /** The guarded lookup: the step must resolve names through it, as Node's sockets do. */
  lookup: GuardedLookup;
  timeout: number;
  allowH2: boolean;
}) => buildConnector.connector;

export interface GuardedAgentOptions {
  /** Tests and the local demo only (ALLOW_PRIVATE_TARGETS=1): loopback, private ranges, any port. */
  allowPrivateTargets: boolean;
  /** Offline (OFFLINE_DNS=1): loopback destinations only, above allowPrivateTargets. */
  loopbackOnly?: boolean;
  /** Tests only: stands in for the socket (a recorder), so a refusal test can never send. */
  connectStep?: ConnectStep;
  lookup?: DnsLookup;
  /** Narrow exceptions for tests that need one reachable fixture; production passes none. */
  policyExceptions?: AddressPolicyExceptions;
  /**
   * HTTP/1.1 connections kept per origin; requests beyond it queue inside undici. `null`: no
   * limit, for callers that limit their own concurrency (the model providers' lanes).
   */
  connectionsPerOrigin?: number | null;
  /** Time allowed for TCP (and TLS) setup; default 5 s. */
  connectTimeoutMs?: number;
}

export const DEFAULT_CONNECTIONS_PER_ORIGIN = 6;
const DEFAULT_CONNECT_TIMEOUT_MS = 5_000;

export function createGuardedAgent(options: GuardedAgentOptions): Agent {
  const policy = guardPolicy(options);
  const resolve: DnsLookup = options.lookup ?? systemLookup;
  const connector = (options.connectStep ?? buildConnector)({
    timeout: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
    lookup: createGuardedLookup(resolve, policy),
    allowH2: true,
  });
  const guardedConnect: buildConnector.connector = (connectOptions, callback) => {
    const refusal = refuseDestination(connectOptions, policy);
    if (refusal !== undefined) {
      callback(refusal, null);
      return;
    }
    connector(connectOptions, callback);
  };
  return new Agent({
    connections:
      options.connectionsPerOrigin === undefined
        ? DEFAULT_CONNECTIONS_PER_ORIGIN
        : options.connectionsPerOrigin,
    allowH2: true,
    connect: guardedConnect,
    // Backstops only; callers pass an AbortSignal as the real limit.
    headersTimeout: 15_000,
    bodyTimeout: 15_000,
  });
}

/** The address policy of an agent's options. */
export function guardPolicy(
  options: Pick<GuardedAgentOptions, 'allowPrivateTargets' | 'loopbackOnly' | 'policyExceptions'>,
): AddressPolicy {
  return {
    allowPrivateTargets: options.allowPrivateTargets,
    ...(options.loopbackOnly ? { loopbackOnly: true } : {}),
    ...(options.policyExceptions ? { exceptions: options.policyExceptions } : {}),
  };
}

/** Everything about the destination that is known before a lookup: scheme, port, literals. */
function refuseDestination(
  target: buildConnector.Options,
  policy: AddressPolicy,
): BlockedTargetError | undefined {
  // undici hands IPv6 literals over without their brackets; a URL needs them back.
  const host =
    target.hostname.includes(':') && !target.hostname.startsWith('[')
      ? `[${target.hostname}]`
      : target.hostname;
  const authority = `${host}${target.port ? `:${target.port}` : ''}`;
  let url: URL;
  try {
    url = new URL(`${target.protocol}//${authority}/`);
  } catch {
    return new BlockedTargetError(authority, 'scheme_not_allowed', 'not a valid destination');
  }
  const verdict = checkUrl(url, policy);
  return verdict.allowed
    ? undefined
    : new BlockedTargetError(url.href, verdict.reason, verdict.detail);
}

type LookupCallback = (
  error: Error | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/** The `lookup` of Node's sockets, guarded. */
export type GuardedLookup = (
  hostname: string,
  lookupOptions: { all?: boolean; family?: number | string },
  callback: LookupCallback,
) => void;

/**
 * The `lookup` handed to the socket. Node calls it for every host name (not for IP literals)
 * right before opening the socket; refusing here is what defeats DNS rebinding. Every resolved
 * address must pass: a name that resolves to one public and one private address is refused,
 * because the socket could pick either.
 */
function createGuardedLookup(resolve: DnsLookup, policy: AddressPolicy): GuardedLookup {
  return (hostname, lookupOptions, callback) => {
    resolve(hostname)
      .then((addresses) => {
        const answer = guardedAnswer(hostname, addresses, lookupOptions.family, policy);
        if (answer instanceof Error) {
          callback(answer, '');
        } else if (lookupOptions.all) {
          callback(null, answer);
        } else {
          const first = answer[0] as LookupAddress;
          callback(null, first.address, first.family);
        }
      })
      .catch((error: unknown) => {
        callback(error instanceof Error ? error : new Error(String(error)), '');
      });
  };
}

/** The addresses to connect to, or the error that refuses the name. */
function guardedAnswer(
  hostname: string,
  addresses: readonly LookupAddress[],
  family: number | string | undefined,
  policy: AddressPolicy,
): LookupAddress[] | Error {
  const wanted = filterFamily(addresses, family);
  if (wanted.length === 0) {
    return Object.assign(new Error(`DNS lookup found no address for ${hostname}`), {
      code: 'ENOTFOUND',
    });
  }
  for (const entry of wanted) {
    const verdict = checkAddress(entry.address, policy);
    if (!verdict.allowed) {
      const kind = verdict.reason === 'not_loopback' ? 'non-loopback' : 'non-public';
      const detail = `${hostname} resolves to a ${kind} address (${verdict.detail})`;
      return new BlockedTargetError(hostname, verdict.reason, detail);
    }
  }
  return wanted;
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
