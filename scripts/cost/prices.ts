/**
 * The one price table of the monthly cost estimate (`npm run cost`, docs/deploy.md "What it
 * costs"), dated: AWS list prices in us-east-1 (N. Virginia) as published on the date below,
 * on-demand, arm64 Lambda, without free tiers or savings plans; and the model providers' list
 * prices, which are the monitor's own table (shared/domain/monitor/engine/cost.ts), so the
 * estimate and a run's `summary.usage` price tokens alike. Update the date with the figures.
 */
import { DEFAULT_PRICES } from '#shared/domain/monitor/engine/cost';

export const PRICES = {
  as_of: '2026-11-28',
  region: 'us-east-1',
  lambda: {
    per_million_requests: 0.2,
    /** arm64, first 7.5 billion GB-seconds a month. */
    per_gb_second: 0.0000133334,
  },
  /** HTTP API, first 300 million requests a month. */
  api_gateway: { per_million_requests: 1.0 },
  /** On-demand capacity (the table's billing mode). */
  dynamodb: { per_million_read_units: 0.125, per_million_write_units: 0.625 },
  /** Standard workflows. */
  step_functions: { per_thousand_transitions: 0.025 },
  /** Standard queues. */
  sqs: { per_million_requests: 0.4 },
  cloudwatch: {
    per_gb_logs_ingested: 0.5,
    per_gb_logs_stored_month: 0.03,
    /** A custom metric (each EMF metric name and dimension set), first 10,000. */
    per_metric_month: 0.3,
    /** A standard-resolution alarm, per metric it evaluates. */
    per_alarm_metric_month: 0.1,
    /** Beyond the three free dashboards of an account. */
    per_dashboard_month: 3.0,
  },
  xray: { per_million_traces_recorded: 5.0 },
  secrets_manager: { per_secret_month: 0.4 },
  /** Per model family: USD per million input and output tokens, and per web search. */
  models: DEFAULT_PRICES,
} as const;

export type Prices = typeof PRICES;
