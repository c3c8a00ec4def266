/** The workflow starter port: how domain code starts a workflow execution. */
/** The workflows of the workflow manifest (shared/surfaces/workflows/manifest.ts checks its names against this list). */
export const WORKFLOW_NAMES = [
  'batch-scan-chunk',
  'batch-scan',
  'webhook-delivery',
  'monitor-run',
  'monitor-monthly',
  'account-job',
] as const;
export type WorkflowName = (typeof WORKFLOW_NAMES)[number];

/**
 * Starts a workflow execution: Step Functions `StartExecution` on AWS, the in-process engine
 * locally. The execution name is derived from the job it runs, so a second start of the same
 * job is refused by the engine itself (`started: false`), never run twice.
 */
export interface WorkflowStarter {
  start(
    workflow: WorkflowName,
    executionName: string,
    input: unknown,
  ): Promise<{ started: boolean }>;
}

/** Execution names allow 1-80 characters of [A-Za-z0-9_-]. */
export function executionNameFor(prefix: string, id: string): string {
  return `${prefix}-${id}`.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 80);
}
