/** Where anonymous callers are counted: the quota bucket of a client address. */
import ipaddr from 'ipaddr.js';

/**
 * The bucket an anonymous caller's quota is counted in: the IPv4 address, or the /64 of an IPv6
 * address (one subscriber usually holds a whole /64, so counting single IPv6 addresses would let
 * anyone rotate through 2^64 of them). IPv4-mapped IPv6 addresses count as their IPv4 address.
 */
export function quotaBucketForAddress(address: string): string {
  if (!ipaddr.isValid(address)) return `raw:${address}`;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return `ip4:${parsed.toString()}`;
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4);
  return `ip6:${parts.map((part) => part.toString(16)).join(':')}::/64`;
}
