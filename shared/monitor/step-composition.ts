import { getEventPublisher } from '#shared/events/composition';
import { lazy } from '#shared/platform/lazy';
import { getCasesStore, getMonitorConfig, getRunDataStore, getRunsStore } from './composition.ts';
import type { MonitorStepDeps } from './steps/context.ts';

/**
 * The monitor-run workflow steps' dependencies: the stores and the events queue. The lanes'
 * provider adapters are in lane-composition.ts, so only the two lane functions bundle them.
 */
export const getMonitorStepDeps = lazy(
  (): MonitorStepDeps => ({
    cases: getCasesStore(),
    runs: getRunsStore(),
    data: getRunDataStore(),
    config: getMonitorConfig(),
    events: getEventPublisher(),
  }),
);
