import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningFixtureSite, startFixtureSite } from '#test/fixtures/sites/index';
import { callJson, startTestStack, type TestStack } from '#test/support/stack';

/**
 * Issue 18, point 5: `Idempotency-Key` on the POSTs that create something, through the local
 * front: a retry with the same key and body replays the first answer; another body is 422; a
 * request still running with the key is 409.
 */
let stack: TestStack;
let site: RunningFixtureSite;
let key: string;

beforeAll(async () => {
  site = await startFixtureSite('good', { latencyMs: 300 });
  stack = await startTestStack({ ALLOW_PRIVATE_TARGETS: '1' });
  key = await stack.createKey(['scans:read', 'scans:write', 'monitor:read', 'monitor:write']);
});
afterAll(async () => {
  await stack?.close();
  await site?.close();
});

const post = (path: string, body: unknown, idempotencyKey?: string, callerKey = key) =>
  callJson(stack.baseUrl, path, {
    method: 'POST',
    key: callerKey,
    body,
    ...(idempotencyKey ? { headers: { 'idempotency-key': idempotencyKey } } : {}),
  });

describe('Idempotency-Key', () => {
  it('replays the first scan to a retry with the same key and body, without scanning again', async () => {
    const idem = crypto.randomUUID();
    const first = await post('/api/v1/scans', { domain: site.url }, idem);
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const requestsBefore = site.requests.length;
    const again = await post('/api/v1/scans', { domain: site.url }, idem);
    expect(again.status).toBe(first.status);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(site.requests.length).toBe(requestsBefore);
  });

  it('refuses the same key with another body with 422 idempotency_key_reused', async () => {
    const idem = crypto.randomUUID();
    expect((await post('/api/v1/keys', { scopes: ['scans:read'] }, idem)).status).toBe(201);
    const other = await post('/api/v1/keys', { scopes: ['monitor:read'] }, idem);
    expect(other.status).toBe(422);
    expect(other.body.error?.code).toBe('idempotency_key_reused');
  });

  it('answers 409 while the first request with the key is still running', async () => {
    const idem = crypto.randomUUID();
    const slow = post('/api/v1/scans', { domain: site.url }, idem);
    await new Promise((resolve) => setTimeout(resolve, 150));
    const during = await post('/api/v1/scans', { domain: site.url }, idem);
    expect(during.status).toBe(409);
    expect(during.body.error?.code).toBe('idempotency_key_in_flight');
    expect(during.headers.get('retry-after')).toBe('1');
    expect((await slow).status).toBe(201);
  });

  it('keeps keys apart per caller: another account with the same key runs its own request', async () => {
    const idem = crypto.randomUUID();
    const other = await stack.createKey(['scans:read'], {
      email: `idem-${idem.slice(0, 8)}@example.com`,
    });
    const mine = await post('/api/v1/keys', { scopes: ['scans:read'] }, idem);
    const theirs = await post('/api/v1/keys', { scopes: ['scans:read'] }, idem, other);
    expect(mine.status).toBe(201);
    expect(theirs.status).toBe(201);
    expect(theirs.headers.get('idempotent-replayed')).toBeNull();
    expect(theirs.body.api_key).not.toBe(mine.body.api_key);
  });
});
