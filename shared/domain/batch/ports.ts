/**
 * What the batch area keeps and the ports it keeps it through: a job and its rows (one per
 * accepted domain) in the batch store, and the per-account daily quota of queued domains.
 */
import type { JobStatus, RowStatus } from './schemas.ts';

/** A batch job as stored: `BATCH#<id>` / `JOB`. Its counts are derived from its rows. */
export interface StoredJob {
  id: string;
  owner_id: string;
  status: JobStatus;
  total: number;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  /**
   * What the request did not queue, with why, and the lines that named a domain listed before
   * them: kept so the job's page shows them again after a reload (issue 36 point 7).
   */
  rejected?: { domain: string; reason: string }[];
  duplicates?: { input: string; domain: string }[];
}

/** One accepted domain of a job: `BATCH#<id>` / `ROW#<index>`. */
export interface StoredRow {
  index: number;
  /** The normalised domain, as reported. */
  domain: string;
  /** What the caller wrote (its scheme is honoured when scanning). */
  input: string;
  status: RowStatus;
  score: number | null;
  scan_id: string | null;
  error: string | null;
  finished_at: string | null;
}

/** How a row ended: its scan and score, or the error that stopped it. */
export interface RowOutcome {
  status: 'done' | 'failed';
  score: number | null;
  scan_id: string | null;
  error: string | null;
  finished_at: string;
}

/** Jobs and their rows; every state change is a conditional write that happens once. */
export interface BatchStore {
  /** Writes the rows first, then the job (so a job is never visible without its rows). */
  createJob(job: StoredJob, rows: readonly StoredRow[]): Promise<void>;
  /** Removes a job that could not be started (nothing half-written stays visible). */
  deleteJob(jobId: string): Promise<void>;
  getJob(jobId: string): Promise<StoredJob | undefined>;
  listRows(jobId: string): Promise<StoredRow[]>;
  getRow(jobId: string, index: number): Promise<StoredRow | undefined>;
  /** queued -> running; false when the job is not queued any more. */
  markJobRunning(jobId: string, at: string): Promise<boolean>;
  /** Sets the end state once; false when it was already set. */
  finishJob(jobId: string, status: 'done' | 'failed', at: string): Promise<boolean>;
  /** A row still queued or running -> running. */
  markRowRunning(jobId: string, index: number): Promise<boolean>;
  /** Records a row's outcome once: false when it already had one (a repeated task). */
  finishRow(jobId: string, index: number, outcome: RowOutcome): Promise<boolean>;
  /** An account's jobs, newest first. */
  listJobs(
    ownerId: string,
    limit: number,
    cursor?: string,
  ): Promise<{ jobs: StoredJob[]; cursor: string | null }>;
  /** Jobs without an end state (the local stack resumes them). */
  listOpenJobs(): Promise<StoredJob[]>;
}

/** Atomic per-account, per-day counters of queued domains. */
export interface DailyQuota {
  /** Takes up to `wanted` units of `limit`; resolves with how many were granted (0..wanted). */
  take(account: string, day: string, wanted: number, limit: number): Promise<number>;
  /** Gives units back (the job could not be queued after all). */
  give(account: string, day: string, units: number): Promise<void>;
  used(account: string, day: string): Promise<number>;
}
