/**
 * The batch area's quota rules (docs/decisions.md, batch quotas): a batch larger than the plan's
 * per_batch is refused whole, the daily quota is granted in part, a day with nothing left is a
 * 429 until midnight UTC, and a job that cannot be started leaves nothing behind and gives its
 * units back. In-memory ports; the DynamoDB quota itself is tested in test/adapters/dynamodb.
 */
import { describe, expect, it } from 'vitest';
import type { Account, User } from '#shared/domain/accounts/ports';
import type { KeyPrincipal } from '#shared/domain/accounts/principal';
import type { BatchDeps } from '#shared/domain/batch/operations';
import { createBatch } from '#shared/domain/batch/operations';
import type { BatchStore, DailyQuota, StoredJob, StoredRow } from '#shared/domain/batch/ports';
import { AppError } from '#shared/domain/kernel/errors';
import type { CallerInput } from '#shared/domain/kernel/operation';
import { DEFAULT_PLAN_LIMITS } from '#shared/domain/kernel/plans';
import type { WorkflowStarter } from '#shared/domain/kernel/workflow-port';
import { fixedClock } from '#test/support/clock';
import { recordingLogger } from '#test/support/logger';

const NOW = new Date('2026-11-25T18:00:00Z');
const USER_ID = 'user-1';

function memoryQuota(): DailyQuota & { counts: Map<string, number> } {
  const counts = new Map<string, number>();
  return {
    counts,
    async take(account, day, wanted, limit) {
      const used = counts.get(`${account}#${day}`) ?? 0;
      const granted = Math.max(0, Math.min(wanted, limit - used));
      counts.set(`${account}#${day}`, used + granted);
      return granted;
    },
    async give(account, day, units) {
      counts.set(`${account}#${day}`, (counts.get(`${account}#${day}`) ?? 0) - units);
    },
    async used(account, day) {
      return counts.get(`${account}#${day}`) ?? 0;
    },
  };
}

function memoryStore(): BatchStore & {
  jobs: Map<string, StoredJob>;
  rows: Map<string, StoredRow[]>;
} {
  const jobs = new Map<string, StoredJob>();
  const rows = new Map<string, StoredRow[]>();
  const unused = () => Promise.reject(new Error('not used by createBatch'));
  return {
    jobs,
    rows,
    async createJob(job, jobRows) {
      rows.set(job.id, [...jobRows]);
      jobs.set(job.id, job);
    },
    async deleteJob(jobId) {
      jobs.delete(jobId);
      rows.delete(jobId);
    },
    async getJob(jobId) {
      return jobs.get(jobId);
    },
    async listRows(jobId) {
      return rows.get(jobId) ?? [];
    },
    getRow: unused,
    markJobRunning: unused,
    finishJob: unused,
    markRowRunning: unused,
    finishRow: unused,
    listJobs: unused,
    listOpenJobs: unused,
  };
}

interface Harness {
  deps: BatchDeps;
  quota: ReturnType<typeof memoryQuota>;
  store: ReturnType<typeof memoryStore>;
  started: string[];
}

function harness(options: { account?: Account | null; startFails?: boolean } = {}): Harness {
  const quota = memoryQuota();
  const store = memoryStore();
  const started: string[] = [];
  const user: User = {
    id: USER_ID,
    email: 'owner@example.com',
    created_at: NOW.toISOString(),
    account:
      options.account === undefined ? { plan: 'free', subscription: 'active' } : options.account,
  };
  const workflows: WorkflowStarter = {
    async start(_workflow, executionName) {
      if (options.startFails) throw new Error('StartExecution failed');
      started.push(executionName);
      return { started: true };
    },
  };
  const deps: BatchDeps = {
    store,
    quota,
    users: { findUserById: async (id) => (id === USER_ID ? user : undefined) },
    workflows,
    limits: { ...DEFAULT_PLAN_LIMITS },
    concurrency: 10,
    allowPrivateTargets: false,
    clock: fixedClock(NOW),
    logger: recordingLogger(),
    newId: () => 'job-1',
  };
  return { deps, quota, store, started };
}

const principal: KeyPrincipal = {
  kind: 'key',
  keyId: 'key-1',
  accountId: USER_ID,
  memberId: USER_ID,
  role: 'owner',
  email: 'owner@example.com',
  scopes: new Set(['scans:write']),
  plugin: false,
};

function input(domains: string[]): CallerInput<undefined, undefined, { domains: string[] }> {
  return {
    params: undefined,
    query: undefined,
    body: { domains },
    principal,
    request: {
      id: 'req-1',
      baseUrl: 'https://api.example',
      sourceIp: '203.0.113.9',
      links: {
        scanPage: (id) => `https://api.example/scans/${id}`,
        batchJob: (id) => `https://api.example/api/v1/scans/batch/${id}`,
        docs: () => 'https://api.example/docs',
        billingPage: () => 'https://api.example/dashboard/billing',
      },
    },
  };
}

const domains = (n: number, offset = 0) =>
  Array.from({ length: n }, (_, i) => `site${i + offset}.example.com`);

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}

describe('createBatch quota rules', () => {
  it('queues a batch within the plan and counts it against the day', async () => {
    const { deps, quota, started } = harness();
    const answer = await createBatch(input(domains(3)), deps);
    expect(answer.accepted).toHaveLength(3);
    expect(answer.limits).toEqual({ plan: 'free', per_batch: 10, per_day: 50, used_today: 3 });
    expect(quota.counts.get(`${USER_ID}#2026-11-25`)).toBe(3);
    expect(started).toEqual(['batch-job-1']);
  });

  it('refuses a batch over the plan per_batch whole, with quota_exceeded and no unit taken', async () => {
    const { deps, quota, store } = harness();
    const error = await rejection(createBatch(input(domains(11)), deps));
    expect(error.code).toBe('quota_exceeded');
    expect(quota.counts.size).toBe(0);
    expect(store.jobs.size).toBe(0);
  });

  it('grants the rest of the day in part and names every domain it did not queue', async () => {
    const { deps, quota } = harness();
    quota.counts.set(`${USER_ID}#2026-11-25`, 47);
    const answer = await createBatch(input(domains(5)), deps);
    expect(answer.accepted).toEqual(domains(3));
    expect(answer.rejected.map((entry) => entry.domain)).toEqual(domains(2, 3));
    expect(answer.rejected[0]?.reason).toMatch(/daily limit of 50 domains of the free plan/);
    expect(answer.limits.used_today).toBe(50);
  });

  it('refuses with quota_exceeded, retry after midnight UTC, when nothing is left today', async () => {
    const { deps, quota, store } = harness();
    quota.counts.set(`${USER_ID}#2026-11-25`, 50);
    const error = await rejection(createBatch(input(domains(1)), deps));
    expect(error.code).toBe('quota_exceeded');
    expect(error.retryAfterSeconds).toBe(6 * 3600);
    expect(store.jobs.size).toBe(0);
  });

  it('uses the pro limits for an active pro account and the free ones without a Monitor account', async () => {
    const pro = harness({ account: { plan: 'pro', subscription: 'active' } });
    expect((await createBatch(input(domains(11)), pro.deps)).limits.plan).toBe('pro');
    const none = harness({ account: null });
    expect((await rejection(createBatch(input(domains(11)), none.deps))).code).toBe(
      'quota_exceeded',
    );
  });

  it('refuses an ended subscription with plan_required and takes no unit', async () => {
    const ended = harness({ account: { plan: 'pro', subscription: 'ended' } });
    const error = await rejection(createBatch(input(domains(2)), ended.deps));
    expect(error.code).toBe('plan_required');
    expect(ended.quota.counts.size).toBe(0);
  });

  it('takes no unit when no entry can be scanned', async () => {
    const { deps, quota } = harness();
    const error = await rejection(createBatch(input(['not a domain', 'localhost']), deps));
    expect(error.code).toBe('invalid_request');
    expect(quota.counts.size).toBe(0);
  });

  it('refuses more entries than the largest plan accepts before reading the account', async () => {
    const { deps, quota } = harness();
    const error = await rejection(createBatch(input(domains(101)), deps));
    expect(error.code).toBe('invalid_request');
    expect(quota.counts.size).toBe(0);
  });

  it('removes the job and gives its units back when the workflow cannot start', async () => {
    const { deps, quota, store } = harness({ startFails: true });
    await expect(createBatch(input(domains(4)), deps)).rejects.toThrow('StartExecution failed');
    expect(store.jobs.size).toBe(0);
    expect(store.rows.size).toBe(0);
    expect(quota.counts.get(`${USER_ID}#2026-11-25`)).toBe(0);
  });
});
