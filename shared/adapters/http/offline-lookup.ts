/** The name lookup of a machine without network (OFFLINE_DNS=1): nothing leaves the machine. */
import type { LookupAddress } from 'node:dns';
import type { DnsLookup } from './guarded-agent.ts';

/**
 * A DNS lookup that never leaves the machine: `localhost` (and `*.localhost`) is 127.0.0.1,
 * every other name fails the way an unknown name does (ENOTFOUND), at once. Third-party
 * lookups of a scan (Wikidata, sameAs profiles) then degrade to "unverifiable". The local stack
 * uses it when OFFLINE_DNS=1 (tests, benchmarks, demos on a machine without network); `extra`
 * maps more names (a test's rebinding host, say).
 */
export function offlineLookup(extra: Record<string, string> = {}): DnsLookup {
  return async (hostname: string): Promise<LookupAddress[]> => {
    const name = hostname.toLowerCase().replace(/\.$/, '');
    const loopback = name === 'localhost' || name.endsWith('.localhost');
    const mapped = loopback ? '127.0.0.1' : extra[name];
    if (mapped === undefined) {
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), {
        code: 'ENOTFOUND',
        hostname,
      });
    }
    return [{ address: mapped, family: mapped.includes(':') ? 6 : 4 }];
  };
}
