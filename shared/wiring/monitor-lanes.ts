/** The lane steps' dependencies: the stores and the model providers (no events queue). */

import type { MonitorLaneDeps } from '#shared/domain/monitor/steps/context';
import { lazy } from '#shared/wiring/lazy';
import { getCasesStore, getMonitorConfig, getRunDataStore, getRunsStore } from './monitor.ts';
import {
  createMonitorProviders,
  getProviderDispatcher,
  withSecretKeys,
} from './monitor-providers.ts';

export const getMonitorLaneDeps = lazy(
  ({ config }): MonitorLaneDeps => ({
    cases: getCasesStore(),
    runs: getRunsStore(),
    data: getRunDataStore(),
    config: getMonitorConfig(),
    events: undefined,
    providers: createMonitorProviders(
      () => withSecretKeys(config.providers, config.PROVIDER_KEYS_SECRET_ARN),
      getProviderDispatcher().dispatcher,
    ),
  }),
);
