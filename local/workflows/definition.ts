/**
 * Loads an ASL file for the local engine exactly as CDK does (the same file, `${Placeholders}`
 * filled with function ARNs), then derives the in-memory copy the engine runs with every wait and
 * retry interval scaled by WORKFLOW_TIME_SCALE. The file itself is never edited.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { WorkflowDefinition } from '#shared/surfaces/workflows/manifest';

type Json = Record<string, unknown>;

export const LOCAL_ACCOUNT_ARN = 'arn:aws:lambda:us-east-1:000000000000:function';
export const LOCAL_STATE_MACHINE_ARN = 'arn:aws:states:us-east-1:000000000000:stateMachine';

const repositoryRoot = join(import.meta.dirname, '..', '..');

export function loadDefinition(workflow: WorkflowDefinition): Json {
  let text = readFileSync(join(repositoryRoot, workflow.file), 'utf8');
  for (const task of workflow.tasks) {
    text = text.replaceAll(`\${${task.placeholder}}`, `${LOCAL_ACCOUNT_ARN}:${task.state}`);
  }
  for (const child of workflow.children ?? []) {
    text = text.replaceAll(
      `\${${child.placeholder}}`,
      `${LOCAL_STATE_MACHINE_ARN}:${child.workflow}`,
    );
  }
  const left = /\$\{(\w+)\}/.exec(text);
  if (left) throw new Error(`${workflow.file}: no task in the manifest fills \${${left[1]}}`);
  return JSON.parse(text) as Json;
}

/**
 * The timeout of a Wait turned into a sleeping Task: longer than any wait a workflow asks for,
 * shorter than the longest timer Node.js keeps (2^31 - 1 ms, about 24.8 days).
 */
const WAIT_TASK_TIMEOUT_SECONDS = 20 * 86_400;

export interface ScaledDefinition {
  definition: Json;
  /** Wait states with a fixed `Seconds`, in scaled milliseconds (the engine's override). */
  waitOverrides: Record<string, number>;
  /**
   * Wait states reading their duration from the input, turned into sleeping Task states: the
   * path, and the scale their seconds sleep at (1 for the manifest's `realTimeWaits`).
   */
  pathWaits: Record<string, { path: string; scale: number }>;
}

/**
 * Scales every duration of the definition by `scale`: Retry `IntervalSeconds` and
 * `MaxDelaySeconds` in place (backoff and jitter still apply), Wait `Seconds` through the
 * engine's wait override, and Wait `SecondsPath` (which the engine only accepts as a whole number
 * of seconds) as a Task state whose local handler sleeps for the scaled time. The Wait states in
 * `realTime` are not scaled: they wait for something that follows the real clock (a provider's
 * quota), so waking them early would only send them back to wait again.
 */
export function scaleDefinition(
  definition: Json,
  scale: number,
  realTime: readonly string[] = [],
): ScaledDefinition {
  const copy = structuredClone(definition);
  const result: ScaledDefinition = { definition: copy, waitOverrides: {}, pathWaits: {} };
  scaleStates(copy, scale, result, new Set(realTime));
  return result;
}

function scaleStates(
  machine: Json,
  scale: number,
  result: ScaledDefinition,
  realTime: ReadonlySet<string>,
): void {
  const states = (machine.States ?? {}) as Record<string, Json>;
  for (const [name, state] of Object.entries(states)) {
    for (const retrier of (state.Retry ?? []) as Json[]) {
      if (typeof retrier.IntervalSeconds === 'number') retrier.IntervalSeconds *= scale;
      else retrier.IntervalSeconds = scale;
      if (typeof retrier.MaxDelaySeconds === 'number') retrier.MaxDelaySeconds *= scale;
    }
    if (state.Type === 'Wait' && typeof state.Seconds === 'number') {
      result.waitOverrides[name] = state.Seconds * 1000 * scale;
    }
    if (state.Type === 'Wait' && typeof state.SecondsPath === 'string') {
      result.pathWaits[name] = { path: state.SecondsPath, scale: realTime.has(name) ? 1 : scale };
      state.Type = 'Task';
      state.Resource = `${LOCAL_ACCOUNT_ARN}:${name}`;
      // A Wait has no timeout; a Task has 60 s unless told otherwise (twenty days here).
      state.TimeoutSeconds = WAIT_TASK_TIMEOUT_SECONDS;
      delete state.SecondsPath;
    }
    const processor = (state.ItemProcessor ?? state.Iterator) as Json | undefined;
    if (processor) scaleStates(processor, scale, result, realTime);
    for (const branch of (state.Branches ?? []) as Json[]) {
      scaleStates(branch, scale, result, realTime);
    }
  }
}

/** Reads a simple JSONPath (`$.a.b`) from a state's input. */
export function readPath(input: unknown, path: string): unknown {
  if (path === '$') return input;
  if (!path.startsWith('$.')) throw new Error(`Unsupported path ${path}`);
  let value: unknown = input;
  for (const part of path.slice(2).split('.')) {
    value = typeof value === 'object' && value !== null ? (value as Json)[part] : undefined;
  }
  return value;
}
