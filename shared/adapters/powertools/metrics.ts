/**
 * The metrics port on Powertools Metrics: each count is one line in CloudWatch's embedded metric
 * format (EMF) on standard output, where Lambda hands it to CloudWatch Logs and CloudWatch turns
 * it into a metric; the local stack prints the same lines beside its JSON logs. Every metric has
 * the `service` and `stage` dimensions; a count with more (`family`) is its own EMF line, since
 * one line carries one dimension set.
 *
 * Published at once, not buffered until the end of the invocation: no handler pipeline needs a
 * flush step, an invocation that throws loses nothing it counted, and concurrent invocations of
 * the local stack never publish each other's counts.
 */
import { Metrics as PowertoolsMetrics } from '@aws-lambda-powertools/metrics';
import {
  type BusinessMetric,
  METRIC_UNITS,
  type MetricDimensions,
  type Metrics,
} from '#shared/domain/kernel/metrics';

export interface MetricsOptions {
  namespace: string;
  service: string;
  stage: string;
  /** Told when a count could not be published (it never fails the caller). */
  onError?: (error: unknown, name: BusinessMetric) => void;
}

/** The metrics port, publishing through one Powertools Metrics instance. */
export function createPowertoolsMetrics(options: MetricsOptions): Metrics {
  const emitter = new PowertoolsMetrics({
    namespace: options.namespace,
    serviceName: options.service,
    defaultDimensions: { stage: options.stage },
  });
  return {
    count(name: BusinessMetric, value = 1, dimensions: MetricDimensions = {}): void {
      // A NaN or negative count is a bug upstream; CloudWatch would refuse the whole line.
      if (!Number.isFinite(value) || value < 0) return;
      try {
        for (const [key, dimension] of Object.entries(dimensions)) {
          if (dimension !== undefined) emitter.addDimension(key, dimension);
        }
        emitter.addMetric(name, METRIC_UNITS[name] ?? 'Count', value);
        emitter.publishStoredMetrics();
      } catch (error) {
        emitter.clearDimensions();
        options.onError?.(error, name);
      }
    },
  };
}
