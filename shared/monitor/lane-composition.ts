import { lazy } from '#shared/platform/lazy';
import { getCasesStore, getMonitorConfig, getRunDataStore, getRunsStore } from './composition.ts';
import { createMonitorProviders } from './providers.ts';
import type { MonitorLaneDeps } from './steps/context.ts';

/** The lane steps' dependencies: the stores and the model providers (no events queue). */
export const getMonitorLaneDeps = lazy(
  (): MonitorLaneDeps => ({
    cases: getCasesStore(),
    runs: getRunsStore(),
    data: getRunDataStore(),
    config: getMonitorConfig(),
    events: undefined,
    providers: createMonitorProviders(),
  }),
);
