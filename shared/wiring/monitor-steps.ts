/**
 * The monitor-run workflow steps' dependencies: the stores and the events queue. The lanes'
 * provider adapters are in lane-composition.ts, so only the two lane functions bundle them.
 */
import { createRunReadinessRepository } from '#shared/adapters/dynamodb/run-readiness-repository';
import type { MonitorStepDeps } from '#shared/domain/monitor/steps/context';
import { getEventPublisher } from '#shared/wiring/events';
import { lazy } from '#shared/wiring/lazy';
import { getLogger } from '#shared/wiring/logger';
import { getMetrics } from '#shared/wiring/observability';
import { getClock, getStore } from '#shared/wiring/platform';
import { getScanReadDeps } from '#shared/wiring/scans-read';
import { getCasesStore, getMonitorConfig, getRunDataStore, getRunsStore } from './monitor.ts';

export const getMonitorStepDeps = lazy(
  (): MonitorStepDeps => ({
    cases: getCasesStore(),
    runs: getRunsStore(),
    data: getRunDataStore(),
    config: getMonitorConfig(),
    events: getEventPublisher(),
    readiness: getReadinessStore(),
    brandScans: getScanReadDeps().scans,
    logger: getLogger(),
    clock: getClock(),
    metrics: getMetrics(),
  }),
);

/** The runs' readiness gaps (docs/monitor.md "Readiness of the cited pages"). */
export const getReadinessStore = lazy(() => {
  const { doc, tableName } = getStore();
  return createRunReadinessRepository(doc, tableName);
});
