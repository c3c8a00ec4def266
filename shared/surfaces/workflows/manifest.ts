/**
 * The workflow manifest (docs/architecture.md, "Workflows"): each Step Functions state machine,
 * its ASL file and, per Task state, the handler module that serves it. CDK reads it to build the
 * functions, fill `definitionSubstitutions` and grant invocations; the local engine reads it to
 * map each Task state to the same module. State names are unique within a file.
 */
import type { WorkflowName } from '#shared/domain/kernel/workflow-port';

export interface WorkflowTask {
  /** The Task state's name in the ASL file. */
  state: string;
  /** The `${Placeholder}` its `Resource` names; filled with the function's ARN. */
  placeholder: string;
  /** Handler module, relative to the repository root. */
  handler: string;
  /** What the function does with the table (IAM grants). */
  data: 'read' | 'readwrite';
  timeoutSeconds: number;
  memorySize: number;
  /** Needs to start executions of these workflows (IAM grants). */
  starts?: readonly string[];
  /** Publishes domain events to the events queue (IAM grant, EVENTS_QUEUE_URL). */
  publishesEvents?: boolean;
  /** Extra environment for this function only. */
  environment?: Readonly<Record<string, string>>;
  /** Reads the model providers' API keys (the provider-keys secret on AWS). */
  providerKeys?: boolean;
  /**
   * Takes send times from the shared provider budget (its table: GetItem and UpdateItem only,
   * BUDGET_TABLE_NAME) and paces at the providers' limits (PROVIDER_RATE_LIMITS).
   */
  providerBudget?: boolean;
  /** Scans, signing its requests with the scanner's keys (the signing-keys secret on AWS). */
  signingKeys?: boolean;
  /** Calls Stripe (the billing-keys secret and the payment settings on AWS). */
  billingKeys?: boolean;
  /** Sends mail (IAM `ses:SendEmail` on the sender identity, MAIL_FROM): alert and digest mails. */
  sendsMail?: boolean;
}

/**
 * A Task state that runs another workflow of the manifest as a child execution
 * (`arn:aws:states:::states:startExecution.sync:2`, its `StateMachineArn` the placeholder).
 */
export interface WorkflowChild {
  state: string;
  placeholder: string;
  workflow: string;
}

export interface WorkflowDefinition {
  name: string;
  /** ASL file, relative to the repository root. */
  file: string;
  description: string;
  tasks: readonly WorkflowTask[];
  /** Child executions it starts and waits for; the child comes earlier in WORKFLOWS. */
  children?: readonly WorkflowChild[];
  /**
   * Wait states that wait for the real clock (a provider's quota): the local engine does not
   * scale them by WORKFLOW_TIME_SCALE.
   */
  realTimeWaits?: readonly string[];
}

/** The Resource of a Task state that starts a child execution and waits for its output. */
export const CHILD_EXECUTION_RESOURCE = 'arn:aws:states:::states:startExecution.sync:2';

export const WORKFLOWS = [
  {
    name: 'batch-scan-chunk',
    file: 'state-machines/batch-scan-chunk.asl.json',
    description:
      'One chunk of a batch job: one scan per row, a domain that cannot be scanned recorded as failed',
    tasks: [
      {
        state: 'ScanDomain',
        placeholder: 'ScanDomainFunctionArn',
        handler: 'functions/steps/batch-scan/scan-domain.ts',
        data: 'readwrite',
        timeoutSeconds: 90,
        memorySize: 1024,
        publishesEvents: true,
        signingKeys: true,
        environment: { SCAN_DEADLINE_MS: '25000' },
      },
      {
        state: 'RecordFailure',
        placeholder: 'RecordFailureFunctionArn',
        handler: 'functions/steps/batch-scan/record-failure.ts',
        data: 'readwrite',
        timeoutSeconds: 30,
        memorySize: 256,
      },
    ],
  },
  {
    name: 'batch-scan',
    file: 'state-machines/batch-scan.asl.json',
    description:
      'Batch scans: the job in chunks of 500 rows, each a child execution of batch-scan-chunk, then the job end state',
    tasks: [
      {
        state: 'StartJob',
        placeholder: 'StartJobFunctionArn',
        handler: 'functions/steps/batch-scan/start-job.ts',
        data: 'readwrite',
        timeoutSeconds: 30,
        memorySize: 256,
      },
      {
        state: 'FinalizeJob',
        placeholder: 'FinalizeJobFunctionArn',
        handler: 'functions/steps/batch-scan/finalize-job.ts',
        data: 'readwrite',
        timeoutSeconds: 60,
        memorySize: 256,
      },
    ],
    children: [
      {
        state: 'ScanChunk',
        placeholder: 'BatchScanChunkStateMachineArn',
        workflow: 'batch-scan-chunk',
      },
    ],
  },
  {
    name: 'webhook-delivery',
    file: 'state-machines/webhook-delivery.asl.json',
    description:
      'Webhook deliveries: signed attempt, outcome, growing jittered wait, next attempt (bounded)',
    tasks: [
      {
        state: 'AttemptDelivery',
        placeholder: 'AttemptDeliveryFunctionArn',
        handler: 'functions/steps/webhook-delivery/attempt-delivery.ts',
        data: 'readwrite',
        // Alert and digest deliveries to Slack and e-mail run in this workflow too.
        sendsMail: true,
        // One attempt waits at most 10 s for the receiver, plus a few store calls.
        timeoutSeconds: 30,
        memorySize: 256,
      },
      {
        state: 'AbandonDelivery',
        placeholder: 'AbandonDeliveryFunctionArn',
        handler: 'functions/steps/webhook-delivery/abandon-delivery.ts',
        data: 'readwrite',
        timeoutSeconds: 30,
        memorySize: 256,
      },
    ],
  },
  {
    name: 'monitor-run',
    file: 'state-machines/monitor-run.asl.json',
    description:
      'Monitor runs: prompt cells, every family asked in its lane (paced by the shared provider budget, retry loop), judged, cited sites scanned, aggregated; lock released and events emitted however the run ends',
    realTimeWaits: ['AskLaneQueued', 'JudgeLaneQueued'],
    tasks: [
      {
        state: 'PrepareRun',
        placeholder: 'PrepareRunFunctionArn',
        handler: 'functions/steps/monitor-run/prepare-run.ts',
        data: 'readwrite',
        timeoutSeconds: 60,
        memorySize: 256,
      },
      // A lane task stops starting calls after MONITOR_LANE_BUDGET_MS (60 s); one call may
      // take PROVIDER_TIMEOUT_MS (90 s) more. The ASL gives these tasks 180 s.
      {
        state: 'AskLane',
        placeholder: 'AskLaneFunctionArn',
        handler: 'functions/steps/monitor-run/ask-lane.ts',
        data: 'readwrite',
        timeoutSeconds: 170,
        memorySize: 512,
        providerKeys: true,
        providerBudget: true,
      },
      {
        state: 'AskLaneFailed',
        placeholder: 'AskLaneFailedFunctionArn',
        handler: 'functions/steps/monitor-run/ask-lane-failed.ts',
        data: 'readwrite',
        timeoutSeconds: 30,
        memorySize: 256,
      },
      {
        state: 'PlanJudging',
        placeholder: 'PlanJudgingFunctionArn',
        handler: 'functions/steps/monitor-run/plan-judging.ts',
        data: 'readwrite',
        timeoutSeconds: 60,
        memorySize: 256,
      },
      {
        state: 'JudgeLane',
        placeholder: 'JudgeLaneFunctionArn',
        handler: 'functions/steps/monitor-run/judge-lane.ts',
        data: 'readwrite',
        timeoutSeconds: 170,
        memorySize: 512,
        providerKeys: true,
        providerBudget: true,
      },
      {
        state: 'JudgeLaneFailed',
        placeholder: 'JudgeLaneFailedFunctionArn',
        handler: 'functions/steps/monitor-run/judge-lane-failed.ts',
        data: 'readwrite',
        timeoutSeconds: 30,
        memorySize: 256,
      },
      // Up to MONITOR_CITED_SCANS + 1 scans, four at once, each under SCAN_DEADLINE_MS (25 s):
      // three rounds at most. The ASL gives the task 160 s; its failure never fails the run.
      {
        state: 'ScanCitedSites',
        placeholder: 'ScanCitedSitesFunctionArn',
        handler: 'functions/steps/monitor-run/scan-cited-sites.ts',
        data: 'readwrite',
        timeoutSeconds: 150,
        memorySize: 1024,
        signingKeys: true,
        // The scans' own deadline, as for the batch scans' ScanDomain.
        environment: { SCAN_DEADLINE_MS: '25000' },
      },
      {
        state: 'AggregateRun',
        placeholder: 'AggregateRunFunctionArn',
        handler: 'functions/steps/monitor-run/aggregate-run.ts',
        data: 'readwrite',
        timeoutSeconds: 290,
        memorySize: 1024,
        publishesEvents: true,
      },
      {
        state: 'MarkRunFailed',
        placeholder: 'MarkRunFailedFunctionArn',
        handler: 'functions/steps/monitor-run/mark-run-failed.ts',
        data: 'readwrite',
        timeoutSeconds: 60,
        memorySize: 256,
        publishesEvents: true,
      },
    ],
  },
  {
    name: 'monitor-monthly',
    file: 'state-machines/monitor-monthly.asl.json',
    description:
      'The monthly schedule: the cases a page at a time (the cursor in the state), each eligible case given its monthly run, a failed page retried',
    tasks: [
      // One page: up to MONTHLY_PAGE_SIZE (100) cases, five at a time, each a few store calls
      // and a StartExecution.
      {
        state: 'SchedulePage',
        placeholder: 'SchedulePageFunctionArn',
        handler: 'functions/steps/monitor-monthly/schedule-page.ts',
        data: 'readwrite',
        timeoutSeconds: 120,
        memorySize: 512,
        starts: ['monitor-run'],
      },
    ],
  },
  {
    name: 'account-job',
    file: 'state-machines/account-job.asl.json',
    description:
      "An account's export (JSON lines of everything it owns) or erasure (every item deleted), a page at a time, resumable",
    tasks: [
      {
        state: 'AccountJobStep',
        placeholder: 'AccountJobStepFunctionArn',
        handler: 'functions/steps/account-job/account-job-step.ts',
        data: 'readwrite',
        timeoutSeconds: 120,
        memorySize: 512,
        // The erasure cancels the account's Stripe subscription.
        billingKeys: true,
      },
      {
        state: 'AccountJobFailed',
        placeholder: 'AccountJobFailedFunctionArn',
        handler: 'functions/steps/account-job/account-job-failed.ts',
        data: 'readwrite',
        timeoutSeconds: 30,
        memorySize: 256,
      },
    ],
  },
] as const satisfies readonly WorkflowDefinition[];

export type { WorkflowName };

/** Every workflow of the port's list has a definition here, and no other. */
export type ManifestNamesMatch = [WorkflowName] extends [(typeof WORKFLOWS)[number]['name']]
  ? [(typeof WORKFLOWS)[number]['name']] extends [WorkflowName]
    ? true
    : never
  : never;
const manifestNamesMatch: ManifestNamesMatch = true;
void manifestNamesMatch;

/** Environment variable that carries a workflow's state machine ARN to the functions starting it. */
export function stateMachineArnEnv(name: WorkflowName): string {
  return `${name.toUpperCase().replaceAll('-', '_')}_STATE_MACHINE_ARN`;
}
