/**
 * Validation of a webhook receiver URL at registration (docs/api.md "Webhooks": https, no credentials, no
 * private network). What passes is returned as a WHATWG URL whose `href` is the canonical form
 * to store: host lower-cased and converted to punycode, default port dropped.
 *
 * This is the first of two checks. Every delivery goes through the guarded agent, which checks
 * the addresses again at connect time, so a name that later resolves into a private network
 * (DNS rebinding) is still refused. The rules here only add what the agent cannot know:
 * https only, port 443 only, a host name that can be a real public name, and resolvability.
 *
 * Production port policy: 443 only. A receiver on another port would turn the delivery log
 * (status, error text, duration) into a port scanner of third-party hosts; every public https
 * receiver can listen on 443. With `allowPrivateTargets` (tests, the local demo) any port and
 * any address are allowed, but the scheme must still be https.
 */
import type { LookupAddress } from 'node:dns';
import { domainToUnicode } from 'node:url';
import { BadRequestError, UnavailableError } from '#shared/domain/kernel/errors';
import {
  checkAddress,
  isIpLiteral,
  isLocalHostname,
} from '#shared/domain/kernel/net/address-policy';

/** Resolves a host name to every address it has; injectable so tests never touch real DNS. */
export type ReceiverLookup = (hostname: string) => Promise<readonly LookupAddress[]>;

export interface ReceiverUrlOptions {
  /** Tests and the local demo only (ALLOW_PRIVATE_TARGETS=1): any address, any port. */
  allowPrivateTargets: boolean;
  /**
   * The service's one name lookup (shared/wiring/dns.ts), so OFFLINE_DNS governs registration
   * as it governs scans and deliveries; this module never asks DNS itself.
   */
  lookup: ReceiverLookup;
  /** Budget for the name lookup; default 5 s. */
  lookupTimeoutMs?: number;
}

/** Which rule refused a URL; also sent to the caller as `error.details.rule`. */
export type ReceiverUrlRule =
  | 'too_long'
  | 'control_characters'
  | 'not_absolute'
  | 'https_only'
  | 'credentials'
  | 'fragment'
  | 'invalid_host'
  | 'port_not_allowed'
  | 'local_hostname'
  | 'private_address'
  | 'unresolvable';

/** Longest URL accepted, before and after normalisation (punycode can grow a host). */
export const MAX_RECEIVER_URL_LENGTH = 2048;
export const RECEIVER_PORT = 443;
const DEFAULT_LOOKUP_TIMEOUT_MS = 5_000;
const LDH_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const MAX_HOST_LENGTH = 253;
// Lookup errors that mean "this name has no address", as opposed to "try again later".
const NO_SUCH_NAME = new Set(['ENOTFOUND', 'ENODATA', 'EAI_NONAME', 'EAI_NODATA']);

function refuse(rule: ReceiverUrlRule, message: string): BadRequestError {
  return new BadRequestError('invalid_url', message, { details: { rule } });
}

/**
 * Validates a receiver URL and returns it normalised. Throws `BadRequestError` (`invalid_url`,
 * `details.rule` naming the rule) when it breaks a rule, and `UnavailableError` when the name
 * cannot be resolved right now for a reason that is not the caller's (resolver timeout, SERVFAIL).
 */
export async function validateReceiverUrl(
  input: string,
  options: ReceiverUrlOptions,
): Promise<URL> {
  const url = checkReceiverUrlSyntax(input, options.allowPrivateTargets);
  if (options.allowPrivateTargets) {
    return url;
  }
  if (isIpLiteral(url.hostname)) {
    const verdict = checkAddress(url.hostname, { allowPrivateTargets: false });
    if (!verdict.allowed) {
      throw refuse('private_address', `The URL points at a non-public address: ${verdict.detail}.`);
    }
    return url;
  }
  if (isLocalHostname(url.hostname)) {
    throw refuse(
      'local_hostname',
      `The host ${url.hostname} names the local machine or a private network.`,
    );
  }
  const addresses = await resolveAll(url.hostname, options);
  for (const { address } of addresses) {
    const verdict = checkAddress(address, { allowPrivateTargets: false });
    if (!verdict.allowed) {
      throw refuse(
        'private_address',
        `The host ${url.hostname} resolves to a non-public address: ${verdict.detail}.`,
      );
    }
  }
  return url;
}

/**
 * Every rule that needs no DNS: length, characters, scheme, credentials, fragment, host syntax
 * and port. Synchronous, so a delivery can re-check a stored URL cheaply.
 */
export function checkReceiverUrlSyntax(input: string, allowPrivateTargets: boolean): URL {
  if (input.length > MAX_RECEIVER_URL_LENGTH) {
    throw refuse('too_long', `The URL is longer than ${MAX_RECEIVER_URL_LENGTH} characters.`);
  }
  // The URL parser would silently strip or encode these; a receiver URL never needs them.
  if (hasSpaceOrControl(input)) {
    throw refuse('control_characters', 'The URL must not contain spaces or control characters.');
  }
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw refuse('not_absolute', 'The URL is not a valid absolute URL.');
  }
  if (url.protocol !== 'https:') {
    throw refuse('https_only', `The URL must use https, not ${url.protocol.replace(':', '')}.`);
  }
  // The parser drops an empty "user:@" silently, so look at the authority as written too.
  if (url.username !== '' || url.password !== '' || authorityOf(input).includes('@')) {
    throw refuse('credentials', 'The URL must not carry credentials (user name or password).');
  }
  if (url.href.includes('#')) {
    throw refuse('fragment', 'The URL must not have a fragment (#...): it is never sent.');
  }
  checkHost(url.hostname);
  if (!allowPrivateTargets && url.port !== '') {
    throw refuse(
      'port_not_allowed',
      `The URL must use the https port ${RECEIVER_PORT}, not ${url.port}.`,
    );
  }
  if (url.href.length > MAX_RECEIVER_URL_LENGTH) {
    throw refuse('too_long', `The URL is longer than ${MAX_RECEIVER_URL_LENGTH} characters.`);
  }
  return url;
}

function hasSpaceOrControl(input: string): boolean {
  for (let index = 0; index < input.length; index++) {
    const code = input.charCodeAt(index);
    if (code <= 0x20 || code === 0x7f) {
      return true;
    }
  }
  return false;
}

/** The part between "//" and the first "/", "?", "#" or "\" of the URL as written. */
function authorityOf(input: string): string {
  const start = input.indexOf('//');
  if (start === -1) {
    return '';
  }
  const rest = input.slice(start + 2);
  const end = rest.search(/[/?#\\]/);
  return end === -1 ? rest : rest.slice(0, end);
}

/** Host names must be letters, digits and hyphens (after punycode), like every public name. */
function checkHost(hostname: string): void {
  if (isIpLiteral(hostname)) {
    return;
  }
  const invalid = (why: string) => refuse('invalid_host', `The host ${hostname} ${why}.`);
  if (hostname.endsWith('.')) {
    throw invalid('must not end with a dot');
  }
  if (hostname.length > MAX_HOST_LENGTH) {
    throw invalid(`is longer than ${MAX_HOST_LENGTH} characters`);
  }
  for (const label of hostname.split('.')) {
    if (!LDH_LABEL.test(label)) {
      throw invalid('is not a valid host name (letters, digits and inner hyphens only)');
    }
    // A punycode label that does not decode is not a name anyone can register.
    if (label.startsWith('xn--') && domainToUnicode(label) === label) {
      throw invalid('contains an invalid internationalised (xn--) label');
    }
  }
}

async function resolveAll(
  hostname: string,
  options: ReceiverUrlOptions,
): Promise<readonly LookupAddress[]> {
  const { lookup } = options;
  const timeoutMs = options.lookupTimeoutMs ?? DEFAULT_LOOKUP_TIMEOUT_MS;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(Object.assign(new Error('lookup timed out'), { code: 'ETIMEOUT' })),
      timeoutMs,
    );
  });
  let addresses: readonly LookupAddress[];
  try {
    addresses = await Promise.race([lookup(hostname), timeout]);
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    if (typeof code === 'string' && NO_SUCH_NAME.has(code)) {
      throw refuse('unresolvable', `The host ${hostname} does not resolve to any address.`);
    }
    throw new UnavailableError(
      'service_unavailable',
      `The host ${hostname} could not be resolved right now; try again later.`,
      { cause: error, retryAfterSeconds: 30 },
    );
  } finally {
    clearTimeout(timer);
  }
  if (addresses.length === 0) {
    throw refuse('unresolvable', `The host ${hostname} does not resolve to any address.`);
  }
  return addresses;
}
