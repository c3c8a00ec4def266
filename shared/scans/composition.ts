import { getEventPublisher } from '#shared/events/composition';
import { createScanEvents } from '#shared/events/scan-events';
import { offlineLookup } from '#shared/net/offline-lookup';
import { createSafeFetcher } from '#shared/net/safe-fetch';
import { getConfig, getStore } from '#shared/platform/clients';
import { lazy } from '#shared/platform/lazy';
import { createQuotaRepository } from '#shared/store/quota-repository';
import type { ScanWriteDeps } from './operations.ts';
import { getScanReadDeps } from './read-composition.ts';
import { createScanService } from './service.ts';

/**
 * Scanning's dependencies, built once per process on first use: the engine, the guarded
 * fetcher and the quota counters on top of the read dependencies (read-composition.ts, kept
 * apart so the read routes never bundle the engine).
 */

export const getScanWriteDeps = lazy((): ScanWriteDeps => {
  const config = getConfig();
  const { doc, tableName } = getStore();
  const { scans, stats } = getScanReadDeps();
  // scan.completed for every saved scan of an account; no queue configured, no events.
  const publisher = getEventPublisher();
  return {
    scanner: createScanService({
      scans,
      stats,
      quotas: createQuotaRepository(doc, tableName),
      fetcher: getScanFetcher(),
      allowPrivateTargets: config.ALLOW_PRIVATE_TARGETS,
      anonymousScansPerDay: config.ANONYMOUS_SCANS_PER_DAY,
      scanDeadlineMs: config.SCAN_DEADLINE_MS,
      ...(publisher ? { events: createScanEvents(publisher) } : {}),
    }),
  };
});

/** One guarded fetcher per process: its connection pool is shared by every scan. */
export const getScanFetcher = lazy(
  () => {
    const config = getConfig();
    return createSafeFetcher({
      allowPrivateTargets: config.ALLOW_PRIVATE_TARGETS,
      ...(config.OFFLINE_DNS ? { lookup: offlineLookup() } : {}),
      // An honest, documented identity: site owners can look up who scanned them and why.
      ...(config.PUBLIC_BASE_URL
        ? { userAgent: `AgentReadinessScanner/2.0 (+${config.PUBLIC_BASE_URL}/docs#scanner)` }
        : {}),
    });
  },
  (fetcher) => void fetcher.close(),
);
