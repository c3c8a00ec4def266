/**
 * How a batch job runs on Step Functions (docs/decisions.md, issue 18 "Batches at agency scale").
 * The job's execution (state-machines/batch-scan.asl.json) carries only the job id and the
 * concurrency, never the rows: StartExecution input and every state's payload are capped at
 * 256 KiB, and 10,000 rows are about 1 MB. Its first step plans the rows in chunks of
 * BATCH_CHUNK_SIZE; each chunk runs as a child execution (batch-scan-chunk.asl.json, through
 * `states:startExecution.sync:2`) whose Map holds only row indexes; the scan step reads its row
 * from the store. A child's history stays under the 25,000-event cap of one execution: a row
 * costs about 7 events when it scans at once and at most about 42 when every retry and the
 * failure step run (12 task attempts of 3 events, Map iteration and state events), so 500 rows
 * stay below 21,000 even in the worst case; the job's own history grows by about 10 events per
 * chunk (20 chunks for 10,000 domains).
 */
import { executionNameFor, type WorkflowStarter } from '#shared/domain/kernel/workflow-port';

export const BATCH_CHUNK_SIZE = 500;

/** The input of the batch-scan state machine. */
export interface BatchExecutionInput {
  job_id: string;
  concurrency: number;
}

/** One chunk: the rows `from`..`to` (inclusive), as States.ArrayRange takes them. */
export interface BatchChunk {
  from: number;
  to: number;
}

/** The chunks of a job of `total` rows, in order; none for an empty job. */
export function planChunks(total: number, size: number = BATCH_CHUNK_SIZE): BatchChunk[] {
  const chunks: BatchChunk[] = [];
  for (let from = 0; from < total; from += size) {
    chunks.push({ from, to: Math.min(from + size, total) - 1 });
  }
  return chunks;
}

/**
 * Starts (or, after a local restart, resumes) the execution of a job. The execution is named
 * after the job, so a job can never run twice at once; rows already finished are skipped by the
 * scan step.
 */
export async function startJobExecution(
  workflows: WorkflowStarter,
  jobId: string,
  concurrency: number,
): Promise<{ started: boolean }> {
  const input: BatchExecutionInput = { job_id: jobId, concurrency };
  return workflows.start('batch-scan', executionNameFor('batch', jobId), input);
}
