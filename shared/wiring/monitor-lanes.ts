/** The lane steps' dependencies: the stores and the model providers (no events queue). */

import { countingFailedCalls } from '#shared/domain/monitor/provider-metrics';
import type { MonitorLaneDeps } from '#shared/domain/monitor/steps/context';
import { lazy } from '#shared/wiring/lazy';
import { getMetrics } from '#shared/wiring/observability';
import { getCasesStore, getMonitorConfig, getRunDataStore, getRunsStore } from './monitor.ts';
import { createMonitorProviders, withSecretKeys } from './monitor-providers.ts';

export const getMonitorLaneDeps = lazy(
  ({ config }): MonitorLaneDeps => ({
    cases: getCasesStore(),
    runs: getRunsStore(),
    data: getRunDataStore(),
    config: getMonitorConfig(),
    events: undefined,
    providers: countingFailedCalls(
      createMonitorProviders(() =>
        withSecretKeys(config.providers, config.PROVIDER_KEYS_SECRET_ARN),
      ),
      getMetrics(),
    ),
    metrics: getMetrics(),
  }),
);
