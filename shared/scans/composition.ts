import { createSafeFetcher } from '#shared/net/safe-fetch';
import { getConfig, getStore } from '#shared/platform/clients';
import { lazy } from '#shared/platform/lazy';
import { createQuotaRepository } from '#shared/store/quota-repository';
import { createScansRepository } from '#shared/store/scans-repository';
import { createStatsRepository } from '#shared/store/stats-repository';
import type { ScanReadDeps, ScanWriteDeps } from './operations.ts';
import { createScanService } from './service.ts';

/**
 * The scan area's dependencies, each built once per process on first use. Reads need only the
 * store; scanning builds the engine, the guarded fetcher and the quota counters on top.
 */
export const getScanReadDeps = lazy((): ScanReadDeps => {
  const { doc, tableName } = getStore();
  return {
    scans: createScansRepository(doc, tableName),
    stats: createStatsRepository(doc, tableName),
  };
});

export const getScanWriteDeps = lazy((): ScanWriteDeps => {
  const config = getConfig();
  const { doc, tableName } = getStore();
  const { scans, stats } = getScanReadDeps();
  return {
    scanner: createScanService({
      scans,
      stats,
      quotas: createQuotaRepository(doc, tableName),
      fetcher: getScanFetcher(),
      allowPrivateTargets: config.ALLOW_PRIVATE_TARGETS,
      anonymousScansPerDay: config.ANONYMOUS_SCANS_PER_DAY,
      scanDeadlineMs: config.SCAN_DEADLINE_MS,
    }),
  };
});

/** One guarded fetcher per process: its connection pool is shared by every scan. */
export const getScanFetcher = lazy(
  () => {
    const config = getConfig();
    return createSafeFetcher({
      allowPrivateTargets: config.ALLOW_PRIVATE_TARGETS,
      // An honest, documented identity: site owners can look up who scanned them and why.
      ...(config.PUBLIC_BASE_URL
        ? { userAgent: `AgentReadinessScanner/2.0 (+${config.PUBLIC_BASE_URL}/docs#scanner)` }
        : {}),
    });
  },
  (fetcher) => void fetcher.close(),
);
