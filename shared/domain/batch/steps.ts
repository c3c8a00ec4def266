/**
 * The steps of the batch-scan workflow, one operation per Task state. Every step is idempotent:
 * a retried or resumed task finds what an earlier run recorded and does not record it again.
 */
import { z } from 'zod';
import { type Clock, nowIso } from '#shared/domain/kernel/clock';
import { BadRequestError, OperationFailedError } from '#shared/domain/kernel/errors';
import { scanIdForRow } from '#shared/domain/kernel/ids';
import type { Logger } from '#shared/domain/kernel/logger';
import type { Metrics } from '#shared/domain/kernel/metrics';
import type { WorkflowStarter } from '#shared/domain/kernel/workflow-port';
import type { ScanService } from '#shared/domain/scans/service';
import type { BatchStore } from './ports.ts';
import { type BatchChunk, planChunks, startJobExecution } from './workflow.ts';

export interface BatchStepDeps {
  store: BatchStore;
  scanner: ScanService;
  logger: Logger;
  clock: Clock;
  /** Rows per child execution (workflow.ts); BATCH_CHUNK_SIZE unless a test makes it smaller. */
  chunkSize?: number;
  /** Counts `BatchJobCompleted` (docs/runbook.md); unset, nothing is counted. */
  metrics?: Metrics;
}

export const JobStepInputSchema = z.object({ job_id: z.uuid() });

/** A row of a job: the chunk's Map carries indexes only, the row itself is read from the store. */
export const DomainStepInputSchema = z.object({
  job_id: z.uuid(),
  index: z.number().int().min(0),
});

export const FailureStepInputSchema = DomainStepInputSchema.extend({
  failure: z.object({ Error: z.string().optional(), Cause: z.string().optional() }).optional(),
});

export const FinalizeStepInputSchema = z.object({
  job_id: z.uuid(),
  failure: z.object({ Error: z.string().optional(), Cause: z.string().optional() }).optional(),
});

/** queued -> running, and the job's chunks (workflow.ts), each run as a child execution. */
export async function startJob(
  input: z.infer<typeof JobStepInputSchema>,
  deps: Pick<BatchStepDeps, 'store' | 'clock' | 'chunkSize'>,
): Promise<{ job_id: string; chunks: BatchChunk[] }> {
  const job = await deps.store.getJob(input.job_id);
  if (!job) throw new Error(`job ${input.job_id} does not exist`);
  await deps.store.markJobRunning(input.job_id, nowIso(deps.clock));
  return { job_id: input.job_id, chunks: planChunks(job.total, deps.chunkSize) };
}

/**
 * Scans one accepted domain with the same service as `POST /api/v1/scans`. A domain that cannot
 * be scanned (unreachable, refused, not a site) is the domain's outcome, recorded as `failed` with
 * its reason; anything else is thrown for the state machine to retry.
 */
export async function scanJobDomain(
  input: z.infer<typeof DomainStepInputSchema>,
  deps: BatchStepDeps,
): Promise<{ index: number; status: string }> {
  const job = await deps.store.getJob(input.job_id);
  const row = await deps.store.getRow(input.job_id, input.index);
  if (!job || !row) throw new Error(`job ${input.job_id} row ${input.index} does not exist`);
  if (row.status === 'done' || row.status === 'failed') {
    return { index: input.index, status: row.status };
  }
  await deps.store.markRowRunning(input.job_id, input.index);
  try {
    const scan = await deps.scanner.scan({
      domain: row.input,
      ownerId: job.owner_id,
      sourceIp: 'batch',
      id: scanIdForRow(input.job_id, input.index),
    });
    await deps.store.finishRow(input.job_id, input.index, {
      status: 'done',
      score: scan.score,
      scan_id: scan.id,
      error: null,
      finished_at: nowIso(deps.clock),
    });
    return { index: input.index, status: 'done' };
  } catch (error) {
    if (!(error instanceof BadRequestError || error instanceof OperationFailedError)) throw error;
    await deps.store.finishRow(input.job_id, input.index, {
      status: 'failed',
      score: null,
      scan_id: null,
      error: error.message,
      finished_at: nowIso(deps.clock),
    });
    return { index: input.index, status: 'failed' };
  }
}

/** After the retries ran out: the domain is failed with a reason, the job goes on. */
export async function recordDomainFailure(
  input: z.infer<typeof FailureStepInputSchema>,
  deps: Pick<BatchStepDeps, 'store' | 'logger' | 'clock'>,
): Promise<{ index: number; status: string }> {
  deps.logger.warn('batch domain failed after retries', {
    job_id: input.job_id,
    index: input.index,
    error: input.failure?.Error,
  });
  await deps.store.finishRow(input.job_id, input.index, {
    status: 'failed',
    score: null,
    scan_id: null,
    error:
      'The scan could not be completed: the scanner failed repeatedly. Try this domain again later.',
    finished_at: nowIso(deps.clock),
  });
  return { index: input.index, status: 'failed' };
}

/**
 * The job's end state: `done` when the Map finished (each domain done or failed), `failed` when
 * the workflow itself stopped; a domain left unfinished is failed with a reason, so the counts
 * always add up to the total.
 */
export async function finalizeJob(
  input: z.infer<typeof FinalizeStepInputSchema>,
  deps: Pick<BatchStepDeps, 'store' | 'clock' | 'metrics'>,
): Promise<{ job_id: string; status: 'done' | 'failed' }> {
  const at = nowIso(deps.clock);
  for (const row of await deps.store.listRows(input.job_id)) {
    if (row.status === 'done' || row.status === 'failed') continue;
    await deps.store.finishRow(input.job_id, row.index, {
      status: 'failed',
      score: null,
      scan_id: null,
      error: 'The job stopped before this domain was scanned.',
      finished_at: at,
    });
  }
  const status = input.failure ? 'failed' : 'done';
  const finished = await deps.store.finishJob(input.job_id, status, at);
  if (finished && status === 'done') deps.metrics?.count('BatchJobCompleted');
  return { job_id: input.job_id, status };
}

/**
 * Starts again every job without an end state (the local stack, after a restart: its engine
 * keeps executions in memory). On AWS, standard workflows survive on their own.
 */
export async function resumeOpenJobs(deps: {
  store: BatchStore;
  workflows: WorkflowStarter;
  concurrency: number;
}): Promise<string[]> {
  const resumed: string[] = [];
  for (const job of await deps.store.listOpenJobs()) {
    const { started } = await startJobExecution(deps.workflows, job.id, deps.concurrency);
    if (started) resumed.push(job.id);
  }
  return resumed;
}
