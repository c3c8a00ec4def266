import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureSite } from '#test/fixtures/sites/server';
import { callJson, startTestStack, type TestStack } from '#test/support/stack';

let stack: TestStack;
let site: Awaited<ReturnType<typeof startFixtureSite>>;

beforeAll(async () => {
  stack = await startTestStack({
    ALLOW_PRIVATE_TARGETS: '1',
    KEY_RATE_LIMIT_PER_MINUTE: '5',
    PLAN_LIMITS: JSON.stringify({
      free: { per_batch: 3, per_day: 4 },
      pro: { per_batch: 3, per_day: 4 },
    }),
  });
  site = await startFixtureSite('poor');
});
afterAll(async () => {
  await site?.close();
  await stack?.close();
});

describe('anonymous scan limit', () => {
  it('lets exactly 3 of 10 parallel anonymous scans from one IP through, the rest get 429 with Retry-After', async () => {
    const responses = await Promise.all(
      Array.from({ length: 10 }, () =>
        callJson(stack.baseUrl, '/api/v1/scans', { method: 'POST', body: { domain: site.host } }),
      ),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(3);
    // Each answer carries the policy, and the three accepted ones what they left: 2, 1 and 0.
    for (const response of responses) {
      expect(response.headers.get('ratelimit-policy')).toBe('"anon-scans";q=3;w=86400');
    }
    const left = responses
      .filter((response) => response.status === 201)
      .map(
        (response) =>
          /^"anon-scans";r=(\d+);t=\d+$/.exec(response.headers.get('ratelimit') ?? '')?.[1],
      )
      .sort();
    expect(left).toEqual(['0', '1', '2']);
    const limited = responses.filter((response) => response.status === 429);
    expect(limited).toHaveLength(7);
    for (const response of limited) {
      expect(response.body.error?.code).toBe('rate_limited');
      const retryAfter = Number(response.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(86_400);
      // Retry-After is not earlier than the end of the effective window (draft-11 section 6).
      const reset = /^"anon-scans";r=0;t=(\d+)$/.exec(response.headers.get('ratelimit') ?? '');
      expect(Number(reset?.[1])).toBeLessThanOrEqual(retryAfter);
    }
  });

  it('validates the domain before counting (400, not 429) and never limits keyed calls', async () => {
    const invalid = await callJson(stack.baseUrl, '/api/v1/scans', {
      method: 'POST',
      body: { domain: '' },
    });
    expect(invalid.status).toBe(400);
    const key = await stack.createKey(['scans:write']);
    const keyed = await callJson(stack.baseUrl, '/api/v1/scans', {
      method: 'POST',
      key,
      body: { domain: site.host },
    });
    expect(keyed.status).toBe(201);
  });
});

/** Waits out the end of the current minute when it is near, so a burst stays in one window. */
async function awayFromMinuteEnd(): Promise<void> {
  const intoMinute = Date.now() % 60_000;
  if (intoMinute > 50_000) await new Promise((resolve) => setTimeout(resolve, 60_500 - intoMinute));
}

describe('per-key request rate', () => {
  it('lets KEY_RATE_LIMIT_PER_MINUTE requests of a key through per minute, then 429 rate_limited with Retry-After and the RateLimit fields', async () => {
    const key = await stack.createKey(['scans:read', 'scans:write']);
    const other = await stack.createKey(['scans:read']);
    await awayFromMinuteEnd();
    const responses = await Promise.all(
      Array.from({ length: 8 }, () => callJson(stack.baseUrl, '/api/v1/scans/batch', { key })),
    );
    expect(responses.filter((response) => response.status === 200)).toHaveLength(5);
    const limited = responses.filter((response) => response.status === 429);
    expect(limited).toHaveLength(3);
    for (const response of limited) {
      expect(response.body.error?.code).toBe('rate_limited');
      const retryAfter = Number(response.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(response.headers.get('ratelimit')).toBe(`"key-requests";r=0;t=${retryAfter}`);
    }
    for (const response of responses) {
      expect(response.headers.get('ratelimit-policy')).toBe('"key-requests";q=5;w=60');
    }
    // Another key of the same account has its own window; a request without a key counts nothing.
    expect((await callJson(stack.baseUrl, '/api/v1/scans/batch', { key: other })).status).toBe(200);
    const stats = await callJson(stack.baseUrl, '/api/v1/stats');
    expect(stats.status).toBe(200);
    expect(stats.headers.get('ratelimit')).toBeNull();
  });
});

describe('batch quotas in RateLimit fields', () => {
  it("reports the plan's batch size and what is left of the day, and the refusal once the day is used", async () => {
    const key = await stack.createKey(['scans:write']);
    await awayFromMinuteEnd();
    const first = await callJson(stack.baseUrl, '/api/v1/scans/batch', {
      method: 'POST',
      key,
      body: { domains: [site.host, `127.0.0.1:${new URL(`http://${site.host}`).port}`, site.host] },
    });
    expect(first.status).toBe(202);
    const accepted = (first.body as { accepted: string[] }).accepted.length;
    expect(first.headers.get('ratelimit-policy')).toBe(
      '"key-requests";q=5;w=60, "batch-size";q=3;ars-unit="domains", ' +
        '"batch-daily";q=4;w=86400;ars-unit="domains"',
    );
    expect(first.headers.get('ratelimit')).toMatch(
      new RegExp(`^"key-requests";r=4;t=\\d+, "batch-daily";r=${4 - accepted};t=\\d+$`),
    );
    const rest = await callJson(stack.baseUrl, '/api/v1/scans/batch', {
      method: 'POST',
      key,
      body: { domains: ['a.example', 'b.example', 'c.example'] },
    });
    expect(rest.status).toBe(202);
    const refused = await callJson(stack.baseUrl, '/api/v1/scans/batch', {
      method: 'POST',
      key,
      body: { domains: ['d.example'] },
    });
    expect(refused.status).toBe(429);
    expect(refused.body.error?.code).toBe('quota_exceeded');
    expect(refused.headers.get('ratelimit')).toMatch(/"batch-daily";r=0;t=\d+$/);
  });
});
