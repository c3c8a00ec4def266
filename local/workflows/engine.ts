/**
 * The local Step Functions: aws-local-stepfunctions running the real ASL files, each Task state
 * mapped to the same handler module Lambda runs. Executions live in memory; an execution name is
 * accepted once per engine, like Step Functions refusing a name it has seen, and the local stack
 * resumes unfinished work from the store when it starts again. A child execution
 * (`startExecution.sync:2`, the manifest's `children`) runs in the same engine and its Task state
 * waits for its output, as Step Functions' sync integration does.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { ExecutionAbortedError, StateMachine } from 'aws-local-stepfunctions';
import { invokeLocal } from '#local/lambda-runtime';
import type { Logger } from '#shared/domain/kernel/logger';
import type { WorkflowStarter } from '#shared/domain/kernel/workflow-port';
import {
  WORKFLOWS,
  type WorkflowChild,
  type WorkflowDefinition,
  type WorkflowName,
} from '#shared/surfaces/workflows/manifest';
import {
  LOCAL_STATE_MACHINE_ARN,
  loadDefinition,
  readPath,
  scaleDefinition,
} from './definition.ts';

type JsonValue = Parameters<StateMachine['run']>[0];
type TaskHandlers = Record<string, (input: JsonValue) => Promise<JsonValue>>;

export interface ExecutionSummary {
  workflow: WorkflowName;
  name: string;
  status: 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'ABORTED';
  error?: string;
}

interface Prepared {
  machine: StateMachine;
  handlers: TaskHandlers;
  waitOverrides: Record<string, number>;
}

interface Running {
  summary: ExecutionSummary;
  /** A child's output, until the parent waiting for it has read it; never kept for the rest. */
  output?: JsonValue;
  abort: () => void;
  done: Promise<void>;
}

export interface LocalWorkflowEngine extends WorkflowStarter {
  executions(): ExecutionSummary[];
  /** Resolves when the named execution has ended (whatever its outcome). */
  waitFor(name: string): Promise<ExecutionSummary>;
  /** Aborts every running execution; the store keeps what they wrote. */
  close(): Promise<void>;
}

function prepare(workflow: WorkflowDefinition, timeScale: number): Prepared {
  const original = loadDefinition(workflow);
  // Validate the file as written (ARNs, paths); the scaled copy is derived from it.
  new StateMachine(original as never, { validationOptions: { checkArn: true, checkPaths: true } });
  const scaled = scaleDefinition(original, timeScale, workflow.realTimeWaits ?? []);
  const handlers: TaskHandlers = {};
  for (const task of workflow.tasks) {
    handlers[task.state] = (input) =>
      invokeLocal<JsonValue, JsonValue>(task.handler, input, {
        functionName: task.state,
        timeoutMs: task.timeoutSeconds * 1000,
        invoker: { kind: 'state-machine', workflow: workflow.name },
      });
  }
  for (const [state, wait] of Object.entries(scaled.pathWaits)) {
    handlers[state] = async (input) => {
      const seconds = Number(readPath(input, wait.path));
      if (!Number.isFinite(seconds) || seconds < 0) {
        throw Object.assign(new Error(`${wait.path} is not a number of seconds`), {
          name: 'States.Runtime',
        });
      }
      await sleep(seconds * 1000 * wait.scale);
      return input;
    };
  }
  const machine = new StateMachine(scaled.definition as never, {
    validationOptions: { noValidate: true },
  });
  return { machine, handlers, waitOverrides: scaled.waitOverrides };
}

let childObserver: ((parent: string, child: string) => void) | undefined;
/** A state transition as the engine logs it: the state's name and when it happened (epoch ms). */
export interface TransitionEvent {
  type: 'StateEntered' | 'StateRetried';
  state: string;
  timestamp: number;
  /** The execution's name (a run's is `monitor-<run id>`). */
  execution: string;
}

type TransitionObserver = (workflow: WorkflowName, event: TransitionEvent) => void;

let transitionObserver: TransitionObserver | undefined;

/**
 * Tells `observer` of every state transition as Step Functions bills them: each state entered,
 * and each retry of a state (bench/cost-counts.ts counts them, bench/run.ts --trace times them).
 */
export function observeStateTransitions(observer: TransitionObserver | undefined): void {
  transitionObserver = observer;
}

/** Reads an execution's event log for its transitions, only while someone is told of them. */
async function countTransitions(
  workflow: WorkflowName,
  execution: string,
  events: AsyncGenerator<{ type: string; timestamp?: number; state?: { name?: string } }>,
  tell: TransitionObserver,
): Promise<void> {
  for await (const event of events) {
    if (event.type === 'StateEntered' || event.type === 'StateRetried') {
      tell(workflow, {
        type: event.type,
        state: event.state?.name ?? '',
        timestamp: event.timestamp ?? Date.now(),
        execution,
      });
    }
  }
}

/** Tells `observer` of every child execution a workflow starts (the IAM recording test). */
export function observeChildExecutions(
  observer: ((parent: string, child: string) => void) | undefined,
): void {
  childObserver = observer;
}

const NOTHING_TO_ABORT = (): void => undefined;

/**
 * Starts one execution. An aborted execution must not start another task (a retry, the next
 * Map item): the engine does not stop those on its own, and they would run against whatever
 * the process holds by then (after a restart in the same process, the next stack's store).
 */
function startExecution(
  setup: Prepared,
  workflow: WorkflowName,
  name: string,
  input: unknown,
  keepOutput: boolean,
  logger: () => Logger,
): Running {
  const gate = { aborted: false };
  const execution = setup.machine.run(input as JsonValue, {
    overrides: {
      taskResourceLocalHandlers: guardedHandlers(setup.handlers, name, gate),
      waitTimeOverrides: setup.waitOverrides,
    },
    context: executionContext(workflow, name, input),
  });
  if (transitionObserver) {
    void countTransitions(workflow, name, execution.eventLogs, transitionObserver).catch(
      () => undefined,
    );
  }
  const running: Running = {
    summary: { workflow, name, status: 'RUNNING' },
    abort: () => {
      gate.aborted = true;
      execution.abort();
    },
    done: Promise.resolve(),
  };
  running.done = settle(running, execution.result, keepOutput, logger);
  return running;
}

/** The task handlers of one execution, each refusing to start once the execution was aborted. */
function guardedHandlers(
  handlers: TaskHandlers,
  name: string,
  gate: { readonly aborted: boolean },
): TaskHandlers {
  const guarded: TaskHandlers = {};
  for (const [state, handler] of Object.entries(handlers)) {
    guarded[state] = (taskInput) => {
      if (gate.aborted) return Promise.reject(new Error(`execution ${name} was aborted`));
      return handler(taskInput);
    };
  }
  return guarded;
}

/** The context object (`$$.Execution`) an execution on Step Functions would see. */
function executionContext(workflow: WorkflowName, name: string, input: unknown): never {
  return {
    Execution: {
      Id: `arn:aws:states:local:000000000000:execution:${workflow}:${name}`,
      Name: name,
      Input: input as never,
      StartTime: new Date().toISOString(),
      RoleArn: 'arn:aws:iam::000000000000:role/local',
    },
  } as never;
}

/** Records how the execution ended in its summary (and its output, for a child). */
function settle(
  running: Running,
  result: Promise<JsonValue>,
  keepOutput: boolean,
  logger: () => Logger,
): Promise<void> {
  return result
    .then(
      (output) => {
        running.summary.status = 'SUCCEEDED';
        if (keepOutput) running.output = output;
      },
      (error: unknown) => recordFailure(running.summary, error, logger()),
    )
    .finally(() => {
      // A finished execution has nothing to abort. Dropping the closure lets the engine's
      // execution (its event log and history) be collected: the engine keeps every execution's
      // name for as long as the process runs, as Step Functions keeps names unique
      // (docs/decisions.md "Soak memory"). The replacement is a module constant, never a closure
      // made in startExecution: V8 gives every closure made there the same context, which holds
      // `execution`, so a `() => undefined` written there would keep the execution as well.
      running.abort = NOTHING_TO_ABORT;
    });
}

function recordFailure(summary: ExecutionSummary, error: unknown, logger: Logger): void {
  summary.status = error instanceof ExecutionAbortedError ? 'ABORTED' : 'FAILED';
  summary.error = error instanceof Error ? error.message : String(error);
  if (summary.status === 'FAILED') {
    logger.error('workflow execution failed', {
      workflow: summary.workflow,
      execution: summary.name,
      error: error as Error,
    });
  }
}

/** The child's answer, read once by the parent that waited for it: then only the summary stays. */
function takeChildOutput(child: WorkflowChild, name: string, entry: Running): JsonValue {
  try {
    return childOutput(child, name, entry);
  } finally {
    entry.output = undefined;
  }
}

/** What the sync integration answers once a child execution succeeded. */
function childOutput(child: WorkflowChild, name: string, entry: Running): JsonValue {
  if (entry.summary.status !== 'SUCCEEDED') {
    throw Object.assign(new Error(entry.summary.error ?? `child ${name} did not succeed`), {
      name: 'States.TaskFailed',
    });
  }
  return {
    ExecutionArn: `arn:aws:states:local:000000000000:execution:${child.workflow}:${name}`,
    StateMachineArn: `${LOCAL_STATE_MACHINE_ARN}:${child.workflow}`,
    Name: name,
    Status: 'SUCCEEDED',
    Output: entry.output ?? null,
  } as JsonValue;
}

/** `logger` is read when an execution fails (the stack's wiring may have been started again). */
export function createLocalWorkflowEngine(options: {
  timeScale: number;
  logger: () => Logger;
}): LocalWorkflowEngine {
  const prepared = prepareWorkflows(options.timeScale);
  const runs = new Map<string, Running>();

  function run(workflow: WorkflowName, name: string, input: unknown, asChild = false): Running {
    const setup = prepared.get(workflow);
    if (!setup) throw new Error(`Unknown workflow ${workflow}`);
    return startExecution(setup, workflow, name, input, asChild, options.logger);
  }

  /** The sync integration: starts the child, waits for its end, answers with its output. */
  async function runChild(
    parent: WorkflowName,
    child: WorkflowChild,
    input: JsonValue,
  ): Promise<JsonValue> {
    childObserver?.(parent, child.workflow);
    const parameters = input as { Input?: unknown; Name?: string };
    const name = parameters.Name ?? crypto.randomUUID();
    const entry = run(child.workflow as WorkflowName, name, parameters.Input ?? {}, true);
    runs.set(name, entry);
    await entry.done;
    return takeChildOutput(child, name, entry);
  }

  connectChildren(prepared, runChild);
  return {
    async start(workflow, name, input) {
      if (runs.has(name)) return { started: false };
      runs.set(name, run(workflow, name, input));
      return { started: true };
    },
    executions: () => [...runs.values()].map((entry) => ({ ...entry.summary })),
    async waitFor(name) {
      const entry = runs.get(name);
      if (!entry) throw new Error(`No execution ${name}`);
      await entry.done;
      return { ...entry.summary };
    },
    async close() {
      for (const entry of runs.values()) {
        if (entry.summary.status === 'RUNNING') entry.abort();
      }
      await Promise.all([...runs.values()].map((entry) => entry.done));
    },
  };
}

/** Every workflow of the manifest, validated and ready to run, by name. */
function prepareWorkflows(timeScale: number): Map<string, Prepared> {
  const prepared = new Map<string, Prepared>();
  for (const workflow of WORKFLOWS) {
    prepared.set(workflow.name, prepare(workflow, timeScale));
  }
  return prepared;
}

/** Points each child Task state (the manifest's `children`) at `runChild`, in the same engine. */
function connectChildren(
  prepared: ReadonlyMap<string, Prepared>,
  runChild: (parent: WorkflowName, child: WorkflowChild, input: JsonValue) => Promise<JsonValue>,
): void {
  for (const workflow of WORKFLOWS as readonly WorkflowDefinition[]) {
    const setup = prepared.get(workflow.name);
    for (const child of workflow.children ?? []) {
      if (setup) {
        setup.handlers[child.state] = (input) =>
          runChild(workflow.name as WorkflowName, child, input);
      }
    }
  }
}
