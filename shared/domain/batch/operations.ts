/**
 * The batch area's HTTP operations (`create_batch`, `list_batches`, `get_batch` of docs/api.md).
 * The workflow steps that process a job live in `steps.ts`.
 */
import type { Plan, User } from '#shared/domain/accounts/ports';
import type { Clock } from '#shared/domain/kernel/clock';
import { BadRequestError, NotFoundError, RateLimitedError } from '#shared/domain/kernel/errors';
import type { Logger } from '#shared/domain/kernel/logger';
import type { CallerInput } from '#shared/domain/kernel/operation';
import { activePlan, largestBatch, type PlanLimits } from '#shared/domain/kernel/plans';
import { type LimitReporter, secondsUntilNextUtcDay } from '#shared/domain/kernel/rate-limit';
import type { WorkflowStarter } from '#shared/domain/kernel/workflow-port';
import { type Sorted, sortEntries } from './accept.ts';
import type { BatchStore, DailyQuota, StoredJob, StoredRow } from './ports.ts';
import type {
  BatchIdParams,
  BatchStatusResponse,
  CreateBatchBody,
  CreateBatchResponse,
  ListBatchesQuery,
  ListBatchesResponse,
} from './schemas.ts';
import { startJobExecution } from './workflow.ts';

export interface BatchDeps {
  store: BatchStore;
  quota: DailyQuota;
  users: { findUserById(id: string): Promise<User | undefined> };
  workflows: WorkflowStarter;
  limits: Record<Plan, PlanLimits>;
  /** Map concurrency of the batch-scan workflow (BATCH_CONCURRENCY). */
  concurrency: number;
  allowPrivateTargets: boolean;
  logger: Logger;
  clock: Clock;
  newId?: () => string;
}

/**
 * The plan's batch quotas in the RateLimit headers (docs/api.md "Rate limits"): `batch-size`, the
 * domains one batch may hold (a cap per request, so no remaining), and `batch-daily`, the domains
 * queued per UTC day and what is left of them.
 */
function reportBatchLimits(
  report: LimitReporter | undefined,
  limits: PlanLimits,
  now: Date,
  usedToday?: number,
): void {
  if (!report) return;
  report({ policy: 'batch-size', quota: limits.per_batch, unit: 'domains' });
  if (usedToday === undefined) return;
  report({
    policy: 'batch-daily',
    quota: limits.per_day,
    windowSeconds: 86_400,
    remaining: Math.max(0, limits.per_day - usedToday),
    resetSeconds: secondsUntilNextUtcDay(now),
    unit: 'domains',
  });
}

function quotaExceeded(plan: Plan, limits: PlanLimits, now: Date): RateLimitedError {
  return new RateLimitedError(
    'quota_exceeded',
    `The ${plan} plan queues at most ${limits.per_day} domains per UTC day and today's are used. ` +
      'Retry after 00:00 UTC.',
    { retryAfterSeconds: secondsUntilNextUtcDay(now), details: { plan, ...limits } },
  );
}

function batchTooLarge(plan: Plan, limits: PlanLimits, size: number): RateLimitedError {
  return new RateLimitedError(
    'quota_exceeded',
    `The ${plan} plan accepts at most ${limits.per_batch} domains per batch; this one has ` +
      `${size}. Split it into smaller batches.`,
    { details: { plan, ...limits } },
  );
}

export async function createBatch(
  input: CallerInput<undefined, undefined, CreateBatchBody>,
  deps: BatchDeps,
): Promise<CreateBatchResponse> {
  const principal = input.principal;
  const now = deps.clock.now();
  refuseOversizedRequest(input.body.domains.length, deps.limits);
  const plan = activePlan(
    (await deps.users.findUserById(principal.accountId))?.account ?? null,
    now,
  );
  const limits = deps.limits[plan];
  const report = input.request.reportLimit;
  reportBatchLimits(report, limits, now);
  const { accepted, rejected, duplicates } = scannableEntries(
    input.body.domains,
    deps.allowPrivateTargets,
  );
  if (accepted.length > limits.per_batch) throw batchTooLarge(plan, limits, accepted.length);
  const day = now.toISOString().slice(0, 10);
  const granted = await deps.quota.take(principal.accountId, day, accepted.length, limits.per_day);
  if (granted === 0) {
    reportBatchLimits(report, limits, now, limits.per_day);
    throw quotaExceeded(plan, limits, now);
  }
  rejected.push(...overDailyLimit(accepted.slice(granted), plan, limits));
  const queued = accepted.slice(0, granted);
  const job = await queueJob(principal.accountId, queued, now, deps, day, { rejected, duplicates });
  const usedToday = await deps.quota.used(principal.accountId, day);
  reportBatchLimits(report, limits, now, usedToday);
  return {
    job: {
      id: job.id,
      status: job.status,
      total: job.total,
      created_at: job.created_at,
      url: input.request.links.batchJob(job.id),
    },
    accepted: queued.map((entry) => entry.domain),
    rejected,
    limits: {
      plan,
      per_batch: limits.per_batch,
      per_day: limits.per_day,
      used_today: usedToday,
    },
  };
}

/** More entries than any plan accepts is a malformed request, refused before any lookup. */
function refuseOversizedRequest(entries: number, limits: Record<Plan, PlanLimits>): void {
  const maxEntries = largestBatch(limits);
  if (entries > maxEntries) {
    throw new BadRequestError(
      'invalid_request',
      `A batch holds at most ${maxEntries} entries; this one has ${entries}.`,
    );
  }
}

/** Rejected and counted-once entries kept with a job, at most. */
const KEPT_ENTRIES = 1000;

/** The entries sorted into scannable domains and rejected ones; with none scannable, a 400. */
function scannableEntries(domains: readonly string[], allowPrivateTargets: boolean): Sorted {
  const sorted = sortEntries(domains, allowPrivateTargets);
  if (sorted.accepted.length === 0) {
    throw new BadRequestError(
      'invalid_request',
      'No entry of `domains` is a domain that can be scanned; see details.rejected.',
      { details: { rejected: sorted.rejected } },
    );
  }
  return sorted;
}

/** The accepted entries the day's remaining units did not cover, rejected with the reason. */
function overDailyLimit(
  entries: readonly { domain: string }[],
  plan: Plan,
  limits: PlanLimits,
): Sorted['rejected'] {
  const reason = `Not queued: the daily limit of ${limits.per_day} domains of the ${plan} plan is reached. Retry after 00:00 UTC.`;
  return entries.map((entry) => ({ domain: entry.domain, reason }));
}

/**
 * Writes the job and starts its workflow. If either fails, the job is removed and the day's
 * units given back: the caller gets a 503 and nothing half-written stays behind.
 */
async function queueJob(
  ownerId: string,
  entries: readonly { domain: string; input: string }[],
  now: Date,
  deps: BatchDeps,
  day: string,
  sorted: Pick<StoredJob, 'rejected' | 'duplicates'>,
): Promise<StoredJob> {
  const job: StoredJob = {
    id: deps.newId?.() ?? crypto.randomUUID(),
    owner_id: ownerId,
    status: 'queued',
    total: entries.length,
    created_at: now.toISOString(),
    started_at: null,
    finished_at: null,
    // A job's item stays far under DynamoDB's 400 KB: a batch holds at most the plan's entries.
    rejected: (sorted.rejected ?? []).slice(0, KEPT_ENTRIES),
    duplicates: (sorted.duplicates ?? []).slice(0, KEPT_ENTRIES),
  };
  const rows: StoredRow[] = entries.map((entry, index) => ({
    index,
    domain: entry.domain,
    input: entry.input,
    status: 'queued',
    score: null,
    scan_id: null,
    error: null,
    finished_at: null,
  }));
  try {
    await deps.store.createJob(job, rows);
    await startJobExecution(deps.workflows, job.id, deps.concurrency);
    return job;
  } catch (error) {
    await deps.store.deleteJob(job.id).catch(() => undefined);
    await deps.quota.give(ownerId, day, entries.length).catch((giveError: unknown) => {
      deps.logger.error('batch quota not given back', {
        job_id: job.id,
        error: giveError as Error,
      });
    });
    throw error;
  }
}

export async function getBatch(
  input: CallerInput<BatchIdParams>,
  deps: Pick<BatchDeps, 'store'>,
): Promise<BatchStatusResponse> {
  const principal = input.principal;
  const job = await deps.store.getJob(input.params.id);
  // Another account's job reads exactly like a missing one.
  if (!job || job.owner_id !== principal.accountId) {
    throw new NotFoundError(`No batch job with id "${input.params.id}".`);
  }
  return jobView(job, await deps.store.listRows(job.id));
}

/** The account's jobs, newest first, each with its counts (an addition, as the dashboard shows). */
export async function listBatches(
  input: CallerInput<undefined, ListBatchesQuery>,
  deps: Pick<BatchDeps, 'store'>,
): Promise<ListBatchesResponse> {
  const principal = input.principal;
  const page = await deps.store.listJobs(
    principal.accountId,
    input.query.limit,
    input.query.cursor,
  );
  const jobs = await Promise.all(
    page.jobs.map(async (job) => jobView(job, await deps.store.listRows(job.id)).job),
  );
  return { jobs, next_cursor: page.cursor };
}

/** A job with its counts and result rows, as the status route (and the operator CLI) show it. */
export function jobView(job: StoredJob, rows: readonly StoredRow[]): BatchStatusResponse {
  const count = (status: StoredRow['status']) => rows.filter((row) => row.status === status).length;
  return {
    job: {
      id: job.id,
      status: job.status,
      created_at: job.created_at,
      finished_at: job.finished_at,
      counts: {
        total: rows.length,
        queued: count('queued') + count('running'),
        done: count('done'),
        failed: count('failed'),
      },
    },
    results: rows.map((row) => ({
      domain: row.domain,
      status: row.status,
      score: row.score,
      scan_id: row.scan_id,
      error: row.error,
      finished_at: row.finished_at,
    })),
  };
}
