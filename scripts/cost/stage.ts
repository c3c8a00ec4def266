/**
 * What a deployed stage holds whatever its traffic, counted from the same manifests CDK builds
 * it from (infra/): its functions, the metrics its alarms evaluate (infra/monitoring/), its
 * custom metrics (shared/domain/kernel/metrics.ts), one dashboard and its secrets. The cost
 * estimate prices these as fixed monthly costs; test/infra/monitoring.test.ts checks the alarm
 * count against the synthesised app.
 */
import { HTTP_FUNCTIONS } from '#infra/routes';
import { queueSpecs, taskFunctionSpecs } from '#infra/workflows';
import { BUSINESS_METRICS } from '#shared/domain/kernel/metrics';
import { PROVIDER_FAMILIES } from '#shared/domain/monitor/provider-port';
import { MCP_HANDLER } from '#shared/surfaces/api/routes/mcp';
import { SCHEDULES } from '#shared/surfaces/schedules/manifest';
import { WORKFLOWS } from '#shared/surfaces/workflows/manifest';

/** Every function of a stage: routes sharing a handler module share one function. */
export function functionCount(): number {
  const routeModules = new Set([...HTTP_FUNCTIONS.map((spec) => spec.entry), MCP_HANDLER]);
  return routeModules.size + taskFunctionSpecs().length + queueSpecs().length + SCHEDULES.length;
}

/**
 * The metrics a stage's alarms evaluate: the API's 5xx share (requests and 5xx) and p99; each
 * function's errors and throttles; each state machine's failed and timed-out executions; each
 * dead-letter queue (one per queue, one for the schedules); endpoints switched off; failed calls
 * per model family and the share of 429s per family (calls and 429s); the judge's daily tokens.
 */
export function alarmMetricCount(): number {
  return (
    3 +
    2 * functionCount() +
    2 * WORKFLOWS.length +
    (queueSpecs().length + 1) +
    1 +
    3 * PROVIDER_FAMILIES.length +
    1
  );
}

/** The business metrics published with a `family` dimension: one metric per family each. */
const PER_FAMILY = [
  'ProviderCallFailed',
  'ProviderCalls',
  'ProviderThrottled',
  'ProviderQueueWait',
  'ProviderBudgetInUse',
] as const;

/** Custom metrics: every business metric, those with a family once per family. */
export function customMetricCount(): number {
  return BUSINESS_METRICS.length + PER_FAMILY.length * (PROVIDER_FAMILIES.length - 1);
}

/**
 * The stage's Secrets Manager secrets: the scanner's signing keys, the model providers' keys and
 * Stripe's keys (infra/stacks/workflow-stack.ts; test/infra/workflows.test.ts counts them).
 */
export const SECRET_COUNT = 3;
