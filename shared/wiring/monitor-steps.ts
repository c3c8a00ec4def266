/**
 * The monitor-run workflow steps' dependencies: the stores and the events queue. The lanes'
 * provider adapters are in lane-composition.ts, so only the two lane functions bundle them.
 */
import { getEventPublisher } from '#shared/wiring/events';
import { lazy } from '#shared/wiring/lazy';
import type { MonitorStepDeps } from '../domain/monitor/steps/context.ts';
import { getCasesStore, getMonitorConfig, getRunDataStore, getRunsStore } from './monitor.ts';

export const getMonitorStepDeps = lazy(
  (): MonitorStepDeps => ({
    cases: getCasesStore(),
    runs: getRunsStore(),
    data: getRunDataStore(),
    config: getMonitorConfig(),
    events: getEventPublisher(),
  }),
);
