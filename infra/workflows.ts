/**
 * What infra needs to know about the workflow task functions and queue consumers, derived from
 * the workflow and queue manifests, so that a new workflow or queue gets its functions, grants
 * and substitutions without touching infra/.
 */
import { QUEUES, type QueueDefinition } from '#shared/surfaces/queues/manifest';
import {
  WORKFLOWS,
  type WorkflowDefinition,
  type WorkflowName,
  type WorkflowTask,
} from '#shared/surfaces/workflows/manifest';
import { constructIdFor } from './routes.ts';

export interface TaskFunctionSpec {
  workflow: WorkflowName;
  task: WorkflowTask;
  /** PascalCase, unique across the stack: workflow + state name. */
  constructId: string;
}

export function taskFunctionSpecs(): TaskFunctionSpec[] {
  return (WORKFLOWS as readonly WorkflowDefinition[]).flatMap((workflow) =>
    workflow.tasks.map((task) => ({
      workflow: workflow.name as WorkflowName,
      task,
      constructId: `${constructIdFor(workflow.name)}${task.state}`,
    })),
  );
}

export function queueSpecs(): readonly QueueDefinition[] {
  return QUEUES;
}

/** Every `${Placeholder}` an ASL text names. */
export function placeholdersOf(asl: string): string[] {
  return [...new Set([...asl.matchAll(/\$\{(\w+)\}/g)].map((match) => match[1] as string))];
}
