import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startFixtureSite } from '#test/fixtures/sites/server';
import { createBatch, type JobView, waitForJob } from '#test/support/batch';
import { callJson, startTestStack, type TestStack } from '#test/support/stack';

/**
 * Durability of the local stack: its Step Functions engine keeps executions in memory, so a
 * stop in the middle of a batch must lose nothing: at the next start the job is resumed from the
 * store and every accepted domain ends up scanned exactly once.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'batch-restart-'));
const env = {
  ALLOW_PRIVATE_TARGETS: '1',
  WORKFLOW_TIME_SCALE: '0.01',
  BATCH_CONCURRENCY: '2',
};
const sites = await Promise.all(
  Array.from({ length: 6 }, () => startFixtureSite('good', { latencyMs: 120 })),
);
let stack: TestStack | undefined;

afterAll(async () => {
  await stack?.close();
  await Promise.all(sites.map((site) => site.close()));
  rmSync(dataDir, { recursive: true, force: true });
});

async function rowsDone(key: string, jobId: string): Promise<JobView> {
  const response = await callJson((stack as TestStack).baseUrl, `/api/v1/scans/batch/${jobId}`, {
    key,
  });
  return response.body as unknown as JobView;
}

describe('stopping the local stack in the middle of a batch', () => {
  it('finishes the job after a restart with every domain accounted for exactly once', async () => {
    stack = await startTestStack(env, dataDir);
    const key = await stack.createKey(['scans:read', 'scans:write']);
    const created = await createBatch(
      stack.baseUrl,
      key,
      sites.map((site) => site.host),
    );
    expect(created.status).toBe(202);
    const jobId = (created.body.job as { id: string }).id;

    // Stop once some domains are done and others are not.
    let view = await rowsDone(key, jobId);
    while (view.job.counts.done < 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      view = await rowsDone(key, jobId);
    }
    expect(view.job.counts.done).toBeLessThan(sites.length);
    await stack.close();

    stack = await startTestStack(env, dataDir);
    expect(stack.resumed.batchJobs).toEqual([jobId]);
    const finished = await waitForJob(stack.baseUrl, key, jobId);

    expect(finished.job.status).toBe('done');
    expect(finished.job.counts).toEqual({ total: 6, queued: 0, done: 6, failed: 0 });
    expect(finished.results.map((row) => row.domain)).toEqual(sites.map((site) => site.host));
    const scanIds = finished.results.map((row) => row.scan_id);
    expect(new Set(scanIds).size).toBe(6);
    // Each domain was recorded once: six scans in the stats, whatever was cut off and re-run.
    const stats = await callJson(stack.baseUrl, '/api/v1/stats');
    expect((stats.body.stats as { scans: number }).scans).toBe(6);
  });
});
