/**
 * How the local stack runs a Lambda handler module: the same module Lambda would load, called
 * with a Lambda-shaped context inside its own invocation scope. Lambda's managed-instance
 * runtime scopes concurrent invocations with the InvokeStore (AsyncLocalStorage); doing the same
 * here keeps per-invocation state such as the logger's request id apart when one local process
 * serves many requests at once.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { InvokeStore, InvokeStoreBase } from '@aws/lambda-invoke-store';
import type { Context } from 'aws-lambda';

export type LambdaHandler<E = unknown, R = unknown> = (event: E, context: Context) => Promise<R>;

const repositoryRoot = new URL('../', import.meta.url);

/**
 * The AWS service that would invoke the function on AWS: API Gateway, a state machine (its
 * role invokes the task), an SQS event source mapping (the function's own role reads the
 * queue), another function (the tool server), or EventBridge Scheduler.
 */
export type LocalInvoker =
  | { kind: 'api-gateway' }
  | { kind: 'state-machine'; workflow: string }
  | { kind: 'queue'; queue: string }
  | { kind: 'function' }
  | { kind: 'scheduler'; schedule: string };

/** One local invocation: the handler module (which names the function) and who invoked it. */
export interface LocalInvocation {
  module: string;
  functionName: string;
  invoker: LocalInvoker | undefined;
}

const invocations = new AsyncLocalStorage<LocalInvocation>();
let invocationObserver:
  | ((invocation: LocalInvocation, caller: LocalInvocation | undefined) => void)
  | undefined;

/** The invocation the calling code runs in, if any (the IAM recording test attributes by it). */
export function currentInvocation(): LocalInvocation | undefined {
  return invocations.getStore();
}

/** Tells `observer` of every invocation as it starts; `undefined` stops telling. */
export function observeInvocations(
  observer:
    | ((invocation: LocalInvocation, caller: LocalInvocation | undefined) => void)
    | undefined,
): void {
  invocationObserver = observer;
}
const modules = new Map<string, Promise<LambdaHandler>>();

/** Loads the `handler` export of a module named relative to the repository root, once. */
export function loadHandler<E, R>(modulePath: string): Promise<LambdaHandler<E, R>> {
  let loading = modules.get(modulePath);
  if (!loading) {
    loading = import(new URL(modulePath, repositoryRoot).href).then(
      (module: { handler?: LambdaHandler }) => {
        if (typeof module.handler !== 'function') {
          throw new Error(`${modulePath} exports no handler`);
        }
        return module.handler;
      },
    );
    modules.set(modulePath, loading);
  }
  return loading as Promise<LambdaHandler<E, R>>;
}

export function lambdaContext(
  functionName: string,
  requestId: string,
  timeoutMs = 30_000,
): Context {
  const deadline = Date.now() + timeoutMs;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${functionName}`,
    memoryLimitInMB: '1024',
    awsRequestId: requestId,
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

/** Calls a handler module as Lambda would, in its own invocation scope. */
export async function invokeLocal<E, R>(
  modulePath: string,
  event: E,
  options: {
    functionName: string;
    requestId?: string;
    timeoutMs?: number;
    invoker?: LocalInvoker;
  },
): Promise<R> {
  const handler = await loadHandler<E, R>(modulePath);
  const requestId = options.requestId ?? crypto.randomUUID();
  const store = await InvokeStore.getInstanceAsync(true);
  const invocation: LocalInvocation = {
    module: modulePath,
    functionName: options.functionName,
    invoker: options.invoker,
  };
  invocationObserver?.(invocation, invocations.getStore());
  return invocations.run(invocation, () =>
    store.run({ [InvokeStoreBase.PROTECTED_KEYS.REQUEST_ID]: requestId }, () =>
      handler(event, lambdaContext(options.functionName, requestId, options.timeoutMs)),
    ),
  );
}
