/**
 * The lane steps' dependencies: the stores and the model providers (no events queue), every
 * provider sending through one connection pool that the wiring owns and closes.
 */
import type { MonitorLaneDeps } from '#shared/domain/monitor/steps/context';
import { lazy } from '#shared/wiring/lazy';
import { getLogger } from '#shared/wiring/logger';
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
    providers: createMonitorProviders(
      () => withSecretKeys(config.providers, config.PROVIDER_KEYS_SECRET_ARN),
      getProviderDispatcher().dispatcher,
    ),
  }),
);
