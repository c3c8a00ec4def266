/**
 * The ScanCitedSites step's dependencies: the monitor steps' stores plus a site scanner built on
 * the scans' own guarded fetcher, engine and deadline (docs/monitor.md "Readiness of the cited
 * pages"). Apart from monitor-steps.ts so that only this step's function bundles the scan engine.
 */

import type { ReadinessStepDeps } from '#shared/domain/monitor/steps/readiness';
import { createSiteScanner } from '#shared/domain/scans/site-scanner';
import { lazy } from '#shared/wiring/lazy';
import { getMonitorStepDeps, getReadinessStore } from '#shared/wiring/monitor-steps';
import { getMetrics } from '#shared/wiring/observability';
import { getClock, getConfig } from '#shared/wiring/platform';
import { getScanFetcher, getScanVantage } from '#shared/wiring/scans';
import { getScanReadDeps } from '#shared/wiring/scans-read';

/** A stored scan of a site younger than this is reused instead of scanning it again. */
export const CITED_SCAN_MAX_AGE_MS = 24 * 60 * 60 * 1000;

export const getReadinessStepDeps = lazy((): ReadinessStepDeps => {
  const config = getConfig();
  return {
    ...getMonitorStepDeps(),
    readiness: getReadinessStore(),
    sites: createSiteScanner({
      scans: getScanReadDeps().scans,
      fetcher: getScanFetcher(),
      allowPrivateTargets: config.ALLOW_PRIVATE_TARGETS,
      scanDeadlineMs: config.SCAN_DEADLINE_MS,
      ...getScanVantage(),
      maxAgeMs: CITED_SCAN_MAX_AGE_MS,
      clock: getClock(),
      metrics: getMetrics(),
    }),
  };
});
