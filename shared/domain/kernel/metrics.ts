/**
 * The metrics port: how domain code counts the business events an operator watches
 * (docs/runbook.md). The domain names the events; an adapter publishes them in CloudWatch's
 * embedded metric format under one namespace with the `service` and `stage` dimensions
 * (shared/adapters/powertools/), and CDK builds the alarms and the dashboard from the same
 * names (infra/stacks/monitoring-stack.ts). A count is published when it is made, so no
 * invocation can end with a count unpublished.
 *
 * A count records a change the code just made (a row it finished, a run it ended), never one it
 * found already made: a retried step does not count twice. A process that dies between the change
 * and the count loses that one count; metrics are for trends and alarms, not for billing.
 */

/** The CloudWatch namespace of every business metric. */
export const METRICS_NAMESPACE = 'AgentReadiness';

/** The `service` dimension of every business metric (the logger's service name too). */
export const SERVICE_NAME = 'agent-readiness-api';

/** Every business metric, by its exact CloudWatch name. */
export const BUSINESS_METRICS = [
  /** A scan saved (single, batch row, dashboard, or a site the monitor scanned). */
  'ScanCompleted',
  /** A scan that ended in `scan_failed`: the site could not be scanned. */
  'ScanFailed',
  /** A batch job that reached `done`. */
  'BatchJobCompleted',
  /** A monitor run that reached `done`. */
  'RunCompleted',
  /** A monitor run that ended `failed`. */
  'RunFailed',
  /** A model provider call that failed (dimension `family`); retried tries count each. */
  'ProviderCallFailed',
  /** Tokens (input and output) the judge calls used. */
  'JudgeTokens',
  /** A model provider call sent (dimension `family`): answers, judging and canaries. */
  'ProviderCalls',
  /** A call the provider answered 429 for its rate limit (dimension `family`; not billing). */
  'ProviderThrottled',
  /** Seconds a lane's batch waited for its turn in the shared budget (dimension `family`). */
  'ProviderQueueWait',
  /** Share of the coming minute of a family's pace already promised, in percent (`family`). */
  'ProviderBudgetInUse',
  /** A webhook attempt the receiver answered with 2xx. */
  'WebhookDeliverySucceeded',
  /** A webhook attempt that failed (any other answer, no answer, or refused to send). */
  'WebhookDeliveryFailed',
  /** An endpoint switched off by the service (its receiver answered 410 Gone). */
  'WebhookEndpointDisabled',
  /** A request refused with 429 `rate_limited`. */
  'RateLimited',
  /** An uploaded access log read and counted (`done`). */
  'AgentLogProcessed',
  /** An uploaded access log that ended `failed` (unreadable, or failing past its retries). */
  'AgentLogFailed',
  /** Lines of access logs read. */
  'AgentLogLines',
] as const;

export type BusinessMetric = (typeof BUSINESS_METRICS)[number];

/** The unit of each metric that is not a count. */
export const METRIC_UNITS: Partial<Record<BusinessMetric, 'Seconds' | 'Percent'>> = {
  ProviderQueueWait: 'Seconds',
  ProviderBudgetInUse: 'Percent',
};

/** Dimensions a metric carries beyond `service` and `stage` (only `family` today). */
export type MetricDimensions = Readonly<{ family?: string }>;

/** The port: one count (or, per METRIC_UNITS, one measurement) of a business event. Never throws. */
export interface Metrics {
  count(name: BusinessMetric, value?: number, dimensions?: MetricDimensions): void;
}
