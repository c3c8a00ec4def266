/**
 * The monthly refresh of the agents' ranges and the operator CLI's: a guarded HTTP client to the
 * operators' lists and the store the schedule keeps the result in. Apart from agent-logs.ts, so
 * that only these two bundle the HTTP client.
 */
import { offlineLookup } from '#shared/adapters/http/offline-lookup';
import { createSafeFetcher } from '#shared/adapters/http/safe-fetch';
import { systemLookup } from '#shared/adapters/http/system-lookup';
import type { RangesStore } from '#shared/domain/agents/ports';
import type { RefreshDeps } from '#shared/domain/agents/refresh';
import type { SafeFetcher } from '#shared/domain/kernel/net/fetcher';
import { getRangesStore } from '#shared/wiring/agent-logs';
import type { Config } from '#shared/wiring/config';
import { lazy } from '#shared/wiring/lazy';
import { getClock, getConfig } from '#shared/wiring/platform';
import { scannerBaseUrl, scannerUserAgent } from '#shared/wiring/scanner-identity';

/**
 * The refresh's fetcher for a configuration (the schedule's and the operator CLI's): guarded like
 * the scanner's (public addresses only, unless the local demo allows private ones; OFFLINE_DNS
 * keeps it on the machine), unsigned, and named as the service: it reads the operators'
 * published lists, not a customer's site.
 */
export function rangesFetcherFor(config: Config, serviceUrl: string): SafeFetcher {
  return createSafeFetcher({
    allowPrivateTargets: config.ALLOW_PRIVATE_TARGETS,
    dnsConcurrency: config.DNS_LOOKUP_CONCURRENCY,
    lookup: config.OFFLINE_DNS ? offlineLookup() : systemLookup,
    userAgent: scannerUserAgent(serviceUrl),
  });
}

export const getRangesRefreshDeps = lazy(
  (settings): RefreshDeps & { ranges: RangesStore } => ({
    fetcher: rangesFetcherFor(getConfig(), scannerBaseUrl(settings)),
    clock: getClock(),
    ranges: getRangesStore(),
  }),
  (deps) => void deps.fetcher.close(),
);
