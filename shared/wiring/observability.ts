/**
 * Observability of this process, built once per wiring: the business metrics (Powertools
 * Metrics, EMF on standard output) that every area's dependencies carry, so that domain code
 * counts through the port it owns (shared/domain/kernel/metrics.ts).
 */
import { createPowertoolsMetrics } from '#shared/adapters/observability/metrics';
import { logger } from '#shared/domain/kernel/logger';
import { METRICS_NAMESPACE, type Metrics, SERVICE_NAME } from '#shared/domain/kernel/metrics';
import { lazy } from './lazy.ts';

/** The business metrics port of this process: namespace AgentReadiness, this stage. */
export const getMetrics = lazy(
  ({ config }): Metrics =>
    createPowertoolsMetrics({
      namespace: METRICS_NAMESPACE,
      service: SERVICE_NAME,
      stage: config.STAGE,
      onError: (error, name) =>
        logger.warn('metric not published', { metric: name, error: error as Error }),
    }),
);
