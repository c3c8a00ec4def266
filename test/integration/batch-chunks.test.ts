import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningFixtureSite, startFixtureSite } from '#test/fixtures/sites/server';
import { createBatch, waitForJob } from '#test/support/batch';
import { startTestStack, type TestStack } from '#test/support/stack';

/**
 * A job larger than one chunk (docs/decisions.md, issue 18): the batch-scan execution runs its
 * rows as child executions of batch-scan-chunk on the local engine, the same ASL as on AWS.
 * The chunk is 4 rows here (BATCH_CHUNK_SIZE, 500 unless set) so that 9 domains make two full
 * chunks and one of a single row. Most are names of a loopback port that refuses connections
 * (each `dN.localhost`, a distinct domain that fails at once); the first and the last row are a
 * real site, so rows of the first and the last chunk are scanned.
 */
const CHUNK = 4;
const TOTAL = 2 * CHUNK + 1;

let stack: TestStack;
let site: RunningFixtureSite;
let refusing: Server;
let refusingPort: number;
let key: string;

beforeAll(async () => {
  // A port that was bound and closed again refuses connections.
  refusing = createServer();
  await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', resolve));
  refusingPort = (refusing.address() as { port: number }).port;
  await new Promise<void>((resolve) => refusing.close(() => resolve()));
  site = await startFixtureSite('good');
  stack = await startTestStack({
    ALLOW_PRIVATE_TARGETS: '1',
    WORKFLOW_TIME_SCALE: '0.01',
    BATCH_CONCURRENCY: '3',
    BATCH_CHUNK_SIZE: String(CHUNK),
    PLAN_LIMITS: JSON.stringify({ pro: { per_batch: TOTAL, per_day: TOTAL } }),
  });
  key = await stack.createKey(['scans:read', 'scans:write']);
});

afterAll(async () => {
  await stack?.close();
  await site?.close();
});

describe(`a batch of ${TOTAL} domains`, () => {
  it('runs as one child execution per chunk and accounts for every row once', async () => {
    const domains = Array.from({ length: TOTAL }, (_, index) =>
      index === 0 || index === TOTAL - 1
        ? `site${index}.localhost:${site.url.split(':').at(-1)}`
        : `d${index}.localhost:${refusingPort}`,
    );
    const created = await createBatch(stack.baseUrl, key, domains);
    expect(created.status, JSON.stringify(created.body.error)).toBe(202);
    const jobId = (created.body.job as { id: string }).id;
    const view = await waitForJob(stack.baseUrl, key, jobId);

    expect(view.job.status).toBe('done');
    expect(view.job.counts).toEqual({ total: TOTAL, queued: 0, done: 2, failed: TOTAL - 2 });
    expect(view.results[0]?.status).toBe('done');
    expect(view.results[TOTAL - 1]?.status).toBe('done');
    expect(new Set(view.results.map((row) => row.domain)).size).toBe(TOTAL);

    const executions = stack.workflows.executions();
    const children = executions.filter((entry) => entry.workflow === 'batch-scan-chunk');
    expect(children).toHaveLength(3);
    expect(children.every((entry) => entry.status === 'SUCCEEDED')).toBe(true);
    expect(executions.find((entry) => entry.name === `batch-${jobId}`)?.status).toBe('SUCCEEDED');
    // The real site was scanned exactly twice (robots.txt is read once per scan).
    expect(site.requests.filter((request) => request.path === '/robots.txt')).toHaveLength(2);
  });
});
