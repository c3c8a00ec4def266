import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ListBatchesResponseSchema } from '#shared/domain/batch/schemas';
import { ListScansResponseSchema } from '#shared/domain/scans/schemas';
import { startFixtureSite } from '#test/fixtures/sites/server';
import { createBatch, waitForJob } from '#test/support/batch';
import { callJson, startTestStack, type TestStack } from '#test/support/stack';

/** What the dashboard lists, the API lists too: an account's scans and batch jobs. */
let stack: TestStack;
let site: Awaited<ReturnType<typeof startFixtureSite>>;
let key: string;
let other: string;

beforeAll(async () => {
  stack = await startTestStack({ ALLOW_PRIVATE_TARGETS: '1', WORKFLOW_TIME_SCALE: '0.01' });
  site = await startFixtureSite('good');
  key = await stack.createKey(['scans:read', 'scans:write']);
  other = await stack.createKey(['scans:read', 'scans:write']);
});
afterAll(async () => {
  await site?.close();
  await stack?.close();
});

describe('GET /api/v1/scans', () => {
  it("lists the account's own scans, newest first, page by page, and nobody else's", async () => {
    const made: string[] = [];
    for (let index = 0; index < 3; index += 1) {
      const response = await callJson(stack.baseUrl, '/api/v1/scans', {
        method: 'POST',
        key,
        body: { domain: site.host },
      });
      made.push((response.body.scan as { id: string }).id);
    }
    await callJson(stack.baseUrl, '/api/v1/scans', { method: 'POST', body: { domain: site.host } });
    const first = await callJson(stack.baseUrl, '/api/v1/scans?limit=2', { key });
    expect(first.status).toBe(200);
    const page1 = ListScansResponseSchema.parse(first.body);
    expect(page1.scans.map((scan) => scan.id)).toEqual([made[2], made[1]]);
    expect(page1.scans[0]?.url).toBe(`${stack.baseUrl}/scans/${made[2]}`);
    const second = ListScansResponseSchema.parse(
      (await callJson(stack.baseUrl, `/api/v1/scans?limit=2&cursor=${page1.next_cursor}`, { key }))
        .body,
    );
    expect(second.scans.map((scan) => scan.id)).toEqual([made[0]]);
    expect(second.next_cursor).toBeNull();
    const foreign = ListScansResponseSchema.parse(
      (await callJson(stack.baseUrl, '/api/v1/scans', { key: other })).body,
    );
    expect(foreign.scans).toEqual([]);
    // A cursor from one account's list does not open another's.
    const stolen = await callJson(stack.baseUrl, `/api/v1/scans?cursor=${page1.next_cursor}`, {
      key: other,
    });
    expect(stolen.status).toBe(400);
    expect(stolen.body.error?.code).toBe('invalid_cursor');
  });

  it('needs a key with scans:read', async () => {
    expect((await callJson(stack.baseUrl, '/api/v1/scans')).status).toBe(401);
    const writer = await stack.createKey(['scans:write']);
    const forbidden = await callJson(stack.baseUrl, '/api/v1/scans', { key: writer });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.error?.code).toBe('insufficient_scope');
  });
});

describe('GET /api/v1/scans/batch', () => {
  it("lists the account's jobs with their counts, newest first", async () => {
    const created = await createBatch(stack.baseUrl, key, ['localhost:1', 'localhost:2']);
    const jobId = (created.body.job as { id: string }).id;
    await waitForJob(stack.baseUrl, key, jobId);
    const response = await callJson(stack.baseUrl, '/api/v1/scans/batch', { key });
    expect(response.status).toBe(200);
    const listed = ListBatchesResponseSchema.parse(response.body);
    expect(listed.jobs[0]).toMatchObject({ id: jobId, status: 'done', counts: { total: 2 } });
    const foreign = ListBatchesResponseSchema.parse(
      (await callJson(stack.baseUrl, '/api/v1/scans/batch', { key: other })).body,
    );
    expect(foreign.jobs).toEqual([]);
  });
});
