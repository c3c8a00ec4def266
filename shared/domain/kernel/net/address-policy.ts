/**
 * Which network destinations a user-supplied URL may reach. Every scan target and every
 * redirect hop passes through here: once for the URL as written (scheme, port, userinfo,
 * host name, IP literal) and once for each address DNS returns, at connect time.
 *
 * The address rule is an allow-list, not a block-list: only plain public unicast passes
 * (ipaddr.js range `unicast` after unwrapping IPv4-mapped IPv6, and for IPv6 only 2000::/3).
 * Anything new that IANA reserves is therefore refused until ipaddr.js learns it is public.
 *
 * Offline (`loopbackOnly`, OFFLINE_DNS=1) comes before every other rule: only loopback
 * addresses pass, whatever else allows private targets, so nothing leaves the machine.
 */
import ipaddr from 'ipaddr.js';

/** Why a destination was refused; stable strings, used in error messages and tests. */
export type BlockReason =
  | 'scheme_not_allowed'
  | 'port_not_allowed'
  | 'userinfo_not_allowed'
  | 'local_hostname'
  | 'non_public_address'
  | 'not_loopback';

/** Exceptions to the production rules, for tests only: production passes none. */
export interface AddressPolicyExceptions {
  /** Addresses (exact, e.g. "127.0.0.1") that pass although they are not public. */
  addresses?: readonly string[];
  /** Ports that pass in addition to 80 and 443. */
  ports?: readonly number[];
}

export interface AddressPolicy {
  /** Loopback, private ranges and any port are reachable (tests and the local demo). */
  allowPrivateTargets: boolean;
  /**
   * Offline (OFFLINE_DNS=1): every destination must be a loopback address (127.0.0.0/8, ::1,
   * and IPv4-mapped loopback), before and above every other rule and exception.
   */
  loopbackOnly?: boolean;
  exceptions?: AddressPolicyExceptions;
}

export type PolicyVerdict =
  | { allowed: true }
  | { allowed: false; reason: BlockReason; detail: string };

const ALLOWED_PROTOCOLS = new Set(['http:', 'https:']);
const PRODUCTION_PORTS = new Set([80, 443]);
const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR('2000::/3');

/**
 * Classifies one IP address. IPv4-mapped IPv6 (::ffff:a.b.c.d) is unwrapped first, so
 * `::ffff:127.0.0.1` is judged as the loopback address it really is. NAT64, 6to4 and Teredo
 * embed IPv4 addresses of unknown kind, so they are refused as a whole.
 */
export function describeAddress(address: string): { range: string; isPublicUnicast: boolean } {
  const bare = stripBrackets(address);
  if (!ipaddr.isValid(bare)) {
    return { range: 'invalid', isPublicUnicast: false };
  }
  // Zone ids (fe80::1%eth0) only exist on link-local addresses; refuse them outright.
  if (bare.includes('%')) {
    return { range: 'zoned', isPublicUnicast: false };
  }
  const parsed = ipaddr.process(bare);
  const range = parsed.range();
  if (range !== 'unicast') {
    return { range, isPublicUnicast: false };
  }
  if (parsed.kind() === 'ipv6' && !(parsed as ipaddr.IPv6).match(GLOBAL_UNICAST_V6)) {
    // ipaddr.js calls e.g. the deprecated IPv4-compatible ::/96 "unicast"; it is not routable.
    return { range: 'outside-2000::/3', isPublicUnicast: false };
  }
  return { range, isPublicUnicast: true };
}

/** True when `host` (a URL hostname, brackets allowed) is an IP literal. */
export function isIpLiteral(host: string): boolean {
  return ipaddr.isValid(stripBrackets(host));
}

/** True for a loopback address in any form ipaddr.js reads (IPv4-mapped IPv6 unwrapped). */
export function isLoopbackAddress(address: string): boolean {
  const bare = stripBrackets(address);
  return ipaddr.isValid(bare) && !bare.includes('%') && ipaddr.process(bare).range() === 'loopback';
}

/** Checks a resolved or literal address against the policy. */
export function checkAddress(address: string, policy: AddressPolicy): PolicyVerdict {
  const bare = stripBrackets(address);
  if (policy.loopbackOnly && !isLoopbackAddress(bare)) {
    return {
      allowed: false,
      reason: 'not_loopback',
      detail: `address ${bare} is not loopback, and offline mode (OFFLINE_DNS=1) reaches loopback only`,
    };
  }
  if (policy.allowPrivateTargets) {
    return { allowed: true };
  }
  if (policy.exceptions?.addresses?.includes(bare)) {
    return { allowed: true };
  }
  const { range, isPublicUnicast } = describeAddress(bare);
  if (isPublicUnicast) {
    return { allowed: true };
  }
  return {
    allowed: false,
    reason: 'non_public_address',
    detail: `address ${bare} is not public (${range})`,
  };
}

/**
 * Host names that must never be looked up in production: they name the machine itself or a
 * private network, and some resolvers answer them from /etc/hosts or a search domain.
 */
export function isLocalHostname(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  if (name === '' || !name.includes('.')) {
    return true;
  }
  return (
    name === 'localhost' ||
    name.endsWith('.localhost') ||
    name.endsWith('.local') ||
    name.endsWith('.internal') ||
    name.endsWith('.localdomain') ||
    name.endsWith('.home.arpa')
  );
}

/** Checks everything about a URL that can be known before connecting. */
export function checkUrl(url: URL, policy: AddressPolicy): PolicyVerdict {
  if (!ALLOWED_PROTOCOLS.has(url.protocol)) {
    return {
      allowed: false,
      reason: 'scheme_not_allowed',
      detail: `scheme ${url.protocol} is not http or https`,
    };
  }
  if (url.username !== '' || url.password !== '') {
    return {
      allowed: false,
      reason: 'userinfo_not_allowed',
      detail: 'URLs with credentials are not fetched',
    };
  }
  if (policy.loopbackOnly && isIpLiteral(url.hostname)) {
    // Offline, a literal is judged here at once; a name by every address its lookup answers.
    const verdict = checkAddress(url.hostname, policy);
    if (!verdict.allowed) return verdict;
  }
  if (policy.allowPrivateTargets) {
    return { allowed: true };
  }
  const port = url.port === '' ? (url.protocol === 'https:' ? 443 : 80) : Number(url.port);
  if (!PRODUCTION_PORTS.has(port) && !policy.exceptions?.ports?.includes(port)) {
    return { allowed: false, reason: 'port_not_allowed', detail: `port ${port} is not 80 or 443` };
  }
  if (isIpLiteral(url.hostname)) {
    // Connect-time lookup is never called for literals, so this is the only check they get.
    return checkAddress(url.hostname, policy);
  }
  if (isLocalHostname(url.hostname)) {
    return {
      allowed: false,
      reason: 'local_hostname',
      detail: `host ${url.hostname} names a local or private network`,
    };
  }
  return { allowed: true };
}

function stripBrackets(host: string): string {
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}
