import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateApiKey } from '#shared/domain/accounts/api-keys';
import { callJson, startTestStack, type TestStack } from '#test/support/stack';

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack({ ADMIN_EMAILS: 'ops@example.com' });
});
afterAll(async () => {
  await stack?.close();
});

const scanRoutes = [
  { method: 'GET', path: '/api/v1/stats' },
  { method: 'GET', path: `/api/v1/scans/${crypto.randomUUID()}` },
  { method: 'POST', path: '/api/v1/scans', body: { domain: 'example.com' } },
];

describe('bearer keys on the scan routes', () => {
  it('answers a key that is sent but unknown with 401 invalid_key on every scan route', async () => {
    const unknownButWellFormed = generateApiKey();
    for (const route of scanRoutes) {
      for (const key of [unknownButWellFormed, 'ars_garbage', 'not-even-close']) {
        const response = await callJson(stack.baseUrl, route.path, { ...route, key });
        expect(response.status, `${route.method} ${route.path} with ${key}`).toBe(401);
        expect(response.body.error?.code).toBe('invalid_key');
        expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/);
      }
    }
  });

  it('answers a malformed Authorization header with 401 invalid_key, never as anonymous', async () => {
    const response = await callJson(stack.baseUrl, '/api/v1/stats', {
      headers: { authorization: 'Basic dXNlcjpwYXNz' },
    });
    expect(response.status).toBe(401);
    expect(response.body.error?.code).toBe('invalid_key');
  });

  it('accepts a key carrying the route scope', async () => {
    const key = await stack.createKey(['scans:read']);
    const response = await callJson(stack.baseUrl, '/api/v1/stats', { key });
    expect(response.status).toBe(200);
  });

  it('answers a key without the route scope with 403 insufficient_scope, naming the scope', async () => {
    const key = await stack.createKey(['monitor:read']);
    const response = await callJson(stack.baseUrl, '/api/v1/stats', { key });
    expect(response.status).toBe(403);
    expect(response.body.error?.code).toBe('insufficient_scope');
    expect(response.body.error?.message).toContain('scans:read');

    const write = await callJson(stack.baseUrl, '/api/v1/scans', {
      method: 'POST',
      key: await stack.createKey(['scans:read']),
      body: { domain: 'example.com' },
    });
    expect(write.status).toBe(403);
    expect(write.body.error?.code).toBe('insufficient_scope');
  });

  it('stops accepting a key as soon as it is revoked', async () => {
    const email = `revoke-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const key = await stack.createKey(['scans:read'], { email });
    expect((await callJson(stack.baseUrl, '/api/v1/stats', { key })).status).toBe(200);
    const [stored] = await stack.operator.listKeys(email);
    await stack.revokeKey(stored?.id ?? '');
    const response = await callJson(stack.baseUrl, '/api/v1/stats', { key });
    expect(response.status).toBe(401);
    expect(response.body.error?.code).toBe('invalid_key');
  });

  it('stores no plaintext: the key listing shows only a hint', async () => {
    const email = `hint-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const key = await stack.createKey(['scans:read'], { email });
    const keys = await stack.operator.listKeys(email);
    expect(JSON.stringify(keys)).not.toContain(key);
    expect(keys[0]?.hint).toBe(`ars_…${key.slice(-4)}`);
  });
});

/** Fault injection: the service talks to a port nothing listens on while `run` runs. */
async function whileStoreUnreachable(run: () => Promise<void>): Promise<void> {
  const restore = stack.rewire({ DYNAMODB_ENDPOINT: 'http://127.0.0.1:9' });
  try {
    await run();
  } finally {
    restore();
  }
}

async function expectUnavailableOnEveryScanRoute(code: string, key?: string): Promise<void> {
  for (const route of scanRoutes) {
    const response = await callJson(stack.baseUrl, route.path, {
      ...route,
      ...(key ? { key } : {}),
    });
    expect(response.status, `${route.method} ${route.path}`).toBe(503);
    expect(response.body.error?.code).toBe(code);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
  }
}

describe('when the store cannot be reached', () => {
  it('answers a sent bearer with 503 auth_unavailable and Retry-After, and recovers once the store is back', async () => {
    const key = await stack.createKey(['scans:read']);
    await whileStoreUnreachable(() => expectUnavailableOnEveryScanRoute('auth_unavailable', key));
    expect((await callJson(stack.baseUrl, '/api/v1/stats', { key })).status).toBe(200);
  });

  it('answers anonymous calls with 503 service_unavailable and Retry-After, never a 500', async () => {
    await whileStoreUnreachable(() => expectUnavailableOnEveryScanRoute('service_unavailable'));
  });
});
