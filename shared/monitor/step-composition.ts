import { getEventPublisher } from '#shared/events/composition';
import { lazy } from '#shared/platform/lazy';
import { getCasesStore, getMonitorConfig, getRunDataStore, getRunsStore } from './composition.ts';
import { createMonitorProviders } from './providers.ts';
import type { MonitorStepDeps } from './steps/context.ts';

/** The monitor-run workflow steps' dependencies: the stores, the providers, the events queue. */
const getMonitorProviders = lazy(() => createMonitorProviders());

export const getMonitorStepDeps = lazy(
  (): MonitorStepDeps => ({
    cases: getCasesStore(),
    runs: getRunsStore(),
    data: getRunDataStore(),
    config: getMonitorConfig(),
    providers: getMonitorProviders(),
    events: getEventPublisher(),
  }),
);
