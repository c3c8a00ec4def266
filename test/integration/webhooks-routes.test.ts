import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectDocumented } from '#test/support/documented';
import { callJson, startTestStack, type TestStack } from '#test/support/stack';
import { createEndpoint, listWebhooks } from '#test/support/webhooks';

/**
 * The four webhook routes of the customer's contract and the three additions (docs/api.md
 * "Webhooks"), through the local front on the real handlers and dynalite: shapes, the defaults this
 * service chose where the contract left them open, and every error code of the routes triggered for real. (Private addresses are
 * refused in webhook-rebinding.test.ts, which runs with the production address policy.)
 */
let stack: TestStack;
let key: string;
let otherKey: string;

beforeAll(async () => {
  stack = await startTestStack({ ALLOW_PRIVATE_TARGETS: '1', WORKFLOW_TIME_SCALE: '0.01' });
  key = await stack.createKey(['webhooks:manage']);
  otherKey = await stack.createKey(['webhooks:manage']);
});
afterAll(async () => {
  await stack?.close();
});

const receiver = (path: string) => `https://127.0.0.1:9/${path}`;

describe('creating an endpoint', () => {
  it('needs only a url: every event, an empty label, active, a secret shown once', async () => {
    const response = await callJson(stack.baseUrl, '/api/v1/webhooks', {
      method: 'POST',
      key,
      body: { url: receiver('defaults') },
    });
    expect(response.status).toBe(201);
    const body = response.body as Record<string, unknown> & {
      endpoint: Record<string, unknown>;
      secret: string;
    };
    expect(body.endpoint).toMatchObject({
      url: receiver('defaults'),
      label: '',
      events: ['scan.completed', 'run.completed', 'score.changed', 'case.alert'],
      active: true,
    });
    expect(body.endpoint.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(String(body.endpoint.created_at))).not.toBeNaN();
    expect(body.secret).toMatch(/^ars_whsec_[0-9a-f]{64}$/);
    expect(body.signature).toEqual({
      header: 'x-service-signature',
      scheme: 'v1',
      timestamp_header: 'x-service-timestamp',
      event_id_header: 'x-service-event-id',
    });
    expect(body.meta).toBeDefined();
  });

  it('keeps the chosen events (duplicates collapsed) and label', async () => {
    const { endpoint } = await createEndpoint(stack.baseUrl, key, {
      url: receiver('chosen'),
      events: ['score.changed', 'score.changed', 'run.completed'],
      label: 'Monitor alerts',
    });
    expect(endpoint).toMatchObject({
      events: ['score.changed', 'run.completed'],
      label: 'Monitor alerts',
    });
  });

  it('refuses a URL the account registered already (409 duplicate_endpoint), not another account', async () => {
    await createEndpoint(stack.baseUrl, key, { url: receiver('twice') });
    const again = await callJson(stack.baseUrl, '/api/v1/webhooks', {
      method: 'POST',
      key,
      body: { url: receiver('twice') },
    });
    expect(again.status).toBe(409);
    expect(again.body.error?.code).toBe('duplicate_endpoint');
    await createEndpoint(stack.baseUrl, otherKey, { url: receiver('twice') });
  });

  it.each([
    ['http', 'http://127.0.0.1:9/hook', 'https_only'],
    ['credentials', 'https://user:pw@127.0.0.1:9/hook', 'credentials'],
    ['an empty user', 'https://@127.0.0.1:9/hook', 'credentials'],
    ['no absolute URL at all', 'hooks.example.com/in', 'not_absolute'],
  ])('refuses %s with 400 invalid_url', async (_name, url, rule) => {
    const response = await callJson(stack.baseUrl, '/api/v1/webhooks', {
      method: 'POST',
      key,
      body: { url },
    });
    expect(response.status).toBe(400);
    expect(response.body.error?.code).toBe('invalid_url');
    expect((response.body.error as { details?: { rule?: string } }).details?.rule).toBe(rule);
  });

  it('refuses unknown or no event names with 400 invalid_event', async () => {
    for (const events of [['scan.finished'], []]) {
      const response = await callJson(stack.baseUrl, '/api/v1/webhooks', {
        method: 'POST',
        key,
        body: { url: receiver(`events-${events.length}`), events },
      });
      expect(response.status).toBe(400);
      expect(response.body.error?.code).toBe('invalid_event');
    }
  });

  it('allows at most 20 endpoints per account and frees a slot on delete', async () => {
    const limitKey = await stack.createKey(['webhooks:manage']);
    const ids: string[] = [];
    for (let index = 0; index < 20; index += 1) {
      ids.push(
        (await createEndpoint(stack.baseUrl, limitKey, { url: receiver(`n${index}`) })).endpoint.id,
      );
    }
    const over = await callJson(stack.baseUrl, '/api/v1/webhooks', {
      method: 'POST',
      key: limitKey,
      body: { url: receiver('n20') },
    });
    expect(over.status).toBe(400);
    expect(over.body.error?.code).toBe('invalid_request');
    expect(over.body.error?.message).toMatch(/at most 20/);
    const deleted = await callJson(stack.baseUrl, `/api/v1/webhooks/${ids[0]}`, {
      method: 'DELETE',
      key: limitKey,
    });
    expect(deleted.status).toBe(200);
    await createEndpoint(stack.baseUrl, limitKey, { url: receiver('n20') });
  });
});

describe('listing', () => {
  it('lists the event names, the endpoints without secrets and the recent deliveries', async () => {
    const listKey = await stack.createKey(['webhooks:manage']);
    const { endpoint, secret } = await createEndpoint(stack.baseUrl, listKey, {
      url: receiver('listed'),
    });
    const response = await callJson(stack.baseUrl, '/api/v1/webhooks', { key: listKey });
    expect(response.status).toBe(200);
    expect(JSON.stringify(response.body)).not.toContain(secret);
    const list = response.body as unknown as Awaited<ReturnType<typeof listWebhooks>>;
    expect(list.events).toEqual(['scan.completed', 'run.completed', 'score.changed', 'case.alert']);
    expect(list.endpoints).toEqual([{ ...endpoint, last_delivery_at: null }]);
    expect(list.recent_deliveries).toEqual([]);
  });

  it("never shows another account's endpoints", async () => {
    const mine = await listWebhooks(stack.baseUrl, key);
    const theirs = await listWebhooks(stack.baseUrl, otherKey);
    const theirIds = new Set(theirs.endpoints.map((endpoint) => endpoint.id));
    expect(mine.endpoints.some((endpoint) => theirIds.has(endpoint.id))).toBe(false);
  });
});

describe('changing an endpoint', () => {
  let id: string;
  beforeAll(async () => {
    id = (await createEndpoint(stack.baseUrl, key, { url: receiver('patch') })).endpoint.id;
  });

  const patch = (body: unknown, as = key, target = id) =>
    callJson(stack.baseUrl, `/api/v1/webhooks/${target}`, { method: 'PATCH', key: as, body });

  it('changes events, label and active, and keeps the url', async () => {
    const response = await patch({ events: ['scan.completed'], label: 'Scans', active: false });
    expect(response.status).toBe(200);
    expect(response.body.endpoint).toMatchObject({
      id,
      url: receiver('patch'),
      events: ['scan.completed'],
      label: 'Scans',
      active: false,
      paused_reason: 'api',
    });
    const resumed = await patch({ active: true });
    expect(resumed.body.endpoint).toMatchObject({
      active: true,
      paused_reason: null,
      label: 'Scans',
    });
  });

  it('refuses an unknown event name with 400 invalid_event', async () => {
    const response = await patch({ events: ['scan.completed', 'nope'] });
    expect(response.status).toBe(400);
    expect(response.body.error?.code).toBe('invalid_event');
    expect(response.body.error?.message).toContain('"nope"');
  });

  it('refuses a new url, and a body without any changeable field', async () => {
    for (const body of [{ url: receiver('elsewhere') }, {}, { enabled: false }]) {
      const response = await patch(body);
      expect(response.status).toBe(400);
      expect(response.body.error?.code).toBe('invalid_request');
    }
  });

  it("answers 404 for another account's endpoint, an unknown id and a malformed id", async () => {
    for (const [as, target] of [
      [otherKey, id],
      [key, crypto.randomUUID()],
      [key, 'not-a-uuid'],
    ] as const) {
      const response = await patch({ label: 'x' }, as, target);
      expect(response.status).toBe(404);
      expect(response.body.error?.code).toBe('not_found');
    }
  });
});

describe('deleting an endpoint', () => {
  it("removes it, answers its id, then 404; another account's endpoint is 404", async () => {
    const { endpoint } = await createEndpoint(stack.baseUrl, key, { url: receiver('delete') });
    const foreign = await callJson(stack.baseUrl, `/api/v1/webhooks/${endpoint.id}`, {
      method: 'DELETE',
      key: otherKey,
    });
    expect(foreign.status).toBe(404);
    const deleted = await callJson(stack.baseUrl, `/api/v1/webhooks/${endpoint.id}`, {
      method: 'DELETE',
      key,
    });
    expect(deleted.status).toBe(200);
    expect(deleted.body.deleted).toBe(endpoint.id);
    const again = await callJson(stack.baseUrl, `/api/v1/webhooks/${endpoint.id}`, {
      method: 'DELETE',
      key,
    });
    expect(again.status).toBe(404);
    expect(again.body.error?.code).toBe('not_found');
    // The URL is free again for this account.
    await createEndpoint(stack.baseUrl, key, { url: receiver('delete') });
  });
});

describe('keys and scopes', () => {
  const routes = [
    ['GET', '/api/v1/webhooks', undefined],
    ['POST', '/api/v1/webhooks', { url: receiver('scope') }],
    ['PATCH', `/api/v1/webhooks/${crypto.randomUUID()}`, { label: 'x' }],
    ['DELETE', `/api/v1/webhooks/${crypto.randomUUID()}`, undefined],
    ['POST', `/api/v1/webhooks/${crypto.randomUUID()}/test`, undefined],
    ['POST', `/api/v1/webhooks/${crypto.randomUUID()}/rotate-secret`, undefined],
    ['POST', `/api/v1/webhooks/deliveries/${crypto.randomUUID()}/redeliver`, undefined],
  ] as const;

  it('answers 401 unauthorized without a key and 403 insufficient_scope without webhooks:manage', async () => {
    const scanKey = await stack.createKey(['scans:read', 'scans:write', 'monitor:read']);
    for (const [method, path, body] of routes) {
      const anonymous = await callJson(stack.baseUrl, path, { method, body });
      expect(anonymous.status, `${method} ${path}`).toBe(401);
      expect(anonymous.body.error?.code).toBe('unauthorized');
      const scoped = await callJson(stack.baseUrl, path, { method, body, key: scanKey });
      expect(scoped.status, `${method} ${path}`).toBe(403);
      expect(scoped.body.error?.code).toBe('insufficient_scope');
    }
  });

  it('answers 404 for the additions on unknown endpoints and deliveries', async () => {
    for (const [method, path] of routes.slice(4)) {
      const response = await callJson(stack.baseUrl, path, { method, key });
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(response.body.error?.code).toBe('not_found');
    }
  });
});

describe('rotating the secret', () => {
  it('returns a new secret and when the old one stops signing', async () => {
    const { endpoint, secret } = await createEndpoint(stack.baseUrl, key, {
      url: receiver('rotate'),
    });
    const before = Date.now();
    const response = await callJson(
      stack.baseUrl,
      `/api/v1/webhooks/${endpoint.id}/rotate-secret`,
      {
        method: 'POST',
        key,
      },
    );
    expect(response.status).toBe(200);
    const body = response.body as { secret: string; previous_secret_expires_at: string };
    expect(body.secret).toMatch(/^ars_whsec_[0-9a-f]{64}$/);
    expect(body.secret).not.toBe(secret);
    const grace = Date.parse(body.previous_secret_expires_at) - before;
    expect(grace).toBeGreaterThan(24 * 3600 * 1000 - 60_000);
    expect(grace).toBeLessThanOrEqual(24 * 3600 * 1000 + 60_000);
    const invalid = await callJson(stack.baseUrl, `/api/v1/webhooks/${endpoint.id}/rotate-secret`, {
      method: 'POST',
      key,
      body: { grace_period_s: -1 },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error?.code).toBe('invalid_request');
  });
});

describe('every webhook response matches the published OpenAPI schema', () => {
  let document: Record<string, unknown>;
  beforeAll(async () => {
    document = (await (await fetch(`${stack.baseUrl}/api/v1/openapi.json`)).json()) as Record<
      string,
      unknown
    >;
  });

  it('for successes and errors of all seven routes', async () => {
    const contractKey = await stack.createKey(['webhooks:manage']);
    const call = (method: string, path: string, body?: unknown) =>
      callJson(stack.baseUrl, path, { method, key: contractKey, ...(body ? { body } : {}) });
    const created = await call('POST', '/api/v1/webhooks', { url: receiver('contract') });
    expectDocumented(document, created, '/api/v1/webhooks', 'post');
    const id = (created.body.endpoint as { id: string }).id;
    expectDocumented(
      document,
      await call('POST', '/api/v1/webhooks', { url: 'http://x.example' }),
      '/api/v1/webhooks',
      'post',
    );
    expectDocumented(
      document,
      await call('POST', '/api/v1/webhooks', { url: receiver('contract') }),
      '/api/v1/webhooks',
      'post',
    );
    // Nothing listens on port 9: the test delivery fails with a network error, and is recorded.
    const tested = await call('POST', `/api/v1/webhooks/${id}/test`);
    expect(tested.body.delivery).toMatchObject({ status: 'failed', last_status: null });
    // The delivery's body (an addition) is the exact JSON its attempts send.
    expect(JSON.parse((tested.body.delivery as { body: string }).body)).toMatchObject({
      type: 'webhook.test',
      data: { endpoint_id: id },
    });
    expectDocumented(document, tested, '/api/v1/webhooks/{id}/test', 'post');
    const deliveryId = (tested.body.delivery as { id: string }).id;
    const redelivered = await call('POST', `/api/v1/webhooks/deliveries/${deliveryId}/redeliver`);
    expect(redelivered.status).toBe(202);
    expectDocumented(document, redelivered, '/api/v1/webhooks/deliveries/{id}/redeliver', 'post');
    expectDocumented(
      document,
      await call('POST', `/api/v1/webhooks/${id}/rotate-secret`),
      '/api/v1/webhooks/{id}/rotate-secret',
      'post',
    );
    expectDocumented(
      document,
      await call('PATCH', `/api/v1/webhooks/${id}`, { active: false }),
      '/api/v1/webhooks/{id}',
      'patch',
    );
    expectDocumented(
      document,
      await call('PATCH', `/api/v1/webhooks/${id}`, { events: ['x'] }),
      '/api/v1/webhooks/{id}',
      'patch',
    );
    const listed = await call('GET', '/api/v1/webhooks');
    expect((listed.body.recent_deliveries as unknown[]).length).toBeGreaterThan(0);
    expectDocumented(document, listed, '/api/v1/webhooks', 'get');
    expectDocumented(
      document,
      await call('DELETE', `/api/v1/webhooks/${id}`),
      '/api/v1/webhooks/{id}',
      'delete',
    );
    expectDocumented(
      document,
      await call('DELETE', `/api/v1/webhooks/${id}`),
      '/api/v1/webhooks/{id}',
      'delete',
    );
  });
});
