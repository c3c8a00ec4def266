/**
 * The system resolver as the service uses it: every address of a name, in the resolver's order.
 * `localhost` and `*.localhost` are loopback without asking the resolver (RFC 6761 section 6.3
 * says resolvers should answer them so), which also keeps them out of a slow resolver's queue.
 * The address policy still decides whether loopback may be reached at all.
 */
import type { LookupAddress } from 'node:dns';
import { lookup as dnsLookup } from 'node:dns/promises';
import type { DnsLookup } from './guarded-agent.ts';

export const systemLookup: DnsLookup = async (hostname) => {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  if (name === 'localhost' || name.endsWith('.localhost')) {
    return [{ address: '127.0.0.1', family: 4 }] satisfies LookupAddress[];
  }
  return dnsLookup(hostname, { all: true, verbatim: true });
};
