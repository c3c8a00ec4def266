/**
 * The lane steps' dependencies: the stores and the model providers (no events queue), every
 * provider sending through one connection pool that the wiring owns and closes.
 */
import { Agent } from '#shared/adapters/http/http-client';
import { countingFailedCalls } from '#shared/domain/monitor/provider-metrics';
import type { MonitorLaneDeps } from '#shared/domain/monitor/steps/context';
import { lazy } from '#shared/wiring/lazy';
import { getLogger } from '#shared/wiring/logger';
import { getMetrics, traceOutboundHttp } from '#shared/wiring/observability';
import { getClock } from '#shared/wiring/platform';
import { getCasesStore, getMonitorConfig, getRunDataStore, getRunsStore } from './monitor.ts';
import { createMonitorProviders, withSecretKeys } from './monitor-providers.ts';

/** The providers' connection pool: kept-alive connections shared by every family and lane. */
export const getProviderAgent = lazy(
  () => {
    traceOutboundHttp();
    return new Agent({ keepAliveTimeout: 30_000 });
  },
  (agent) => void agent.close(),
);

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
        getProviderAgent(),
      ),
      getMetrics(),
    ),
    metrics: getMetrics(),
  }),
);
