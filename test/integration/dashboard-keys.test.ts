import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csrfOf, DashboardHttp } from '#test/browser/support/dashboard-http';
import { callJson, startTestStack, type TestStack } from '#test/support/stack';

/**
 * Keys through the API (`/api/v1/keys`) and the dashboard: the same operations, and a key never
 * mints or revokes a key with scopes it does not hold.
 */
let stack: TestStack;
const ADMIN = 'ops@example.com';

beforeAll(async () => {
  stack = await startTestStack({ ADMIN_EMAILS: ADMIN });
  await stack.operator.createUser({ email: ADMIN, plan: 'pro' });
});
afterAll(async () => {
  await stack?.close();
});

const newEmail = () => `keys-${crypto.randomUUID().slice(0, 8)}@example.com`;

async function keyFor(email: string, scopes: string[], plugin = false): Promise<string> {
  return stack.createKey(scopes, { email, plugin });
}

interface KeyEntry {
  id: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

/** The account's keys as the calling key lists them, by id. */
async function listedBy(key: string): Promise<Map<string, KeyEntry>> {
  const listed = await callJson(stack.baseUrl, '/api/v1/keys', { key });
  expect(listed.status).toBe(200);
  return new Map((listed.body.keys as KeyEntry[]).map((entry) => [entry.id, entry]));
}

async function createVia(key: string, body: unknown) {
  return callJson(stack.baseUrl, '/api/v1/keys', { method: 'POST', key, body });
}

describe('the key API', () => {
  it('creates a key with scopes the caller holds; it works, and shows once', async () => {
    const email = newEmail();
    const caller = await keyFor(email, ['scans:read', 'scans:write', 'monitor:read']);
    const created = await createVia(caller, { scopes: ['scans:read'] });
    expect(created.status).toBe(201);
    const body = created.body as { key: { id: string; scopes: string[] }; api_key: string };
    expect(body.key.scopes).toEqual(['scans:read']);
    expect(body.api_key).toMatch(/^ars_/);
    const stats = await callJson(stack.baseUrl, '/api/v1/stats', { key: body.api_key });
    expect(stats.status).toBe(200);
    const listed = await callJson(stack.baseUrl, '/api/v1/keys', { key: body.api_key });
    expect(listed.status).toBe(200);
    expect(JSON.stringify(listed.body)).not.toContain(body.api_key);
    expect((listed.body.keys as { id: string }[]).map((key) => key.id)).toContain(body.key.id);
  });

  it('refuses scopes the calling key does not hold', async () => {
    const caller = await keyFor(newEmail(), ['scans:read']);
    const wider = await createVia(caller, { scopes: ['scans:read', 'scans:write'] });
    expect(wider.status).toBe(400);
    expect(wider.body.error?.code).toBe('invalid_scope');
    const unknown = await createVia(caller, { scopes: ['everything'] });
    expect(unknown.body.error?.code).toBe('invalid_scope');
  });

  it('gives monitor:admin only to an admin address whose key holds it', async () => {
    const plain = await keyFor(newEmail(), ['monitor:read']);
    expect((await createVia(plain, { scopes: ['monitor:admin'] })).body.error?.code).toBe(
      'admin_not_allowed',
    );
    const adminWithout = await keyFor(ADMIN, ['monitor:read']);
    expect((await createVia(adminWithout, { scopes: ['monitor:admin'] })).body.error?.code).toBe(
      'invalid_scope',
    );
    const adminWith = await keyFor(ADMIN, ['monitor:read', 'monitor:admin']);
    const minted = await createVia(adminWith, { scopes: ['monitor:read', 'monitor:admin'] });
    expect(minted.status).toBe(201);
  });

  it('makes a plugin key create plugin keys only', async () => {
    const plugin = await keyFor(newEmail(), ['scans:read'], true);
    const child = await createVia(plugin, { scopes: ['scans:read'] });
    expect(child.status).toBe(201);
    expect(child.body.key).toMatchObject({ plugin: true });
  });

  it("revokes only keys whose scopes the caller holds, and never another account's", async () => {
    const email = newEmail();
    const wide = await keyFor(email, ['scans:read', 'scans:write']);
    const narrow = await keyFor(email, ['scans:read']);
    const keys = (await callJson(stack.baseUrl, '/api/v1/keys', { key: wide })).body.keys as {
      id: string;
      scopes: string[];
    }[];
    const wideId = keys.find((key) => key.scopes.length === 2)?.id;
    const narrowId = keys.find((key) => key.scopes.length === 1)?.id;
    const refused = await callJson(stack.baseUrl, `/api/v1/keys/${wideId}`, {
      method: 'DELETE',
      key: narrow,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error?.code).toBe('insufficient_scope');

    const stranger = await keyFor(newEmail(), ['scans:read', 'scans:write']);
    const foreign = await callJson(stack.baseUrl, `/api/v1/keys/${narrowId}`, {
      method: 'DELETE',
      key: stranger,
    });
    expect(foreign.status).toBe(404);

    const revoked = await callJson(stack.baseUrl, `/api/v1/keys/${narrowId}`, {
      method: 'DELETE',
      key: wide,
    });
    expect(revoked.status).toBe(200);
    expect(revoked.body.key).toMatchObject({ id: narrowId, revoked_at: expect.any(String) });
    expect((await callJson(stack.baseUrl, '/api/v1/stats', { key: narrow })).status).toBe(401);
  });

  it('names a key on request (an addition), trims the name and refuses one over 80 characters', async () => {
    const caller = await keyFor(newEmail(), ['scans:read']);
    const named = await createVia(caller, { scopes: ['scans:read'], name: '  CI deploys ' });
    expect(named.status).toBe(201);
    expect((named.body.key as { name: string | null }).name).toBe('CI deploys');
    const unnamed = await createVia(caller, { scopes: ['scans:read'] });
    expect((unnamed.body.key as { name: string | null }).name).toBeNull();
    const listed = await callJson(stack.baseUrl, '/api/v1/keys', { key: caller });
    expect(
      (listed.body.keys as { name: string | null }[]).map((key) => key.name).slice(0, 2),
    ).toEqual([null, 'CI deploys']);
    const tooLong = await createVia(caller, { scopes: ['scans:read'], name: 'x'.repeat(81) });
    expect(tooLong.status).toBe(400);
  });

  it('shows when a key was last used (an addition): null until its first request, then that time', async () => {
    const caller = await keyFor(newEmail(), ['scans:read']);
    const created = await createVia(caller, { scopes: ['scans:read'] });
    const fresh = created.body as { key: KeyEntry; api_key: string };
    expect(fresh.key.last_used_at).toBeNull();
    const before = await listedBy(caller);
    expect(before.get(fresh.key.id)?.last_used_at).toBeNull();
    // The listing itself used the calling key.
    expect(before.size).toBe(2);
    expect([...before.values()].filter((key) => key.last_used_at !== null)).toHaveLength(1);

    const usedFrom = Date.now() - 1000;
    expect((await callJson(stack.baseUrl, '/api/v1/stats', { key: fresh.api_key })).status).toBe(
      200,
    );
    const usedAt = (await listedBy(caller)).get(fresh.key.id)?.last_used_at ?? '';
    expect(usedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(Date.parse(usedAt)).toBeGreaterThanOrEqual(usedFrom);
    expect(Date.parse(usedAt)).toBeLessThanOrEqual(Date.now());

    // Used again at once: the time stays (no write per request), and a revoke shows it.
    await callJson(stack.baseUrl, '/api/v1/stats', { key: fresh.api_key });
    expect((await listedBy(caller)).get(fresh.key.id)?.last_used_at).toBe(usedAt);
    const revoked = await callJson(stack.baseUrl, `/api/v1/keys/${fresh.key.id}`, {
      method: 'DELETE',
      key: caller,
    });
    expect((revoked.body.key as KeyEntry).last_used_at).toBe(usedAt);
  });

  it('counts a key used through the tool server (MCP) as used', async () => {
    const caller = await keyFor(newEmail(), ['scans:read']);
    const created = await createVia(caller, { scopes: ['scans:read'] });
    const fresh = created.body as { key: KeyEntry; api_key: string };
    const transport = new StreamableHTTPClientTransport(
      new URL(`${stack.baseUrl}/api/mcp/${fresh.api_key}`),
    );
    const client = new Client({ name: 'keys-test', version: '1.0.0' });
    await client.connect(transport);
    expect((await client.listTools()).tools.length).toBeGreaterThan(0);
    await client.close();
    expect((await listedBy(caller)).get(fresh.key.id)?.last_used_at).toEqual(expect.any(String));
  });

  it('holds at 50 active keys when 50 creates race on an account whose one key the operator made', async () => {
    const email = newEmail();
    const caller = await keyFor(email, ['scans:read']);
    const statuses = await Promise.all(
      Array.from({ length: 50 }, () =>
        createVia(caller, { scopes: ['scans:read'] }).then((response) => response.status),
      ),
    );
    expect(statuses.filter((status) => status === 201)).toHaveLength(49);
    expect(statuses.filter((status) => status !== 201)).toEqual([400]);
    const listed = await listedBy(caller);
    const active = [...listed.values()].filter((entry) => entry.revoked_at === null);
    expect(active).toHaveLength(50);
  });

  it('needs a key', async () => {
    expect((await callJson(stack.baseUrl, '/api/v1/keys')).status).toBe(401);
  });
});

describe('the keys page', () => {
  it('shows a new key exactly once, and lists it afterwards by its hint only', async () => {
    const browser = new DashboardHttp(stack.baseUrl);
    const email = newEmail();
    await stack.operator.createUser({ email, plan: 'free' });
    const csrf = await browser.signIn(email);
    const created = await browser.post('/dashboard/keys', {
      scopes: ['scans:read', 'webhooks:manage'],
      csrf_token: csrf,
    });
    expect(created.status).toBe(201);
    const plaintext = /value="(ars_[0-9A-Za-z]+)"/.exec(created.text)?.[1] ?? '';
    expect(plaintext).toMatch(/^ars_/);
    expect(created.text).toContain('shown only this once');
    expect(created.headers.get('cache-control')).toBe('no-store');

    const later = await browser.get('/dashboard/keys');
    expect(later.text).not.toContain(plaintext);
    expect(later.text).toContain(plaintext.slice(-4));
    const listed = await callJson(stack.baseUrl, '/api/v1/keys', { key: plaintext });
    expect(listed.body.keys).toEqual([
      expect.objectContaining({ scopes: ['scans:read', 'webhooks:manage'], revoked_at: null }),
    ]);

    const id = (listed.body.keys as { id: string }[])[0]?.id;
    const revoked = await browser.post(`/dashboard/keys/${id}/revoke`, {
      csrf_token: csrfOf(later.text),
    });
    expect(revoked.status).toBe(303);
    expect((await callJson(stack.baseUrl, '/api/v1/stats', { key: plaintext })).status).toBe(401);
  });

  it('offers monitor:admin only to addresses on the admin list', async () => {
    const person = new DashboardHttp(stack.baseUrl);
    const email = newEmail();
    await stack.operator.createUser({ email, plan: 'pro' });
    await person.signIn(email);
    expect((await person.get('/dashboard/keys')).text).not.toContain('value="monitor:admin"');

    const operator = new DashboardHttp(stack.baseUrl);
    const csrf = await operator.signIn(ADMIN);
    expect((await operator.get('/dashboard/keys')).text).toContain('value="monitor:admin"');
    const made = await operator.post('/dashboard/keys', {
      scopes: ['monitor:read', 'monitor:admin'],
      csrf_token: csrf,
    });
    expect(made.status).toBe(201);

    // A person who forges the field is refused by the same rule as the API.
    const forged = await person.post('/dashboard/keys', {
      scopes: ['monitor:admin'],
      csrf_token: csrfOf((await person.get('/dashboard/keys')).text),
    });
    expect(forged.status).toBe(403);
    expect(forged.text).toContain('ADMIN_EMAILS');
  });
});
