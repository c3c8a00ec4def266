/**
 * GET / on the start URLs in order. Only a domain that cannot be scanned at all fails the
 * scan: no start URL accepted a connection (DNS, refused, TLS), or every one was refused by
 * the address policy (a hostile target: 400). A host that accepted the connection but did not
 * answer in time, or redirected in a loop, gets a result with what could be measured.
 */
import { BadRequestError } from '#shared/domain/kernel/errors';
import type { Fetched } from '#shared/domain/scan-engine/artifacts';
import type { ScanFetcher } from '#shared/domain/scan-engine/scan-fetcher';
import { originOf } from '#shared/domain/scan-engine/site';
import { unreachableSite } from '#shared/domain/scan-engine/unreachable';
import { ACCEPT, BYTE_CAPS, PRIORITY } from './plan.ts';

export interface HomepageResult {
  fetched: Fetched;
  /** Origin of the final answer (after redirects), or of the start URL that was slow. */
  origin: string;
}

type Failure = Exclude<Fetched, { kind: 'response' | 'timeout' | 'redirect-loop' }>;

export async function fetchHomepage(
  target: { domain: string; startUrls: readonly string[] },
  fetcher: ScanFetcher,
): Promise<HomepageResult> {
  const failures: Failure[] = [];
  for (const start of target.startUrls) {
    const origin = originOf(start);
    const fetched = await fetcher.get(`${origin}/`, {
      accept: ACCEPT.html,
      maxBytes: BYTE_CAPS.html,
      priority: PRIORITY.homepage,
      budget: 'homepage',
    });
    if (fetched.kind === 'response') {
      return { fetched, origin: originOf(fetched.finalUrl) };
    }
    if (fetched.kind === 'timeout' || fetched.kind === 'redirect-loop') {
      return { fetched, origin };
    }
    failures.push(fetched);
  }
  // Offline (OFFLINE_DNS=1) nothing but loopback is reached: say so rather than blame the target.
  if (
    failures.length > 0 &&
    failures.every((failure) => failure.kind === 'blocked' && failure.offline)
  ) {
    throw new BadRequestError(
      'invalid_domain',
      `${target.domain} is not on this machine: the service runs offline (OFFLINE_DNS=1) and connects to loopback addresses only.`,
    );
  }
  // A name that resolves (or redirects) into a private or reserved address is a hostile target,
  // a mistake of the request rather than a failure of the site: the caller gets a 400.
  if (failures.some((failure) => failure.kind === 'blocked')) {
    throw new BadRequestError(
      'invalid_domain',
      `${target.domain} resolves to a private or reserved address; only public internet hosts can be scanned.`,
    );
  }
  const last = failures[failures.length - 1];
  const reason = last?.kind === 'network-error' ? (last.reason ?? 'network') : 'timeout';
  throw unreachableSite(target.domain, reason);
}
