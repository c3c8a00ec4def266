/**
 * How the local stack runs a Lambda handler module: the same module Lambda would load, called
 * with a Lambda-shaped context inside its own invocation scope. Lambda's managed-instance
 * runtime scopes concurrent invocations with the InvokeStore (AsyncLocalStorage); doing the same
 * here keeps per-invocation state such as the logger's request id apart when one local process
 * serves many requests at once.
 */
import { InvokeStore, InvokeStoreBase } from '@aws/lambda-invoke-store';
import type { Context } from 'aws-lambda';

export type LambdaHandler<E = unknown, R = unknown> = (event: E, context: Context) => Promise<R>;

const repositoryRoot = new URL('../', import.meta.url);
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

/** Lets Powertools scope its state per invocation, as on a multi-concurrency Lambda. */
export function enableConcurrentInvocations(): void {
  process.env.AWS_LAMBDA_MAX_CONCURRENCY ??= '64';
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
  options: { functionName: string; requestId?: string; timeoutMs?: number },
): Promise<R> {
  const handler = await loadHandler<E, R>(modulePath);
  const requestId = options.requestId ?? crypto.randomUUID();
  const store = await InvokeStore.getInstanceAsync(true);
  return store.run({ [InvokeStoreBase.PROTECTED_KEYS.REQUEST_ID]: requestId }, () =>
    handler(event, lambdaContext(options.functionName, requestId, options.timeoutMs)),
  );
}
