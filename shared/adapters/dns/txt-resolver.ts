/**
 * The TXT lookup of DNS-AID (scan-engine/dns-aid.ts) on Node's resolver: one try with a short
 * timeout, so a slow DNS server costs the scan at most about two seconds, and "no such name" or
 * "no TXT data" read as "no record" rather than as a failure.
 */
import { Resolver } from 'node:dns/promises';
import type { TxtResolver } from '#shared/domain/scan-engine/dns-aid';

const NO_RECORD = new Set(['ENOTFOUND', 'ENODATA', 'NXDOMAIN']);

export interface TxtResolverOptions {
  /** DNS servers to ask ("127.0.0.1:5353"); the system's when unset. */
  servers?: readonly string[];
  /** Per-try timeout in ms (default 1,500). */
  timeoutMs?: number;
}

export function createTxtResolver(options: TxtResolverOptions = {}): TxtResolver {
  const resolver = new Resolver({ timeout: options.timeoutMs ?? 1_500, tries: 1 });
  if (options.servers !== undefined) resolver.setServers([...options.servers]);
  return {
    async txt(name) {
      try {
        const records = await resolver.resolveTxt(name);
        return records.map((chunks) => chunks.join(''));
      } catch (error) {
        if (NO_RECORD.has((error as NodeJS.ErrnoException).code ?? '')) return 'none';
        throw error;
      }
    },
  };
}
