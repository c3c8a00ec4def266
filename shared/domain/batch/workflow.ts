/** The input of the batch-scan state machine (state-machines/batch-scan.asl.json). */
import { executionNameFor, type WorkflowStarter } from '#shared/domain/kernel/workflow-port';
import type { StoredRow } from './ports.ts';

export interface BatchExecutionInput {
  job_id: string;
  concurrency: number;
  rows: { index: number; domain: string; input: string }[];
}

/**
 * Starts (or, after a local restart, resumes) the execution of a job. The execution is named
 * after the job, so a job can never run twice at once; rows already finished are skipped by the
 * scan step.
 */
export async function startJobExecution(
  workflows: WorkflowStarter,
  jobId: string,
  rows: readonly StoredRow[],
  concurrency: number,
): Promise<{ started: boolean }> {
  const input: BatchExecutionInput = {
    job_id: jobId,
    concurrency,
    rows: rows.map(({ index, domain, input: entry }) => ({ index, domain, input: entry })),
  };
  return workflows.start('batch-scan', executionNameFor('batch', jobId), input);
}
