import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDocumentClient } from '#shared/wiring/platform';
import { type RunningFixtureSite, startFixtureSite } from '#test/fixtures/sites/index';
import { callJson, startTestStack, type TestStack } from '#test/support/stack';

/**
 * Issue 18, point 8: the store throttles every write. Each route that creates something answers
 * 503 `service_unavailable` with `Retry-After`, and once the store is back nothing of the refused
 * requests is found (no key, endpoint, job or case half-written). The fault is injected into the
 * service's own DynamoDB client: every write command fails as DynamoDB's throttling does.
 */
let stack: TestStack;
let site: RunningFixtureSite;
let key: string;
const WRITES = new Set([
  'PutItemCommand',
  'UpdateItemCommand',
  'DeleteItemCommand',
  'BatchWriteItemCommand',
  'TransactWriteItemsCommand',
  // The document client names its commands without the "Item".
  'PutCommand',
  'UpdateCommand',
  'DeleteCommand',
  'BatchWriteCommand',
]);

beforeAll(async () => {
  site = await startFixtureSite('good');
  stack = await startTestStack({ ALLOW_PRIVATE_TARGETS: '1' });
  key = await stack.createKey([
    'scans:read',
    'scans:write',
    'monitor:read',
    'monitor:write',
    'webhooks:manage',
  ]);
});
afterAll(async () => {
  await stack?.close();
  await site?.close();
});

async function whileThrottled<T>(work: () => Promise<T>): Promise<T> {
  getDocumentClient().middlewareStack.add(
    (next, context) => async (args) => {
      if (WRITES.has(context.commandName ?? '')) {
        throw Object.assign(new Error('Rate of requests exceeds the allowed throughput.'), {
          name: 'ProvisionedThroughputExceededException',
          $fault: 'client',
          $metadata: { httpStatusCode: 400 },
        });
      }
      return next(args);
    },
    { step: 'initialize', name: 'throttleWrites', priority: 'high' },
  );
  try {
    return await work();
  } finally {
    getDocumentClient().middlewareStack.remove('throttleWrites');
  }
}

const post = (path: string, body: unknown) =>
  callJson(stack.baseUrl, path, { method: 'POST', key, body });
const get = (path: string) => callJson(stack.baseUrl, path, { key });

const CREATES: Array<[string, string, unknown]> = [
  ['a keyed scan', '/api/v1/scans', { domain: '' }],
  ['a key', '/api/v1/keys', { scopes: ['scans:read'] }],
  ['a webhook endpoint', '/api/v1/webhooks', { url: 'https://127.0.0.1:9/throttled' }],
  ['a batch job', '/api/v1/scans/batch', { domains: ['a.example', 'b.example'] }],
  [
    'a monitor case',
    '/api/v1/cases',
    { name: 'Throttled', domain: 'throttled.example', category: 'analytics' },
  ],
];

describe('store throttling on write paths', () => {
  it.each(CREATES)(
    'answers 503 with Retry-After for %s, and writes nothing',
    async (_name, path, body) => {
      const payload = path === '/api/v1/scans' ? { domain: site.url } : body;
      const before = {
        keys: (await get('/api/v1/keys')).body.keys,
        webhooks: (await get('/api/v1/webhooks')).body,
        batches: (await get('/api/v1/scans/batch')).body,
        cases: (await get('/api/v1/cases')).body,
        scans: (await get('/api/v1/scans')).body,
      };
      const response = await whileThrottled(() => post(path, payload));
      expect(response.status, JSON.stringify(response.body)).toBe(503);
      expect(response.body.error?.code).toBe('service_unavailable');
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
      const after = {
        keys: (await get('/api/v1/keys')).body.keys,
        webhooks: (await get('/api/v1/webhooks')).body,
        batches: (await get('/api/v1/scans/batch')).body,
        cases: (await get('/api/v1/cases')).body,
        scans: (await get('/api/v1/scans')).body,
      };
      const withoutMeta = (value: Record<string, unknown>) =>
        JSON.stringify(value, (name, inner) => (name === 'meta' ? undefined : inner));
      for (const part of Object.keys(before) as Array<keyof typeof before>) {
        expect(withoutMeta({ [part]: after[part] }), part).toBe(
          withoutMeta({ [part]: before[part] }),
        );
      }
    },
  );
});
