/**
 * The schedule manifest: each EventBridge Scheduler schedule and the handler module it invokes.
 * CDK builds one function, one invoke-only role and one schedule per entry; the IAM recording
 * test invokes each as its scheduler would. The local stack runs the same work in process
 * (docs/architecture.md "Schedules").
 */
import {
  MONTHLY_SCHEDULE_EXPRESSION,
  MONTHLY_SCHEDULE_TIMEZONE,
} from '#shared/domain/monitor/schedule';
import { SWEEP_SCHEDULE_EXPRESSION } from '#shared/domain/scans/sweep';

/** The 2nd of each month at 03:00 UTC: after the monthly runs of the 1st have started. */
const RANGES_REFRESH_EXPRESSION = 'cron(0 3 2 * ? *)';

export interface ScheduleDefinition {
  /** Logical name: the function's description and the scheduler's principal in the IAM test. */
  name: string;
  /** Prefix of the CDK construct ids: `<id>Scheduler`, `<id>ScheduleRole`, `<id>Schedule`. */
  constructId: string;
  description: string;
  /** EventBridge Scheduler expression, read in `timezone`. */
  expression: string;
  timezone: string;
  /** Handler module, relative to the repository root. */
  handler: string;
  timeoutSeconds: number;
  memorySize: number;
  /** What the function does with the table (IAM grants); `none`: no access. */
  data: 'none' | 'read' | 'readwrite';
  /** Workflows it starts (IAM grants, state machine ARNs in its environment). */
  starts?: readonly string[];
  /** Publishes domain events to the events queue (IAM grant, EVENTS_QUEUE_URL). */
  publishesEvents?: boolean;
}

export const SCHEDULES = [
  {
    name: 'monitor-monthly-runs',
    constructId: 'MonthlyRuns',
    description: 'one monthly monitor run per eligible case',
    expression: MONTHLY_SCHEDULE_EXPRESSION,
    timezone: MONTHLY_SCHEDULE_TIMEZONE,
    handler: 'functions/scheduled/monthly-runs.ts',
    // One StartExecution of monitor-monthly, which pages through the cases.
    timeoutSeconds: 30,
    memorySize: 256,
    data: 'none',
    starts: ['monitor-monthly'],
  },
  {
    name: 'settle-unsettled-scans',
    constructId: 'SettleScans',
    description:
      'the stats count and scan.completed event of scans whose process died after saving them',
    expression: SWEEP_SCHEDULE_EXPRESSION,
    timezone: 'UTC',
    handler: 'functions/scheduled/settle-scans.ts',
    // At most SWEEP_LIMIT scans, each a few store calls and one queue send.
    timeoutSeconds: 120,
    memorySize: 512,
    data: 'readwrite',
    publishesEvents: true,
  },
  {
    name: 'refresh-agent-ranges',
    constructId: 'RefreshAgentRanges',
    description:
      "the AI agents' published address ranges read again from their operators' lists (docs/agent-logs.md)",
    expression: RANGES_REFRESH_EXPRESSION,
    timezone: 'UTC',
    handler: 'functions/scheduled/refresh-agent-ranges.ts',
    // About a dozen small JSON lists, fetched a few at once with 15 s each at most.
    timeoutSeconds: 120,
    memorySize: 512,
    data: 'readwrite',
  },
] as const satisfies readonly ScheduleDefinition[];
