import { describe, expect, it } from 'vitest';
import { BATCH_CHUNK_SIZE, planChunks } from '#shared/domain/batch/workflow';
import { MAX_BATCH_DOMAINS, planLimitsFrom } from '#shared/domain/kernel/plans';

/** How a job is cut into child executions (docs/decisions.md, issue 18). */
describe('planChunks', () => {
  it('covers every row once, in order, in chunks of at most the chunk size', () => {
    for (const total of [1, 499, 500, 501, 2000, 9_999, MAX_BATCH_DOMAINS]) {
      const chunks = planChunks(total);
      const indexes = chunks.flatMap(({ from, to }) =>
        Array.from({ length: to - from + 1 }, (_, offset) => from + offset),
      );
      expect(indexes).toEqual(Array.from({ length: total }, (_, index) => index));
      for (const { from, to } of chunks)
        expect(to - from + 1).toBeLessThanOrEqual(BATCH_CHUNK_SIZE);
    }
  });

  it('plans no chunk for an empty job and 20 for the largest', () => {
    expect(planChunks(0)).toEqual([]);
    expect(planChunks(MAX_BATCH_DOMAINS)).toHaveLength(20);
    expect(planChunks(501)).toEqual([
      { from: 0, to: 499 },
      { from: 500, to: 500 },
    ]);
  });

  it('keeps the parent input and a chunk state far below the 256 KiB payload cap', () => {
    const chunks = planChunks(MAX_BATCH_DOMAINS);
    const parent = JSON.stringify({
      job_id: crypto.randomUUID(),
      concurrency: 10,
      plan: { chunks },
    });
    expect(Buffer.byteLength(parent)).toBeLessThan(4 * 1024);
    const indexes = Array.from({ length: BATCH_CHUNK_SIZE }, (_, index) => index + 9_500);
    const child = JSON.stringify({ job_id: crypto.randomUUID(), concurrency: 10, indexes });
    expect(Buffer.byteLength(child)).toBeLessThan(8 * 1024);
  });
});

describe('PLAN_LIMITS per_batch', () => {
  it('may be raised to 10,000 domains and no further', () => {
    expect(planLimitsFrom('{"pro":{"per_batch":10000}}').pro.per_batch).toBe(10_000);
    expect(() => planLimitsFrom('{"pro":{"per_batch":10001}}')).toThrow(/PLAN_LIMITS is invalid/);
  });
});
