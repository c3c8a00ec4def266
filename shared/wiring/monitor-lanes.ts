/**
 * The lane steps' dependencies: the stores and the model providers (no events queue), every
 * provider sending through one connection pool that the wiring owns and closes.
 */
import { countingFailedCalls } from '#shared/domain/monitor/provider-metrics';
import type { MonitorLaneDeps } from '#shared/domain/monitor/steps/context';
import { lazy } from '#shared/wiring/lazy';
import { getLogger } from '#shared/wiring/logger';
import { getMetrics } from '#shared/wiring/observability';
import { getClock } from '#shared/wiring/platform';
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
    logger: getLogger(),
    clock: getClock(),
    providers: countingFailedCalls(
      createMonitorProviders(
        () => withSecretKeys(config.providers, config.PROVIDER_KEYS_SECRET_ARN),
        getProviderDispatcher().dispatcher,
      ),
      getMetrics(),
    ),
    metrics: getMetrics(),
  }),
);
