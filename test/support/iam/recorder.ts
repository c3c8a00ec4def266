import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { currentInvocation, type LocalInvocation, observeInvocations } from '#local/lambda-runtime';
import { observeChildExecutions } from '#local/workflows/engine';
import type { WorkflowStarter } from '#shared/domain/kernel/workflow-port';

/**
 * The IAM recording of the local stack (issue 18, docs/decisions.md): every AWS call a function
 * makes, attributed to the function it runs in, as the principal, action and resource that AWS
 * would authorise. SDK calls are seen by a middleware added to every SDK client at its first
 * send (the action is the wire-level `X-Amz-Target` operation); the calls the local stand-ins
 * make on a function's behalf are recorded where they happen: StartExecution through the
 * installed workflow starter, a tool call's Lambda Invoke, a state machine invoking its tasks and
 * starting its children (`startExecution.sync:2`), an SQS event source mapping reading the queue
 * with the consumer's role, EventBridge Scheduler invoking its function.
 */
export type Principal =
  | { kind: 'function'; module: string }
  | { kind: 'state-machine'; workflow: string }
  | { kind: 'scheduler'; schedule: string };

export type LocalResource =
  | { kind: 'table'; name: string; index?: string }
  | { kind: 'queue'; name: string }
  | { kind: 'state-machine'; workflow: string }
  | { kind: 'executions'; workflow: string }
  | { kind: 'function'; module: string }
  | { kind: 'events-rule'; name: string }
  | { kind: 'unknown'; detail: string };

export interface RecordedCall {
  principal: Principal;
  /** `service:Action`, as IAM names it. */
  action: string;
  resource: LocalResource;
  /**
   * The partition keys a DynamoDB item call touches (`dynamodb:LeadingKeys`), for the one IAM
   * condition our roles use; absent for calls that name no single item.
   */
  leadingKeys?: string[];
}

export interface Recording {
  calls: RecordedCall[];
  /** Every function invoked, by handler module. */
  invoked: Set<string>;
  /** Wraps a workflow starter so that each start is recorded for the function calling it. */
  recordingStarter(starter: WorkflowStarter): WorkflowStarter;
  stop(): void;
}

const TARGET_SERVICES: Record<string, string> = {
  DynamoDB_20120810: 'dynamodb',
  AmazonSQS: 'sqs',
  AWSStepFunctions: 'states',
  secretsmanager: 'secretsmanager',
};

interface BuildArgs {
  input: Record<string, unknown>;
  request: { headers: Record<string, string> };
}

function tableResources(action: string, input: Record<string, unknown>): LocalResource[] {
  if (action === 'BatchWriteItem' || action === 'BatchGetItem') {
    return Object.keys((input.RequestItems as object | undefined) ?? {}).map((name) => ({
      kind: 'table' as const,
      name,
    }));
  }
  const name = String(input.TableName ?? '');
  const index = typeof input.IndexName === 'string' ? input.IndexName : undefined;
  return [{ kind: 'table', name, ...(index ? { index } : {}) }];
}

/** The partition key of a single-item call, marshalled (`{S: ...}`) or not. */
function leadingKeysOf(action: string, input: Record<string, unknown>): string[] | undefined {
  if (!['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem'].includes(action)) return undefined;
  const item = (input.Key ?? input.Item) as Record<string, unknown> | undefined;
  const pk = item?.pk as { S?: string } | string | undefined;
  const value = typeof pk === 'string' ? pk : pk?.S;
  return value === undefined ? undefined : [value];
}

/** The actions IAM authorises a transaction's elements as, one per element. */
const TRANSACT_ELEMENT_ACTIONS: Record<string, string> = {
  Put: 'PutItem',
  Update: 'UpdateItem',
  Delete: 'DeleteItem',
  ConditionCheck: 'ConditionCheckItem',
};

/**
 * A TransactWriteItems call as IAM authorises it: no action of its own, but each element as the
 * single-item action it is, on its table and partition key.
 */
function describeTransaction(principal: Principal, input: Record<string, unknown>): RecordedCall[] {
  const elements = (input.TransactItems as Record<string, Record<string, unknown>>[]) ?? [];
  return elements.flatMap((element) =>
    Object.entries(element).map(([kind, request]) => {
      const action = TRANSACT_ELEMENT_ACTIONS[kind] ?? kind;
      const single = action === 'ConditionCheckItem' ? 'GetItem' : action;
      const leadingKeys = leadingKeysOf(single, request);
      return {
        principal,
        action: `dynamodb:${action}`,
        resource: { kind: 'table' as const, name: String(request.TableName ?? '') },
        ...(leadingKeys ? { leadingKeys } : {}),
      };
    }),
  );
}

/** Service, action and resources of one SDK call, from its serialised request. */
function describeSdkCall(args: BuildArgs, commandName: string): RecordedCall[] {
  const target = args.request.headers['x-amz-target'] ?? args.request.headers['X-Amz-Target'];
  const [prefix, operation] = target
    ? target.split('.')
    : ['', commandName.replace(/Command$/, '')];
  const service = TARGET_SERVICES[prefix ?? ''] ?? (prefix || 'unknown').toLowerCase();
  const action = operation ?? 'unknown';
  const principal = principalOf(currentInvocation());
  if (!principal) return [];
  if (service === 'dynamodb' && action === 'TransactWriteItems') {
    return describeTransaction(principal, args.input);
  }
  const resources: LocalResource[] =
    service === 'dynamodb'
      ? tableResources(action, args.input)
      : service === 'sqs'
        ? [
            {
              kind: 'queue',
              name:
                String(args.input.QueueUrl ?? '')
                  .split('/')
                  .at(-1) ?? '',
            },
          ]
        : [{ kind: 'unknown', detail: JSON.stringify(args.input).slice(0, 200) }];
  const leadingKeys = service === 'dynamodb' ? leadingKeysOf(action, args.input) : undefined;
  return resources.map((resource) => ({
    principal,
    action: `${service}:${action}`,
    resource,
    ...(leadingKeys ? { leadingKeys } : {}),
  }));
}

function principalOf(invocation: LocalInvocation | undefined): Principal | undefined {
  return invocation ? { kind: 'function', module: invocation.module } : undefined;
}

interface MiddlewareStack {
  add(middleware: unknown, options: Record<string, unknown>): void;
}
type Send = (this: { middlewareStack: MiddlewareStack }, ...args: unknown[]) => unknown;

/** Adds the recording middleware to every SDK client at its first send. */
function patchSdkClients(record: (calls: RecordedCall[]) => void): () => void {
  const clientPrototype = Object.getPrototypeOf(DynamoDBClient.prototype) as { send: Send };
  const original = clientPrototype.send;
  const patched = new WeakSet<object>();
  const middleware =
    (next: (args: unknown) => Promise<unknown>, context: { commandName?: string }) =>
    async (args: unknown) => {
      record(describeSdkCall(args as BuildArgs, context.commandName ?? ''));
      return next(args);
    };
  clientPrototype.send = function send(...args) {
    if (!patched.has(this.middlewareStack)) {
      patched.add(this.middlewareStack);
      this.middlewareStack.add(middleware, { step: 'build', name: 'iamRecorder', override: true });
    }
    return original.apply(this, args);
  };
  return () => {
    clientPrototype.send = original;
  };
}

/** The calls AWS services make on a function's behalf when they invoke it. */
function invocationCalls(invocation: LocalInvocation, caller: LocalInvocation | undefined) {
  const target: LocalResource = { kind: 'function', module: invocation.module };
  const invoker = invocation.invoker;
  if (invoker?.kind === 'state-machine') {
    return [
      {
        principal: { kind: 'state-machine', workflow: invoker.workflow } as Principal,
        action: 'lambda:InvokeFunction',
        resource: target,
      },
    ];
  }
  if (invoker?.kind === 'scheduler') {
    return [
      {
        principal: { kind: 'scheduler', schedule: invoker.schedule } as Principal,
        action: 'lambda:InvokeFunction',
        resource: target,
      },
    ];
  }
  if (invoker?.kind === 'function' && caller) {
    return [
      {
        principal: { kind: 'function', module: caller.module } as Principal,
        action: 'lambda:InvokeFunction',
        resource: target,
      },
    ];
  }
  if (invoker?.kind === 'queue') {
    // The event source mapping polls with the consumer's own role (AWS Lambda developer guide).
    const principal: Principal = { kind: 'function', module: invocation.module };
    return ['ReceiveMessage', 'DeleteMessage', 'GetQueueAttributes', 'ChangeMessageVisibility'].map(
      (action) => ({
        principal,
        action: `sqs:${action}`,
        resource: { kind: 'queue', name: invoker.queue } as LocalResource,
      }),
    );
  }
  return [];
}

/** What Step Functions does with the parent's role for `startExecution.sync:2`. */
function childCalls(parent: string, child: string): RecordedCall[] {
  const principal: Principal = { kind: 'state-machine', workflow: parent };
  return [
    {
      principal,
      action: 'states:StartExecution',
      resource: { kind: 'state-machine', workflow: child },
    },
    {
      principal,
      action: 'states:DescribeExecution',
      resource: { kind: 'executions', workflow: child },
    },
    ...['events:PutTargets', 'events:PutRule', 'events:DescribeRule'].map((action) => ({
      principal,
      action,
      resource: {
        kind: 'events-rule',
        name: 'StepFunctionsGetEventsForStepFunctionsExecutionRule',
      } as LocalResource,
    })),
  ];
}

export function startRecording(): Recording {
  const calls: RecordedCall[] = [];
  const invoked = new Set<string>();
  const record = (more: RecordedCall[]) => calls.push(...more);
  const unpatch = patchSdkClients(record);
  observeInvocations((invocation, caller) => {
    invoked.add(invocation.module);
    record(invocationCalls(invocation, caller));
    return undefined;
  });
  observeChildExecutions((parent, child) => record(childCalls(parent, child)));
  return {
    calls,
    invoked,
    recordingStarter(starter) {
      return {
        start(workflow, name, input) {
          const principal = principalOf(currentInvocation());
          if (principal) {
            record([
              {
                principal,
                action: 'states:StartExecution',
                resource: { kind: 'state-machine', workflow },
              },
            ]);
          }
          return starter.start(workflow, name, input);
        },
      };
    },
    stop() {
      unpatch();
      observeInvocations(undefined);
      observeChildExecutions(undefined);
    },
  };
}
