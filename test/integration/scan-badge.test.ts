import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScanResponseSchema } from '#shared/domain/scans/schemas';
import { startFixtureSite } from '#test/fixtures/sites/server';
import { callJson, startTestStack, type TestStack } from '#test/support/stack';

/**
 * GET /badge/{domain}.svg through the local front: the latest scan's score of exactly that
 * domain, cacheable with an ETag, and a grey 404 "not scanned" badge for any other name.
 */
type FixtureSite = Awaited<ReturnType<typeof startFixtureSite>>;

let stack: TestStack;
let good: FixtureSite;
let poor: FixtureSite;
let unscanned: FixtureSite;
const scores = new Map<string, number>();

async function scan(domain: string): Promise<void> {
  const response = await callJson(stack.baseUrl, '/api/v1/scans', {
    method: 'POST',
    body: { domain },
  });
  expect(response.status, JSON.stringify(response.body.error)).toBe(201);
  const { scan: result } = ScanResponseSchema.parse(response.body);
  scores.set(result.domain, result.score);
}

const badge = (name: string, headers: Record<string, string> = {}) =>
  fetch(`${stack.baseUrl}/badge/${name}`, { headers });

beforeAll(async () => {
  stack = await startTestStack({ ALLOW_PRIVATE_TARGETS: '1' });
  [good, poor, unscanned] = await Promise.all([
    startFixtureSite('good'),
    startFixtureSite('poor'),
    startFixtureSite('good'),
  ]);
  await scan(good.host);
  await scan(poor.host);
});

afterAll(async () => {
  await Promise.all([good?.close(), poor?.close(), unscanned?.close()]);
  await stack?.close();
});

describe('GET /badge/{domain}.svg', () => {
  it("shows each scanned domain's own score as a cacheable SVG", async () => {
    expect(scores.get(good.host)).not.toBe(scores.get(poor.host));
    for (const host of [good.host, poor.host]) {
      const response = await badge(`${host}.svg`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
      expect(response.headers.get('cache-control')).toBe('public, max-age=300');
      expect(response.headers.get('etag')).toMatch(/^"[\w-]{22}"$/);
      const svg = await response.text();
      expect(svg).toContain(`>${scores.get(host)}/100</text>`);
      expect(svg).toContain(`Agent readiness of ${host}:`);
    }
  });

  it('answers 304 without a body to a client that holds the same version', async () => {
    const first = await badge(`${good.host}.svg`);
    const etag = first.headers.get('etag') ?? '';
    const again = await badge(`${good.host}.svg`, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.headers.get('cache-control')).toBe('public, max-age=300');
    const stale = await badge(`${good.host}.svg`, { 'if-none-match': '"something-else"' });
    expect(stale.status).toBe(200);
  });

  it("never lends another domain's score: unknown, partial or malformed names are not scanned", async () => {
    const names = [
      `${unscanned.host}.svg`,
      '127.0.0.1.svg',
      `${good.host.split(':')[0]}.svg`,
      'example.com.svg',
      '%3Cscript%3E.svg',
      `${'a'.repeat(320)}.svg`,
    ];
    for (const name of names) {
      const response = await badge(name);
      expect(response.status, name).toBe(404);
      expect(response.headers.get('content-type'), name).toBe('image/svg+xml; charset=utf-8');
      expect(response.headers.get('cache-control'), name).toBe('public, max-age=60');
      const svg = await response.text();
      expect(svg, name).toContain('>not scanned</text>');
      expect(svg, name).not.toMatch(/\d+\/100/);
    }
  });
});
