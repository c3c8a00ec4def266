/**
 * The lane steps' dependencies: the stores, the model providers (no events queue), every provider
 * sending through one connection pool that the wiring owns and closes, and the governor over the
 * provider budget's table (BUDGET_TABLE_NAME) with each account's limits (PROVIDER_RATE_LIMITS).
 */
import { createProviderBudget } from '#shared/adapters/dynamodb/provider-budget';
import { createGovernor } from '#shared/domain/monitor/budget/governor';
import { countingCalls } from '#shared/domain/monitor/provider-metrics';
import type { MonitorLaneDeps } from '#shared/domain/monitor/steps/context';
import { lazy } from '#shared/wiring/lazy';
import { getLogger } from '#shared/wiring/logger';
import { getMetrics } from '#shared/wiring/observability';
import { getClock, getStore } from '#shared/wiring/platform';
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
    providers: countingCalls(
      createMonitorProviders(
        () => withSecretKeys(config.providers, config.PROVIDER_KEYS_SECRET_ARN),
        getProviderDispatcher().dispatcher,
      ),
      getMetrics(),
    ),
    metrics: getMetrics(),
    governor: getGovernor(),
  }),
);

/** One governor per process: its view of the budget is the last write this process made. */
export const getGovernor = lazy(({ config }) =>
  createGovernor({
    budget: createProviderBudget({ doc: getStore().doc, tableName: config.BUDGET_TABLE_NAME }),
    limits: config.providerRateLimits,
    clock: getClock(),
    metrics: getMetrics(),
  }),
);
