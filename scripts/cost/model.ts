/**
 * The monthly cost estimate (`npm run cost`, docs/deploy.md "What it costs"): the monthly volume
 * of each operation, from the inputs, times what one operation consumes, as measured by
 * `npm run bench:cost-counts` (scripts/cost/counts-<date>.json), priced with the one dated table
 * (prices.ts), plus what a stage costs whatever its traffic (stage.ts). The few figures neither
 * measured nor priced (the lines the Lambda runtime and AWS services log themselves, the queue's
 * idle polling, X-Ray sampling) are named below with the reason for each.
 */
import { DEFAULT_PLAN_LIMITS } from '#shared/domain/kernel/plans';
import { DEFAULT_CANARY_PROMPTS } from '#shared/domain/monitor/engine/prompt-limits';
import { PROVIDER_FAMILIES, type ProviderFamily } from '#shared/domain/monitor/provider-port';
import type { Counts, Tally } from './counts.ts';
import { governorCost } from './governor.ts';
import type { Prices } from './prices.ts';
import { alarmMetricCount, customMetricCount, SECRET_COUNT } from './stage.ts';

/** What the estimate is asked for; a flag left out counts as 0. */
export interface CostInputs {
  scans_per_day: number;
  batch_domains_per_day: number;
  cases: number;
  prompts: number;
  repeats: number;
}

const DAYS_PER_MONTH = 365.25 / 12;
/** A run asks every prompt in both modes (raw, online) of every model family. */
const MODES = 2;

/**
 * The answers a run asks of one family in one mode: the case's prompts times its repeats, and the
 * canaries (MONITOR_CANARY_PROMPTS at its default, once each; docs/monitor.md "Canaries"), priced
 * like the case's answers (they are shorter, so this is an upper bound).
 */
function askedPerFamilyAndMode(inputs: CostInputs): number {
  return inputs.prompts * inputs.repeats + (inputs.cases > 0 ? DEFAULT_CANARY_PROMPTS : 0);
}
/** Batch jobs are as large as the pro plan lets one be (PLAN_LIMITS). */
const DOMAINS_PER_JOB = DEFAULT_PLAN_LIMITS.pro.per_batch;
/** The sweep schedule runs every ten minutes (shared/surfaces/schedules/manifest.ts). */
const SWEEPS_PER_MONTH = 6 * 24 * DAYS_PER_MONTH;
/** START, END and REPORT lines the Lambda runtime writes per invocation (about 350 bytes). */
const PLATFORM_LOG_BYTES_PER_INVOCATION = 350;
/** One JSON access-log line of the API stage (infra/stacks/api-stack.ts format). */
const ACCESS_LOG_BYTES_PER_REQUEST = 420;
/** Execution logs (level ALL, no data): about three events of 300 bytes per transition. */
const EXECUTION_LOG_BYTES_PER_TRANSITION = 900;
/** An SQS-triggered invocation: the message's send, the poller's receive and delete. */
const SQS_REQUESTS_PER_QUEUE_INVOCATION = 3;
/** The event source's pollers long-poll an idle queue: five, each every 20 s. */
const SQS_IDLE_POLLS_PER_MONTH = 5 * 3 * 60 * 24 * DAYS_PER_MONTH;
/** X-Ray's default rule records one request a second and 5 % of the rest. */
const SECONDS_PER_MONTH = DAYS_PER_MONTH * 86_400;
const SAMPLED_SHARE = 0.05;

const TALLY_FIELDS = [
  'invocations',
  'gb_seconds',
  'read_units',
  'write_units',
  'transitions',
  'log_bytes',
  'queue_invocations',
  'trace_starts',
  'api_requests',
] as const satisfies readonly (keyof Tally)[];

/** How many of each measured operation a month brings. */
function monthlyOperations(inputs: CostInputs, counts: Counts): [Tally, number][] {
  const runs = inputs.cases;
  const answers = runs * askedPerFamilyAndMode(inputs) * MODES * PROVIDER_FAMILIES.length;
  const jobsPerDay = Math.ceil(inputs.batch_domains_per_day / DOMAINS_PER_JOB);
  const { per_operation: op } = counts;
  return [
    [op.scan, inputs.scans_per_day * DAYS_PER_MONTH],
    [op.batch_job, jobsPerDay * DAYS_PER_MONTH],
    [op.batch_domain, inputs.batch_domains_per_day * DAYS_PER_MONTH],
    [op.run, runs],
    [op.run_answer, answers],
    ...Object.entries(op.schedules).map(([name, tally]): [Tally, number] => [
      tally,
      name === 'settle-unsettled-scans' ? SWEEPS_PER_MONTH : 1,
    ]),
  ];
}

function monthlyTotals(inputs: CostInputs, counts: Counts): Tally {
  const total = Object.fromEntries(TALLY_FIELDS.map((field) => [field, 0])) as Tally;
  for (const [tally, times] of monthlyOperations(inputs, counts)) {
    for (const field of TALLY_FIELDS) total[field] += tally[field] * times;
  }
  return total;
}

/** Judge tokens (input and output) of a month's runs. */
export function judgeTokensPerMonth(inputs: CostInputs, counts: Counts): number {
  const perFamilyAnswers = inputs.cases * askedPerFamilyAndMode(inputs) * MODES;
  return PROVIDER_FAMILIES.reduce((total, family) => {
    const judged = counts.judge_per_answer[family];
    return total + perFamilyAnswers * (judged.input + judged.output);
  }, 0);
}

/** USD for the model tokens: each family's answers, and the judging of them. */
function modelCosts(inputs: CostInputs, counts: Counts, prices: Prices) {
  const perFamilyAnswers = inputs.cases * askedPerFamilyAndMode(inputs) * MODES;
  const costs: Record<string, number> = {};
  let judge = 0;
  for (const family of PROVIDER_FAMILIES) {
    const tokens = counts.tokens_per_answer[family];
    const price = prices.models[family];
    costs[`model_${family}`] =
      perFamilyAnswers *
      ((tokens.input * price.input_per_million + tokens.output * price.output_per_million) / 1e6 +
        tokens.searches * price.per_search);
    const judged = counts.judge_per_answer[family];
    const judgePrice = prices.models[(judged.judge_family ?? family) as ProviderFamily];
    judge +=
      (perFamilyAnswers *
        (judged.input * judgePrice.input_per_million +
          judged.output * judgePrice.output_per_million)) /
      1e6;
  }
  return { ...costs, judge };
}

function logGigabytes(total: Tally): number {
  const bytes =
    total.log_bytes +
    total.invocations * PLATFORM_LOG_BYTES_PER_INVOCATION +
    total.api_requests * ACCESS_LOG_BYTES_PER_REQUEST +
    total.transitions * EXECUTION_LOG_BYTES_PER_TRANSITION;
  return bytes / 1024 ** 3;
}

function tracesRecorded(traceStarts: number): number {
  const reservoir = Math.min(traceStarts, SECONDS_PER_MONTH);
  return reservoir + SAMPLED_SHARE * Math.max(0, traceStarts - SECONDS_PER_MONTH);
}

/** Answers one judge call judges: MONITOR_JUDGE_BATCH's default (docs/monitor.md). */
const JUDGE_BATCH = 8;

/** The provider calls of a month's runs: every answer, and the judge calls. */
function providerCalls(inputs: CostInputs): number {
  const answers = inputs.cases * askedPerFamilyAndMode(inputs) * MODES * PROVIDER_FAMILIES.length;
  return answers + Math.ceil(answers / JUDGE_BATCH);
}

/** Monthly USD per component, and the total. */
export function estimate(inputs: CostInputs, counts: Counts, prices: Prices) {
  const total = monthlyTotals(inputs, counts);
  const logs = logGigabytes(total);
  const cw = prices.cloudwatch;
  const sqsRequests = total.queue_invocations * SQS_REQUESTS_PER_QUEUE_INVOCATION;
  const parts: Record<string, number> = {
    lambda_requests: (total.invocations / 1e6) * prices.lambda.per_million_requests,
    lambda_gb_seconds: total.gb_seconds * prices.lambda.per_gb_second,
    api_gateway: (total.api_requests / 1e6) * prices.api_gateway.per_million_requests,
    dynamodb_reads: (total.read_units / 1e6) * prices.dynamodb.per_million_read_units,
    dynamodb_writes: (total.write_units / 1e6) * prices.dynamodb.per_million_write_units,
    step_functions: (total.transitions / 1000) * prices.step_functions.per_thousand_transitions,
    sqs: ((sqsRequests + SQS_IDLE_POLLS_PER_MONTH) / 1e6) * prices.sqs.per_million_requests,
    cloudwatch_logs: logs * (cw.per_gb_logs_ingested + cw.per_gb_logs_stored_month),
    cloudwatch_metrics:
      customMetricCount() * cw.per_metric_month +
      alarmMetricCount() * cw.per_alarm_metric_month +
      cw.per_dashboard_month,
    xray: (tracesRecorded(total.trace_starts) / 1e6) * prices.xray.per_million_traces_recorded,
    secrets_manager: SECRET_COUNT * prices.secrets_manager.per_secret_month,
    governor: governorCost(inputs.cases, providerCalls(inputs), prices),
    ...modelCosts(inputs, counts, prices),
  };
  const sum = Object.values(parts).reduce((a, b) => a + b, 0);
  return { parts, total: sum, volume: total, log_gb: logs };
}
