import { type BaseRuntime, getApiRuntime, resetApiRuntime } from '#shared/api-runtime';
import { createSafeFetcher } from '#shared/net/safe-fetch';
import { createScanService, type ScanService } from '#shared/scans/service';
import { createQuotaRepository } from '#shared/store/quota-repository';
import { createScansRepository } from '#shared/store/scans-repository';
import { createStatsRepository } from '#shared/store/stats-repository';

/**
 * The composition root of the domain services, built once per process (a Lambda cold start, or
 * the local stack) on first use on top of the API runtime, so importing a handler has no side
 * effects.
 */
export interface Runtime extends BaseRuntime {
  scans: ScanService;
}

let current: Runtime | undefined;

function buildRuntime(base: BaseRuntime): Runtime {
  const { config, doc } = base;
  return {
    ...base,
    scans: createScanService({
      scans: createScansRepository(doc, config.TABLE_NAME),
      stats: createStatsRepository(doc, config.TABLE_NAME),
      quotas: createQuotaRepository(doc, config.TABLE_NAME),
      fetcher: createSafeFetcher({
        allowPrivateTargets: config.ALLOW_PRIVATE_TARGETS,
        // An honest, documented identity: site owners can look up who scanned them and why.
        ...(config.PUBLIC_BASE_URL
          ? { userAgent: `AgentReadinessScanner/2.0 (+${config.PUBLIC_BASE_URL}/docs#scanner)` }
          : {}),
      }),
      allowPrivateTargets: config.ALLOW_PRIVATE_TARGETS,
      anonymousScansPerDay: config.ANONYMOUS_SCANS_PER_DAY,
      scanDeadlineMs: config.SCAN_DEADLINE_MS,
    }),
  };
}

export function getRuntime(): Runtime {
  current ??= buildRuntime(getApiRuntime());
  return current;
}

/** Forgets both runtimes so the next call reads the environment again (local stack, tests). */
export function resetRuntime(): void {
  current = undefined;
  resetApiRuntime();
}
