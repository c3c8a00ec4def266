import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capturedEntries, captureStdout } from '#test/support/debug-logs';
import { callJson, startTestStack, type TestStack } from '#test/support/stack';

/**
 * Every log line of a request carries its request id and its X-Ray trace id, also while
 * requests overlap.
 */
let stack: TestStack;
let key: string;
let restore: () => void;

beforeAll(async () => {
  restore = captureStdout();
  stack = await startTestStack({ LOG_LEVEL: 'DEBUG' });
  key = await stack.createKey(['scans:read']);
});
afterAll(async () => {
  await stack?.close();
  restore?.();
});

describe('request logs', () => {
  it('carries the request id on every line a request writes, even when requests overlap', async () => {
    const before = capturedEntries().length;
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        callJson(
          stack.baseUrl,
          index % 2 ? '/api/v1/stats' : `/api/v1/scans/${crypto.randomUUID()}`,
          { key },
        ),
      ),
    );
    const ids = responses.map((response) => response.headers.get('x-request-id') ?? '');
    const entries = capturedEntries().slice(before);
    const handled = entries.filter((entry) => entry.message === 'request handled');
    expect(handled.map((entry) => entry.request_id).sort()).toEqual([...ids].sort());
    for (const entry of entries) expect(ids, entry.message).toContain(entry.request_id);
  });

  it('carries one X-Ray trace id on every line of a request, another for each request', async () => {
    const before = capturedEntries().length;
    const responses = await Promise.all(
      Array.from({ length: 6 }, () => callJson(stack.baseUrl, '/api/v1/stats', { key })),
    );
    const ids = responses.map((response) => response.headers.get('x-request-id') ?? '');
    const entries = capturedEntries()
      .slice(before)
      .filter((entry) => ids.includes(entry.request_id ?? ''));
    expect(entries.length).toBeGreaterThanOrEqual(ids.length);
    const traceOf = new Map<string, string>();
    for (const entry of entries) {
      const trace = String(entry.xray_trace_id);
      expect(trace, entry.message).toMatch(/^1-[0-9a-f]{8}-[0-9a-f]{24}$/);
      const known = traceOf.get(entry.request_id ?? '');
      if (known) expect(trace).toBe(known);
      traceOf.set(entry.request_id ?? '', trace);
    }
    expect(new Set(traceOf.values()).size).toBe(ids.length);
  });
});
