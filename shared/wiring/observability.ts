/**
 * Observability of this process, built once per wiring: the business metrics (Powertools
 * Metrics, EMF on standard output) that every area's dependencies carry, so that domain code
 * counts through the port it owns (shared/domain/kernel/metrics.ts), and the X-Ray tracer that
 * wraps every AWS SDK client the wiring builds and, once created, traces the process's outbound
 * HTTP (docs/decisions.md "Operable on AWS (issue 27)").
 */
import { createPowertoolsMetrics } from '#shared/adapters/powertools/metrics';
import { type ClientTracer, createPowertoolsTracer } from '#shared/adapters/powertools/tracer';
import { METRICS_NAMESPACE, type Metrics, SERVICE_NAME } from '#shared/domain/kernel/metrics';
import { lazy } from './lazy.ts';
import { getLogger } from './logger.ts';

/** The business metrics port of this process: namespace AgentReadiness, this stage. */
export const getMetrics = lazy(
  ({ config }): Metrics =>
    createPowertoolsMetrics({
      namespace: METRICS_NAMESPACE,
      service: SERVICE_NAME,
      stage: config.STAGE,
      onError: (error, name) =>
        getLogger().warn('metric not published', { metric: name, error: error as Error }),
    }),
);

/** The tracer of this process (on Lambda with active tracing; a no-op elsewhere). */
export const getTracer = lazy(
  ({ config }): ClientTracer => createPowertoolsTracer(SERVICE_NAME, config.tracing),
);

/** An AWS SDK client whose calls are traced. */
export function traced<Client>(client: Client): Client {
  return getTracer().capture(client);
}

/**
 * Creates the tracer before the first outbound request of a client the wiring builds: creating
 * it subscribes to undici's diagnostics channels, through which every request is traced.
 */
export function traceOutboundHttp(): void {
  getTracer();
}
