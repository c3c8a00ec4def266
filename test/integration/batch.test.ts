import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BatchStatusResponseSchema, CreateBatchResponseSchema } from '#shared/domain/batch/schemas';
import { ScanResponseSchema } from '#shared/domain/scans/schemas';
import { startFixtureSite } from '#test/fixtures/sites/server';
import { createBatch, waitForJob } from '#test/support/batch';
import { callJson, startTestStack, type TestStack } from '#test/support/stack';

type FixtureSite = Awaited<ReturnType<typeof startFixtureSite>>;

let stack: TestStack;
let good: FixtureSite;
let poor: FixtureSite;
let key: string;

beforeAll(async () => {
  stack = await startTestStack({
    ALLOW_PRIVATE_TARGETS: '1',
    WORKFLOW_TIME_SCALE: '0.01',
    BATCH_CONCURRENCY: '3',
    PLAN_LIMITS: JSON.stringify({ free: { per_batch: 3, per_day: 4 }, pro: { per_batch: 20 } }),
  });
  [good, poor] = await Promise.all([startFixtureSite('good'), startFixtureSite('poor')]);
  key = await stack.createKey(['scans:read', 'scans:write']);
});

afterAll(async () => {
  await Promise.all([good?.close(), poor?.close()]);
  await stack?.close();
});

describe('a batch of good, poor, unreachable and invalid domains', () => {
  let created: ReturnType<typeof CreateBatchResponseSchema.parse>;
  let finished: ReturnType<typeof BatchStatusResponseSchema.parse>;
  const unreachable = 'localhost:1';

  beforeAll(async () => {
    const response = await createBatch(stack.baseUrl, key, [
      good.host,
      `http://${poor.host}/some/page`,
      unreachable,
      'not a domain',
      'ftp://files.example.com',
      good.host.toUpperCase(),
    ]);
    expect(response.status, JSON.stringify(response.body)).toBe(202);
    created = CreateBatchResponseSchema.parse(response.body);
    finished = BatchStatusResponseSchema.parse(
      await waitForJob(stack.baseUrl, key, created.job.id),
    );
  });

  it('accepts the domains, collapses duplicates and rejects what is not a domain with a reason', () => {
    expect(created.accepted).toEqual([good.host, poor.host, unreachable]);
    expect(created.rejected.map((entry) => entry.domain)).toEqual([
      'not a domain',
      'ftp://files.example.com',
    ]);
    for (const entry of created.rejected) expect(entry.reason.length).toBeGreaterThan(10);
    expect(created.job).toMatchObject({ status: 'queued', total: 3 });
    expect(created.job.url).toBe(`${stack.baseUrl}/api/v1/scans/batch/${created.job.id}`);
    expect(created.limits).toMatchObject({ plan: 'pro', per_batch: 20 });
  });

  it('ends done with one result row per accepted domain and counts that add up', () => {
    expect(finished.job.status).toBe('done');
    expect(finished.job.finished_at).not.toBeNull();
    expect(finished.results.map((row) => row.domain)).toEqual(created.accepted);
    const { counts } = finished.job;
    expect(counts).toEqual({ total: 3, queued: 0, done: 2, failed: 1 });
  });

  it('records the unreachable domain as failed with its reason', () => {
    const failed = finished.results.find((row) => row.domain === unreachable);
    expect(failed).toMatchObject({ status: 'failed', score: null, scan_id: null });
    expect(failed?.error).toMatch(/connect|refused|reach/i);
  });

  it('makes every scan a normal scan, readable and scored like a single scan', async () => {
    for (const row of finished.results.filter((result) => result.status === 'done')) {
      const response = await callJson(stack.baseUrl, `/api/v1/scans/${row.scan_id}`);
      expect(response.status).toBe(200);
      const { scan } = ScanResponseSchema.parse(response.body);
      expect(scan.domain).toBe(row.domain);
      expect(scan.score).toBe(row.score);
    }
    const goodRow = finished.results.find((row) => row.domain === good.host);
    const poorRow = finished.results.find((row) => row.domain === poor.host);
    expect(goodRow?.score ?? 0).toBeGreaterThan(poorRow?.score ?? 100);
  });

  it('counts batch scans in /stats', async () => {
    const response = await callJson(stack.baseUrl, '/api/v1/stats');
    expect((response.body.stats as { scans: number }).scans).toBeGreaterThanOrEqual(2);
  });
});

describe('batch errors', () => {
  it('answers 400 invalid_request for a body without a usable domains array', async () => {
    for (const body of [
      undefined,
      {},
      { domains: 'example.com' },
      { domains: [] },
      { domains: [1, 2] },
    ]) {
      const response = await callJson(stack.baseUrl, '/api/v1/scans/batch', {
        method: 'POST',
        key,
        ...(body === undefined ? {} : { body }),
      });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error?.code).toBe('invalid_request');
    }
  });

  it('answers 400 invalid_request for more entries than any plan allows, and for only invalid entries', async () => {
    const tooMany = Array.from({ length: 21 }, (_, index) => `site${index}.example.com`);
    const response = await createBatch(stack.baseUrl, key, tooMany);
    expect(response.status).toBe(400);
    expect(response.body.error?.code).toBe('invalid_request');
    const invalidOnly = await createBatch(stack.baseUrl, key, ['not a domain']);
    expect(invalidOnly.status).toBe(400);
    expect(invalidOnly.body.error?.code).toBe('invalid_request');
  });

  it('answers 401 unauthorized without a key and 403 insufficient_scope without scans:write', async () => {
    const anonymous = await callJson(stack.baseUrl, '/api/v1/scans/batch', {
      method: 'POST',
      body: { domains: ['example.com'] },
    });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error?.code).toBe('unauthorized');
    const readOnly = await stack.createKey(['scans:read']);
    const forbidden = await createBatch(stack.baseUrl, readOnly, ['example.com']);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.error?.code).toBe('insufficient_scope');
    const writeOnly = await stack.createKey(['scans:write']);
    const cannotRead = await callJson(stack.baseUrl, `/api/v1/scans/batch/${crypto.randomUUID()}`, {
      key: writeOnly,
    });
    expect(cannotRead.status).toBe(403);
    expect(cannotRead.body.error?.code).toBe('insufficient_scope');
  });

  it('answers 402 plan_required once the subscription ended, and keeps existing jobs readable', async () => {
    const email = `ended-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const ended = await stack.createKey(['scans:read', 'scans:write'], { email });
    const before = await createBatch(stack.baseUrl, ended, ['localhost:2']);
    expect(before.status).toBe(202);
    const jobId = (before.body.job as { id: string }).id;
    await stack.operator.setAccount({ email, plan: 'pro', subscription: 'ended' });
    const after = await createBatch(stack.baseUrl, ended, ['localhost:3']);
    expect(after.status).toBe(402);
    expect(after.body.error?.code).toBe('plan_required');
    const readable = await callJson(stack.baseUrl, `/api/v1/scans/batch/${jobId}`, { key: ended });
    expect(readable.status).toBe(200);
  });

  it("reads another account's job, and an unknown one, as 404 not_found", async () => {
    const mine = await createBatch(stack.baseUrl, key, ['localhost:4']);
    const other = await stack.createKey(['scans:read', 'scans:write']);
    const foreign = await callJson(
      stack.baseUrl,
      `/api/v1/scans/batch/${(mine.body.job as { id: string }).id}`,
      {
        key: other,
      },
    );
    expect(foreign.status).toBe(404);
    expect(foreign.body.error?.code).toBe('not_found');
    const unknown = await callJson(stack.baseUrl, `/api/v1/scans/batch/${crypto.randomUUID()}`, {
      key,
    });
    expect(unknown.status).toBe(404);
  });

  it('answers 429 quota_exceeded for a batch larger than the plan allows, spending nothing', async () => {
    const email = `free-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const free = await stack.createKey(['scans:read', 'scans:write'], { email });
    await stack.operator.setAccount({ email, plan: 'free' });
    const response = await createBatch(stack.baseUrl, free, [
      'localhost:5',
      'localhost:6',
      'localhost:7',
      'localhost:8',
    ]);
    expect(response.status).toBe(429);
    expect(response.body.error?.code).toBe('quota_exceeded');
    // Nothing was spent: the whole day's allowance (4) is still there.
    const next = await createBatch(stack.baseUrl, free, [
      'localhost:5',
      'localhost:6',
      'localhost:7',
    ]);
    expect(next.status).toBe(202);
    expect(next.body.limits).toMatchObject({
      plan: 'free',
      per_batch: 3,
      per_day: 4,
      used_today: 3,
    });
  });

  it('queues what fits in the day, rejects the rest with the reason, then answers 429 with Retry-After', async () => {
    const email = `day-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const free = await stack.createKey(['scans:read', 'scans:write'], { email });
    await stack.operator.setAccount({ email, plan: 'free' });
    expect((await createBatch(stack.baseUrl, free, ['localhost:9', 'localhost:10'])).status).toBe(
      202,
    );
    const partial = await createBatch(stack.baseUrl, free, [
      'localhost:11',
      'localhost:12',
      'bad domain!',
    ]);
    expect(partial.status).toBe(202);
    expect(partial.body.accepted).toEqual(['localhost:11', 'localhost:12']);
    const third = await createBatch(stack.baseUrl, free, ['localhost:13']);
    expect(third.status).toBe(429);
    expect(third.body.error?.code).toBe('quota_exceeded');
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('the daily quota under concurrency', () => {
  it('lets 50 simultaneous requests accept exactly per_day domains together', async () => {
    const email = `burst-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const burst = await stack.createKey(['scans:read', 'scans:write'], { email });
    // 50 requests x 3 domains = 150 wanted against the free plan's per_day of 4 (PLAN_LIMITS).
    await stack.operator.setAccount({ email, plan: 'free' });
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        createBatch(stack.baseUrl, burst, [
          `localhost:${100 + index}`,
          `localhost:${200 + index}`,
          `localhost:${300 + index}`,
        ]),
      ),
    );
    const accepted = responses
      .filter((response) => response.status === 202)
      .reduce((sum, response) => sum + (response.body.accepted as string[]).length, 0);
    expect(accepted).toBe(4);
    for (const response of responses.filter((r) => r.status !== 202)) {
      expect(response.status).toBe(429);
      expect(response.body.error?.code).toBe('quota_exceeded');
    }
  });
});
