/**
 * Every alarm kind of a stage, its threshold and the reason for it, in one table: the
 * monitoring stack builds the alarms from it (infra/stacks/monitoring-stack.ts), each alarm's
 * description carries the reason, and docs/runbook.md has one entry per kind (a test checks
 * both). An alarm's name is `AgentReadiness-<stage>-<kind>` or, for a kind per resource,
 * `AgentReadiness-<stage>-<kind>-<resource>`.
 */

interface Threshold {
  /** Compared with `>=` unless `above` (then `>`). */
  value: number;
  above?: boolean;
  /** Length of one evaluated period, in minutes. */
  periodMinutes: number;
  /** Periods in a row that must breach before the alarm fires. */
  periods: number;
  /** Why this value: stated in the alarm's description and in the runbook. */
  reason: string;
}

/**
 * The judge's daily token budget when the `judgeTokenBudget` context is not set: twice what the
 * largest size of docs/deploy.md (10 cases of 200 prompts, 5 repeats) judges in a month, about
 * 29.5 million tokens measured, since monthly runs all start on the 1st. `npm run cost` prints
 * the budget that suits a stage's own volume.
 */
export const DEFAULT_JUDGE_TOKEN_BUDGET = 60_000_000;

export const ALARM_KINDS = {
  ApiServerErrorRate: {
    value: 5,
    above: true,
    periodMinutes: 5,
    periods: 3,
    reason:
      'More than 5 % of the requests of a 5-minute period answered 5xx, three periods in a row, ' +
      'counted only from 20 requests a period: a scan of a site that cannot be reached answers ' +
      '500 scan_failed by contract, a few per cent of scans, and one failed request at night ' +
      'must not page anyone.',
  },
  ApiLatencyP99: {
    value: 20_000,
    above: true,
    periodMinutes: 5,
    periods: 3,
    reason:
      'The slowest 1 % of requests took over 20 s for 15 minutes: a live scan may take up to its ' +
      '25 s deadline, and HTTP API gives up at 30 s; above 20 s, scans are running into their ' +
      'deadline or other routes are slow.',
  },
  LambdaErrors: {
    value: 3,
    periodMinutes: 5,
    periods: 1,
    reason:
      'Three failed invocations of one function in 5 minutes: handlers answer every expected ' +
      'failure themselves (an envelope, a recorded outcome), so a Lambda error is a crash, a ' +
      'timeout or a step that throws to be retried; one alone can be a blip, three are a pattern.',
  },
  LambdaThrottles: {
    value: 5,
    periodMinutes: 5,
    periods: 1,
    reason:
      'Five throttled invocations of one function in 5 minutes: no function reserves ' +
      'concurrency, so a throttle means the account concurrency is used up; Step Functions, SQS ' +
      'and Scheduler retry a few, five means callers are being refused.',
  },
  ExecutionsFailed: {
    value: 1,
    periodMinutes: 5,
    periods: 1,
    reason:
      'Any failed execution: every expected failure is caught inside the workflow and recorded ' +
      '(RecordFailure, MarkRunFailed, AbandonDelivery), so a failed execution is one nothing ' +
      'recorded.',
  },
  ExecutionsTimedOut: {
    value: 1,
    periodMinutes: 5,
    periods: 1,
    reason:
      'Any timed-out execution: it ran past its TimeoutSeconds (a monitor run: 7 days) and ' +
      'stopped where it was, so its run or job may be left unfinished.',
  },
  DeadLetters: {
    value: 0,
    above: true,
    periodMinutes: 5,
    periods: 1,
    reason:
      'Any message in a dead-letter queue: it failed every retry and nothing will process it ' +
      'unless an operator redrives it (kept 14 days).',
  },
  WebhookEndpointDisabled: {
    value: 1,
    periodMinutes: 5,
    periods: 1,
    reason:
      "Any endpoint the service switched off: its receiver answered 410 Gone and the customer's " +
      'deliveries stop until they re-enable it; worth a word with them.',
  },
  ProviderCallFailed: {
    value: 20,
    periodMinutes: 15,
    periods: 1,
    reason:
      'Twenty failed calls to one model family in 15 minutes: the lanes retry throttled calls with ' +
      'backoff and each try counts, but transient throttling stays well below this; above it the ' +
      'family is down, out of credit or its key is revoked, and runs exclude it.',
  },
  ProviderThrottleRate: {
    value: 5,
    above: true,
    periodMinutes: 5,
    periods: 3,
    reason:
      "More than 5 % of one family's calls answered 429 for 15 minutes: the governor paces every " +
      "run at the account's limit and learns from each 429, so a lasting share this high means " +
      'the account allows less than the pace (a lower tier, another consumer of the same key, ' +
      'PROVIDER_RATE_LIMITS set too high): runs slow down and lanes wait, none fails.',
  },
  JudgeTokensOverBudget: {
    value: DEFAULT_JUDGE_TOKEN_BUDGET,
    above: true,
    periodMinutes: 24 * 60,
    periods: 1,
    reason:
      "The judge used more tokens in a day than the stage's budget (context judgeTokenBudget, " +
      'twice the judging of a month of runs, which start together on the 1st): a judge prompt ' +
      'or batch size that went wrong burns many times the expected tokens.',
  },
} as const satisfies Record<string, Threshold>;

export type AlarmKind = keyof typeof ALARM_KINDS;
