import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureSite } from '#test/fixtures/sites/server';
import { callJson, startTestStack, type TestStack } from '#test/support/stack';

let stack: TestStack;
let site: Awaited<ReturnType<typeof startFixtureSite>>;

beforeAll(async () => {
  stack = await startTestStack({ ALLOW_PRIVATE_TARGETS: '1' });
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
    const limited = responses.filter((response) => response.status === 429);
    expect(limited).toHaveLength(7);
    for (const response of limited) {
      expect(response.body.error?.code).toBe('rate_limited');
      const retryAfter = Number(response.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(86_400);
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
