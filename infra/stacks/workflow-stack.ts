/**
 * The asynchronous half of the service: the queues of the queue manifest (each with its
 * dead-letter queue and consumer function) and one Step Functions standard workflow per entry of
 * the workflow manifest, built from the same ASL file the local engine runs, with one function
 * per Task state. Grants are exact: each state machine may invoke its own task functions only,
 * each function gets the table access, queue and state machines its manifest entry names.
 */
import { CfnOutput, Duration, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import type { ITableV2, TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { CfnSchedule } from 'aws-cdk-lib/aws-scheduler';
import type { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { StateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import type { Construct } from 'constructs';
import { ApiFunction } from '#infra/constructs/api-function';
import { billingKeysSecret } from '#infra/constructs/billing-keys';
import { deadLetterQueue } from '#infra/constructs/dead-letter-queue';
import { providerBudgetTable, providerKeysSecret } from '#infra/constructs/monitor-providers';
import { signingKeysSecret } from '#infra/constructs/signing-keys';
import { workflowStateMachine } from '#infra/constructs/workflow-state-machine';
import {
  grantChildExecutions,
  grantDeadLetters,
  grantInvoke,
  grantProviderBudget,
  grantSendMail,
  grantSendMessage,
  grantStartExecution,
  grantTableAccess,
} from '#infra/grants';
import { constructIdFor, type PaymentSettings, stripeEnvironment } from '#infra/routes';
import { queueSpecs, taskFunctionSpecs } from '#infra/workflows';
import { deadLetterQueueName, type QueueDefinition } from '#shared/surfaces/queues/manifest';
import { SCHEDULES, type ScheduleDefinition } from '#shared/surfaces/schedules/manifest';
import {
  stateMachineArnEnv,
  WORKFLOWS,
  type WorkflowDefinition,
  type WorkflowName,
  type WorkflowTask,
} from '#shared/surfaces/workflows/manifest';

/** What a task function reads besides the table: the secrets and the provider budget. */
type SecretNeeds = Pick<
  WorkflowTask,
  'providerKeys' | 'signingKeys' | 'billingKeys' | 'providerBudget'
>;

export interface WorkflowStackProps extends StackProps {
  table: ITableV2;
  /** Environment every function gets (ADMIN_EMAILS, PUBLIC_BASE_URL). */
  sharedEnvironment: Readonly<Record<string, string>>;
  /** The verified SES sender of the tasks that mail (alert and digest mails); unset, none do. */
  mailFrom?: string | undefined;
  logRetention?: RetentionDays;
  /**
   * Each provider account's limits, as the `providerRateLimits` context gives them: the
   * PROVIDER_RATE_LIMITS JSON of the lane functions (docs/deploy.md "Provider quotas").
   */
  providerRateLimits?: string | undefined;
  /** Stripe's Pro price, API base and grace period, for the tasks that call Stripe. */
  payments?: PaymentSettings;
}

const EVENTS_QUEUE = 'events';

export class WorkflowStack extends Stack {
  readonly stateMachines = new Map<WorkflowName, StateMachine>();
  readonly queues = new Map<string, Queue>();
  /** Every dead-letter queue, by what it keeps: each queue's, and the schedules' invocations. */
  readonly deadLetterQueues = new Map<string, Queue>();
  readonly functions = new Map<string, ApiFunction>();
  /** The model providers' API keys: one JSON secret, filled by an operator (docs/deploy.md). */
  readonly providerKeys: Secret;
  /**
   * The scanner's Ed25519 signing key set (Web Bot Auth): written by the operator's
   * `rotate-signing-key`, read by every function that scans or serves the key directory.
   */
  readonly signingKeys: Secret;
  /**
   * The provider budget (docs/monitor.md "One budget per provider account"): a few small items,
   * one per provider family, that every run's lanes take their send times from.
   */
  readonly providerBudget: TableV2;
  /**
   * Stripe's keys (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET): one JSON secret, filled by an
   * operator (docs/deploy.md "Billing"), read only by the functions that call Stripe.
   */
  readonly billingKeys: Secret;

  constructor(scope: Construct, id: string, props: WorkflowStackProps) {
    super(scope, id, props);
    const retention = props.logRetention ?? RetentionDays.ONE_MONTH;
    this.signingKeys = signingKeysSecret(this);
    this.providerKeys = providerKeysSecret(this);
    this.providerBudget = providerBudgetTable(this);
    this.billingKeys = billingKeysSecret(this);
    for (const queue of queueSpecs()) this.queues.set(queue.name, this.buildQueue(queue));
    const scheduleDeadLetters = deadLetterQueue(
      this,
      'ScheduledInvocations',
      'the scheduled functions (their asynchronous invocations that failed after retries)',
    );
    this.deadLetterQueues.set('schedules', scheduleDeadLetters);
    for (const workflow of WORKFLOWS as readonly WorkflowDefinition[]) {
      this.buildWorkflow(workflow, props, retention);
    }
    for (const queue of queueSpecs()) this.buildConsumer(queue, props, retention);
    for (const schedule of SCHEDULES as readonly ScheduleDefinition[]) {
      this.buildSchedule(schedule, props, retention, scheduleDeadLetters);
    }
    for (const [name, machine] of this.stateMachines) {
      new CfnOutput(this, `${constructIdFor(name)}StateMachineArn`, {
        value: machine.stateMachineArn,
      });
    }
  }

  /** The secrets' ARNs a task reads (never their values), and the budget it paces by. */
  private secretEnvironment(task: SecretNeeds, props: WorkflowStackProps): Record<string, string> {
    return {
      ...(task.providerKeys ? { PROVIDER_KEYS_SECRET_ARN: this.providerKeys.secretArn } : {}),
      ...(task.signingKeys ? { SIGNING_KEYS_SECRET_ARN: this.signingKeys.secretArn } : {}),
      ...(task.billingKeys
        ? stripeEnvironment(this.billingKeys.secretArn, props.payments ?? {})
        : {}),
      ...(task.providerBudget ? { BUDGET_TABLE_NAME: this.providerBudget.tableName } : {}),
      ...(task.providerBudget && props.providerRateLimits
        ? { PROVIDER_RATE_LIMITS: props.providerRateLimits }
        : {}),
    };
  }

  private grantSecrets(fn: ApiFunction, task: SecretNeeds) {
    if (task.providerKeys) this.providerKeys.grantRead(fn.role);
    if (task.signingKeys) this.signingKeys.grantRead(fn.role);
    if (task.billingKeys) this.billingKeys.grantRead(fn.role);
    if (task.providerBudget) grantProviderBudget(fn.role, this.providerBudget);
  }

  private buildQueue(definition: QueueDefinition): Queue {
    const base = constructIdFor(definition.name);
    const deadLetters = deadLetterQueue(
      this,
      base,
      `the ${definition.name} queue (${deadLetterQueueName(definition.name)})`,
    );
    this.deadLetterQueues.set(definition.name, deadLetters);
    return new Queue(this, `${base}Queue`, {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      visibilityTimeout: Duration.seconds(definition.visibilityTimeoutSeconds),
      deadLetterQueue: { queue: deadLetters, maxReceiveCount: definition.maxReceiveCount },
    });
  }

  private environmentFor(
    props: WorkflowStackProps,
    needs: { data: string; publishesEvents?: boolean; starts?: readonly string[] },
  ): Record<string, string> {
    const environment: Record<string, string> = { ...props.sharedEnvironment };
    if (needs.data !== 'none') environment.TABLE_NAME = props.table.tableName;
    const events = this.queues.get(EVENTS_QUEUE);
    if (needs.publishesEvents && events) environment.EVENTS_QUEUE_URL = events.queueUrl;
    for (const name of needs.starts ?? []) {
      const machine = this.stateMachines.get(name as WorkflowName);
      if (!machine) throw new Error(`starts ${name}, which is not built yet (manifest order)`);
      environment[stateMachineArnEnv(name as WorkflowName)] = machine.stateMachineArn;
    }
    return environment;
  }

  private grantNeeds(
    fn: ApiFunction,
    props: WorkflowStackProps,
    needs: {
      data: 'none' | 'read' | 'readwrite';
      publishesEvents?: boolean;
      starts?: readonly string[];
    },
  ): void {
    grantTableAccess(fn.role, props.table, needs.data);
    const events = this.queues.get(EVENTS_QUEUE);
    if (needs.publishesEvents && events) grantSendMessage(fn.role, events);
    for (const name of needs.starts ?? []) {
      const machine = this.stateMachines.get(name as WorkflowName);
      if (machine) grantStartExecution(fn.role, machine, `Start${constructIdFor(name)}`);
    }
  }

  /** One workflow: its task functions, then the state machine that invokes exactly those. */
  private buildWorkflow(
    workflow: WorkflowDefinition,
    props: WorkflowStackProps,
    logRetention: RetentionDays,
  ): void {
    const substitutions: Record<string, string> = {};
    const functionArns: string[] = [];
    for (const fn of this.addTaskFunctions(workflow, props, logRetention)) {
      substitutions[fn.placeholder] = fn.arn;
      functionArns.push(fn.arn);
    }
    const children = this.childMachines(workflow, substitutions);
    const machine = workflowStateMachine(this, workflow, substitutions, logRetention);
    grantInvoke(machine.role, functionArns);
    this.grantChildren(machine, children);
    this.stateMachines.set(workflow.name as WorkflowName, machine);
  }

  /** The functions of a workflow's Task states, each with its grants; their ASL placeholders. */
  private addTaskFunctions(
    workflow: WorkflowDefinition,
    props: WorkflowStackProps,
    logRetention: RetentionDays,
  ): { placeholder: string; arn: string }[] {
    return taskFunctionSpecs()
      .filter((entry) => entry.workflow === workflow.name)
      .map((spec) => {
        const fn = new ApiFunction(this, `${spec.constructId}Task`, {
          entry: spec.task.handler,
          description: `${workflow.name} / ${spec.task.state}`,
          timeout: Duration.seconds(spec.task.timeoutSeconds),
          memorySize: spec.task.memorySize,
          logRetention,
          invocation: { synchronous: taskCaller(spec.task.state, workflow.name) },
          environment: {
            ...this.environmentFor(props, spec.task),
            ...this.secretEnvironment(spec.task, props),
            ...(spec.task.sendsMail && props.mailFrom ? { MAIL_FROM: props.mailFrom } : {}),
            ...spec.task.environment,
          },
        });
        this.grantNeeds(fn, props, spec.task);
        if (spec.task.sendsMail && props.mailFrom)
          grantSendMail(fn.role, props.mailFrom, 'SendAlertMail');
        this.grantSecrets(fn, spec.task);
        this.functions.set(spec.constructId, fn);
        return { placeholder: spec.task.placeholder, arn: fn.function.functionArn };
      });
  }

  /** The state machines a workflow runs as children, filled into its substitutions. */
  private childMachines(workflow: WorkflowDefinition, substitutions: Record<string, string>) {
    return (workflow.children ?? []).map((child) => {
      const machine = this.stateMachines.get(child.workflow as WorkflowName);
      if (!machine) throw new Error(`${workflow.name} runs ${child.workflow}, not built yet`);
      substitutions[child.placeholder] = machine.stateMachineArn;
      return { child, machine };
    });
  }

  /** startExecution.sync:2 grants on the parent's role (infra/grants.ts). */
  private grantChildren(
    parent: StateMachine,
    children: { child: { workflow: string }; machine: StateMachine }[],
  ): void {
    for (const { child, machine: childMachine } of children) {
      const { executionsArn } = grantChildExecutions(
        parent.role,
        childMachine,
        constructIdFor(child.workflow),
      );
      // cdk-nag names the finding by the resolved ARN, tokens as JSON.
      Validations.of(parent).acknowledge({
        id: `AwsSolutions-IAM5[Resource::${nagArn(this, executionsArn)}]`,
        reason:
          'states:DescribeExecution and StopExecution of a child started through ' +
          'startExecution.sync:2 are granted on the executions of that one child state machine ' +
          '(execution:<child name>:*): execution names are not known before they start.',
      });
    }
  }

  /**
   * EventBridge Scheduler, one schedule per entry of the schedule manifest: its function, and a
   * role that may invoke that function and nothing else. A redelivered invocation adds nothing
   * (each case claims the month once; a settled scan is not taken up again).
   */
  private buildSchedule(
    spec: ScheduleDefinition,
    props: WorkflowStackProps,
    logRetention: RetentionDays,
    deadLetters: Queue,
  ): void {
    const needs = {
      data: spec.data,
      ...(spec.starts ? { starts: spec.starts } : {}),
      ...(spec.publishesEvents ? { publishesEvents: true } : {}),
    };
    const fn = new ApiFunction(this, `${spec.constructId}Scheduler`, {
      entry: spec.handler,
      description: `${spec.name}: ${spec.description}`,
      timeout: Duration.seconds(spec.timeoutSeconds),
      memorySize: spec.memorySize,
      logRetention,
      // Scheduler invokes asynchronously: what still fails after Lambda's two retries is kept.
      invocation: { deadLetters },
      environment: this.environmentFor(props, needs),
    });
    this.grantNeeds(fn, props, needs);
    // L1 with a role of our own: the L2 target grants `function:*` (every version).
    const role = new Role(this, `${spec.constructId}ScheduleRole`, {
      assumedBy: new ServicePrincipal('scheduler.amazonaws.com'),
      description: `Lets EventBridge Scheduler invoke the ${spec.name} function, and nothing else`,
    });
    grantInvoke(role, [fn.function.functionArn]);
    grantDeadLetters(role, deadLetters);
    new CfnSchedule(this, `${spec.constructId}Schedule`, {
      description: `${spec.name} (${spec.handler})`,
      scheduleExpression: spec.expression,
      scheduleExpressionTimezone: spec.timezone,
      flexibleTimeWindow: { mode: 'OFF' },
      target: {
        arn: fn.function.functionArn,
        roleArn: role.roleArn,
        retryPolicy: { maximumRetryAttempts: 2 },
        // An invocation Scheduler could not make at all (the function missing, throttled past
        // the retries) is kept too.
        deadLetterConfig: { arn: deadLetters.queueArn },
      },
    });
    this.functions.set(`${spec.constructId}Scheduler`, fn);
  }

  private buildConsumer(
    definition: QueueDefinition,
    props: WorkflowStackProps,
    logRetention: RetentionDays,
  ): void {
    const queue = this.queues.get(definition.name);
    if (!queue) return;
    const fn = new ApiFunction(this, `${constructIdFor(definition.name)}Consumer`, {
      entry: definition.handler,
      description: `SQS consumer of the ${definition.name} queue`,
      timeout: Duration.seconds(definition.timeoutSeconds),
      memorySize: definition.memorySize,
      logRetention,
      invocation: {
        synchronous:
          `its SQS event source mapping (a failed message returns to the ${definition.name} ` +
          `queue and after ${definition.maxReceiveCount} receives moves to its dead-letter queue)`,
      },
      environment: this.environmentFor(props, { data: 'readwrite', starts: definition.starts }),
    });
    this.grantNeeds(fn, props, { data: 'readwrite', starts: definition.starts });
    fn.function.addEventSource(
      new SqsEventSource(queue, {
        batchSize: definition.batchSize,
        // A failed message is reported alone and returns to the queue; the others are done.
        reportBatchItemFailures: true,
      }),
    );
    Validations.of(fn).acknowledge({
      id: 'Serverless-LambdaEventSourceMappingDestination',
      reason:
        'An on-failure destination exists only for stream and Kafka event sources; an SQS event ' +
        `source reports its failed messages (ReportBatchItemFailures), which return to the ` +
        `${definition.name} queue and, after ${definition.maxReceiveCount} receives, move to its ` +
        'dead-letter queue (redrive policy), whose depth is alarmed.',
    });
    this.functions.set(`${constructIdFor(definition.name)}Consumer`, fn);
  }
}

/** Who waits for a task function's answer, and handles its failure. */
function taskCaller(state: string, workflow: string): string {
  return `Step Functions (Task state ${state} of ${workflow}, whose Retry and Catch handle a failure)`;
}

/**
 * An ARN as cdk-nag writes it in a finding id: pseudo parameters as `<AWS::Region>`, any other
 * token as its CloudFormation JSON.
 */
function nagArn(stack: Stack, arn: string): string {
  const resolved: unknown = stack.resolve(arn);
  const parts = (resolved as { 'Fn::Join'?: [string, unknown[]] })['Fn::Join']?.[1];
  if (!parts) return String(resolved);
  return parts
    .map((part) => {
      if (typeof part === 'string') return part;
      const ref = (part as { Ref?: string }).Ref;
      return ref?.startsWith('AWS::') ? `<${ref}>` : JSON.stringify(part);
    })
    .join('');
}
