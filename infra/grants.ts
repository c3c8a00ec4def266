/**
 * The data-plane grants a function can get, each as narrow as the action allows: named table
 * and index ARNs (never `index/*`), one state machine, one queue. Shared by the API functions,
 * the workflow task functions and the queue consumers.
 */
import { Arn, ArnFormat, Stack } from 'aws-cdk-lib';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Effect, type IRole, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { IStateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import { REQUEST_RATE_PREFIX } from '#shared/adapters/dynamodb/keys';
import { TABLE_INDEXES } from '#shared/adapters/dynamodb/table';

export type TableAccess = 'none' | 'read' | 'readwrite';

/** Item-level reads; Query also runs against the two GSIs. No Scan: `/stats` is O(1) by design. */
export const TABLE_READ_ACTIONS = [
  'dynamodb:GetItem',
  'dynamodb:BatchGetItem',
  'dynamodb:Query',
] as const;

/**
 * Single-item conditional writes, BatchWriteItem for the rows of a batch job (it can only put and
 * delete items, which PutItem and DeleteItem allow), and the elements of a TransactWriteItems (a
 * change with its audit event): IAM authorises each element as PutItem, UpdateItem, DeleteItem
 * or ConditionCheckItem, so a transaction needs no action of its own.
 */
export const TABLE_WRITE_ACTIONS = [
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:ConditionCheckItem',
  'dynamodb:BatchWriteItem',
] as const;

export function grantTableAccess(role: IRole, table: ITableV2, access: TableAccess): void {
  if (access === 'none') return;
  role.addToPrincipalPolicy(
    new PolicyStatement({
      sid: 'ReadTable',
      effect: Effect.ALLOW,
      actions: [...TABLE_READ_ACTIONS],
      resources: [table.tableArn],
    }),
  );
  // Index ARNs are named one by one instead of `index/*`, so a future index is not readable
  // until it is added to shared/adapters/dynamodb/table.ts.
  role.addToPrincipalPolicy(
    new PolicyStatement({
      sid: 'QueryIndexes',
      effect: Effect.ALLOW,
      actions: ['dynamodb:Query'],
      resources: TABLE_INDEXES.map((index) => `${table.tableArn}/index/${index.name}`),
    }),
  );
  if (access === 'readwrite') {
    role.addToPrincipalPolicy(
      new PolicyStatement({
        sid: 'WriteTable',
        effect: Effect.ALLOW,
        actions: [...TABLE_WRITE_ACTIONS],
        resources: [table.tableArn],
      }),
    );
  }
}

/**
 * A read-only API function (and the tool server) still counts its key's requests and marks the
 * key used (docs/api.md "Rate limits", "API keys"): it may update only the key's request
 * accounting items, whose partition key starts with `RATE#` (the IAM condition key
 * `dynamodb:LeadingKeys`). Functions with `readwrite` already hold UpdateItem.
 */
export function grantRequestCounting(role: IRole, table: ITableV2): void {
  role.addToPrincipalPolicy(
    new PolicyStatement({
      sid: 'CountRequests',
      effect: Effect.ALLOW,
      actions: ['dynamodb:UpdateItem'],
      resources: [table.tableArn],
      conditions: {
        'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [`${REQUEST_RATE_PREFIX}*`] },
      },
    }),
  );
}

/** `states:StartExecution` on exactly this state machine. */
export function grantStartExecution(role: IRole, machine: IStateMachine, sid: string): void {
  role.addToPrincipalPolicy(
    new PolicyStatement({
      sid,
      effect: Effect.ALLOW,
      actions: ['states:StartExecution'],
      resources: [machine.stateMachineArn],
    }),
  );
}

/** `sqs:SendMessage` on exactly this queue (its messages are SSE-SQS encrypted, no KMS grant). */
export function grantSendMessage(role: IRole, queue: IQueue, sid = 'PublishEvents'): void {
  role.addToPrincipalPolicy(
    new PolicyStatement({
      sid,
      effect: Effect.ALLOW,
      actions: ['sqs:SendMessage'],
      resources: [queue.queueArn],
    }),
  );
}

/** `sqs:SendMessage` on a dead-letter queue only (what a scheduler could not invoke). */
export function grantDeadLetters(role: IRole, queue: IQueue): void {
  role.addToPrincipalPolicy(
    new PolicyStatement({
      sid: 'KeepUndeliveredInvocations',
      effect: Effect.ALLOW,
      actions: ['sqs:SendMessage'],
      resources: [queue.queueArn],
    }),
  );
}

/** `lambda:InvokeFunction` on exactly these functions (no `:*` version wildcard). */
export function grantInvoke(role: IRole, functionArns: readonly string[]): void {
  role.addToPrincipalPolicy(
    new PolicyStatement({
      sid: 'InvokeTaskFunctions',
      effect: Effect.ALLOW,
      actions: ['lambda:InvokeFunction'],
      resources: [...functionArns],
    }),
  );
}

/**
 * What `states:startExecution.sync:2` needs on the parent state machine's role (AWS Step
 * Functions developer guide, "IAM policies for starting a nested workflow"): start the child,
 * describe and stop its executions, and the managed EventBridge rule through which Step Functions
 * learns that a child ended.
 */
export function grantChildExecutions(
  role: IRole,
  child: IStateMachine,
  sid: string,
): { executionsArn: string } {
  const stack = Stack.of(child);
  const executionsArn = stack.formatArn({
    service: 'states',
    resource: 'execution',
    arnFormat: ArnFormat.COLON_RESOURCE_NAME,
    resourceName: `${Arn.split(child.stateMachineArn, ArnFormat.COLON_RESOURCE_NAME).resourceName}:*`,
  });
  role.addToPrincipalPolicy(
    new PolicyStatement({
      sid: `Start${sid}`,
      effect: Effect.ALLOW,
      actions: ['states:StartExecution'],
      resources: [child.stateMachineArn],
    }),
  );
  role.addToPrincipalPolicy(
    new PolicyStatement({
      sid: `Follow${sid}`,
      effect: Effect.ALLOW,
      actions: ['states:DescribeExecution', 'states:StopExecution'],
      resources: [executionsArn],
    }),
  );
  role.addToPrincipalPolicy(
    new PolicyStatement({
      sid: `Notice${sid}`,
      effect: Effect.ALLOW,
      actions: ['events:PutTargets', 'events:PutRule', 'events:DescribeRule'],
      resources: [
        stack.formatArn({
          service: 'events',
          resource: 'rule',
          resourceName: 'StepFunctionsGetEventsForStepFunctionsExecutionRule',
        }),
      ],
    }),
  );
  return { executionsArn };
}

/** `ses:SendEmail` as the one sender identity (its domain, or the address itself). */
export function grantSendMail(role: IRole, mailFrom: string, sid = 'SendSignInMail'): void {
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom;
  const identity = address.includes('@') ? (address.split('@')[1] ?? address) : address;
  role.addToPrincipalPolicy(
    new PolicyStatement({
      sid,
      effect: Effect.ALLOW,
      actions: ['ses:SendEmail'],
      resources: [
        Stack.of(role).formatArn({ service: 'ses', resource: 'identity', resourceName: identity }),
      ],
    }),
  );
}
