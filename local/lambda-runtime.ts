/**
 * How the local stack runs a Lambda handler module: the same module Lambda would load, called
 * with a Lambda-shaped context inside its own invocation scope. Lambda's managed-instance
 * runtime scopes concurrent invocations with the InvokeStore (AsyncLocalStorage); doing the same
 * here keeps per-invocation state such as the logger's request id apart when one local process
 * serves many requests at once. Each invocation also gets an X-Ray trace header in its scope, as
 * Lambda gives one to every traced invocation, so every log line carries a trace id locally too
 * (an invocation made from inside another, a tool call, continues its caller's trace).
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
  /** The X-Ray trace id (`1-<time>-<random>`) this invocation's log lines carry. */
  traceRoot?: string;
}

const invocations = new AsyncLocalStorage<LocalInvocation>();

/**
 * Told of an invocation as it starts; what it returns, if a function, is told the invocation's
 * duration in milliseconds when it ends (bench/cost-counts.ts measures them).
 */
export type InvocationObserver = (
  invocation: LocalInvocation,
  caller: LocalInvocation | undefined,
) => undefined | ((durationMs: number) => void);

let invocationObserver: InvocationObserver | undefined;

/** The invocation the calling code runs in, if any (the IAM recording test attributes by it). */
export function currentInvocation(): LocalInvocation | undefined {
  return invocations.getStore();
}

/** Tells `observer` of every invocation as it starts (and ends); `undefined` stops telling. */
export function observeInvocations(observer: InvocationObserver | undefined): void {
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

/** A new X-Ray trace id: version 1, the epoch seconds and 96 random bits, in hex. */
function newTraceRoot(now = Date.now()): string {
  const seconds = Math.floor(now / 1000)
    .toString(16)
    .padStart(8, '0');
  return `1-${seconds}-${randomHex(12)}`;
}

function randomHex(bytes: number): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(bytes))).toString('hex');
}

/** The trace header Lambda puts in an invocation's scope; local traces are never sampled. */
function traceHeader(root: string): string {
  return `Root=${root};Parent=${randomHex(8)};Sampled=0`;
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
  const caller = invocations.getStore();
  const traceRoot = caller?.traceRoot ?? newTraceRoot();
  const invocation: LocalInvocation = {
    module: modulePath,
    functionName: options.functionName,
    invoker: options.invoker,
    traceRoot,
  };
  const ended = invocationObserver?.(invocation, caller);
  const started = performance.now();
  const scope = {
    [InvokeStoreBase.PROTECTED_KEYS.REQUEST_ID]: requestId,
    [InvokeStoreBase.PROTECTED_KEYS.X_RAY_TRACE_ID]: traceHeader(traceRoot),
  };
  try {
    return await invocations.run(invocation, () =>
      store.run(scope, () =>
        handler(event, lambdaContext(options.functionName, requestId, options.timeoutMs)),
      ),
    );
  } finally {
    ended?.(performance.now() - started);
  }
}
