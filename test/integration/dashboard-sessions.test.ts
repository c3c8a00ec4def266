import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDocumentClient } from '#shared/adapters/dynamodb/client';
import { createSessionsRepository } from '#shared/adapters/dynamodb/sessions-repository';
import { hashSecretToken } from '#shared/domain/accounts/sessions';
import { getOutbox } from '#shared/wiring/mail';
import { DashboardHttp, latestSignInLink } from '#test/browser/support/dashboard-http';
import { callJson, startTestStack, type TestStack } from '#test/support/stack';

/**
 * Sign-in, sessions and CSRF through the local front, as a browser meets them: links mailed to
 * the local outbox, the session cookie, the token every form carries.
 */
let stack: TestStack;
let doc: ReturnType<typeof createDocumentClient>;

const newEmail = () => `person-${crypto.randomUUID().slice(0, 8)}@example.com`;

async function newUser(plan = 'pro'): Promise<string> {
  const email = newEmail();
  await stack.operator.createUser({ email, plan });
  return email;
}

beforeAll(async () => {
  stack = await startTestStack();
  doc = createDocumentClient({ region: 'us-east-1', endpoint: stack.dynamoEndpoint });
});
afterAll(async () => {
  doc?.destroy();
  await stack?.close();
});

describe('asking for a sign-in link', () => {
  it('answers the same page whether or not the address has an account, and mails only a user', async () => {
    const known = await newUser();
    const unknown = newEmail();
    const browser = new DashboardHttp(stack.baseUrl);
    const forKnown = await browser.post('/dashboard/sign-in', { email: known });
    const forUnknown = await browser.post('/dashboard/sign-in', { email: unknown });
    expect(forKnown.status).toBe(200);
    expect(forUnknown.status).toBe(200);
    expect(forUnknown.text).toBe(forKnown.text);
    expect(latestSignInLink(known)).toMatch(/\/dashboard\/sign-in\?token=/);
    expect(
      getOutbox()
        .messages()
        .some((mail) => mail.to === unknown),
    ).toBe(false);
  });

  it('limits links per address, counting addresses without an account alike', async () => {
    const browser = new DashboardHttp(stack.baseUrl);
    for (const email of [await newUser(), newEmail()]) {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 6; attempt += 1) {
        statuses.push((await browser.post('/dashboard/sign-in', { email })).status);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    }
  });
});

describe('a sign-in link', () => {
  it('opens a page that uses it only when its button is pressed, then signs in once', async () => {
    const email = await newUser();
    const browser = new DashboardHttp(stack.baseUrl);
    await browser.post('/dashboard/sign-in', { email });
    const link = latestSignInLink(email) ?? '';
    // Opening the link twice (a mail scanner, then the person) uses nothing.
    await browser.get(link);
    const page = await browser.get(link);
    expect(page.status).toBe(200);
    expect(page.text).toContain(email);
    const token = new URL(link).searchParams.get('token') ?? '';

    const used = await browser.post('/dashboard/session', { token });
    expect(used.status).toBe(303);
    expect(used.location).toBe('/dashboard');
    const cookie = used.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^ars_session=[\w-]{43}; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax$/);
    const home = await browser.get('/dashboard');
    expect(home.status).toBe(200);
    expect(home.text).toContain(`Signed in as <strong>${email}</strong>`);
  });

  it('refuses a replayed link', async () => {
    const email = await newUser();
    const first = new DashboardHttp(stack.baseUrl);
    await first.post('/dashboard/sign-in', { email });
    const token = new URL(latestSignInLink(email) ?? '').searchParams.get('token') ?? '';
    expect((await first.post('/dashboard/session', { token })).status).toBe(303);

    const replay = new DashboardHttp(stack.baseUrl);
    const again = await replay.post('/dashboard/session', { token });
    expect(again.status).toBe(400);
    expect(again.text).toContain('already used, it expired, or it was mistyped');
    expect(again.headers.get('set-cookie')).toBeNull();
    expect((await replay.get(`/dashboard/sign-in?token=${token}`)).status).toBe(400);
    expect((await replay.get('/dashboard')).status).toBe(303);
  });

  it('refuses an expired link even though the store has not deleted it yet', async () => {
    const email = await newUser();
    const user = await stack.operator
      .listUsers()
      .then((users) => users.find((u) => u.email === email));
    const token = 'x'.repeat(43);
    await createSessionsRepository(doc, stack.tableName).putSignInLink(hashSecretToken(token), {
      user_id: user?.id ?? '',
      email,
      created_at: new Date(Date.now() - 20 * 60_000).toISOString(),
      expires_at: Math.floor(Date.now() / 1000) - 60,
      used_at: null,
    });
    const browser = new DashboardHttp(stack.baseUrl);
    expect((await browser.get(`/dashboard/sign-in?token=${token}`)).status).toBe(400);
    const used = await browser.post('/dashboard/session', { token });
    expect(used.status).toBe(400);
    expect(used.headers.get('set-cookie')).toBeNull();
  });

  it('is stored only as a hash', async () => {
    const email = await newUser();
    await new DashboardHttp(stack.baseUrl).post('/dashboard/sign-in', { email });
    const token = new URL(latestSignInLink(email) ?? '').searchParams.get('token') ?? '';
    const repository = createSessionsRepository(doc, stack.tableName);
    expect(await repository.getSignInLink(hashSecretToken(token))).toMatchObject({ email });
    expect(await repository.getSignInLink(token)).toBeUndefined();
  });
});

describe('a session', () => {
  it('sends a person without one to the sign-in page, and never authenticates an API route', async () => {
    const anonymous = new DashboardHttp(stack.baseUrl);
    const page = await anonymous.get('/dashboard/keys');
    expect(page.status).toBe(303);
    expect(page.location).toBe('/dashboard/sign-in');

    const browser = new DashboardHttp(stack.baseUrl);
    await browser.signIn(await newUser());
    const cookie = [...browser.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const api = await callJson(stack.baseUrl, '/api/v1/keys', { headers: { cookie } });
    expect(api.status).toBe(401);
  });

  it('refuses a form without the CSRF token, with a wrong one, or sent from another site', async () => {
    const browser = new DashboardHttp(stack.baseUrl);
    const csrf = await browser.signIn(await newUser());
    const missing = await browser.post('/dashboard/keys', { scopes: 'scans:read' });
    const wrong = await browser.post('/dashboard/keys', {
      scopes: 'scans:read',
      csrf_token: `${csrf.slice(0, -1)}${csrf.endsWith('A') ? 'B' : 'A'}`,
    });
    const foreign = await browser.post(
      '/dashboard/keys',
      { scopes: 'scans:read', csrf_token: csrf },
      { origin: 'https://evil.example' },
    );
    const crossSite = await browser.post(
      '/dashboard/keys',
      { scopes: 'scans:read', csrf_token: csrf },
      { origin: null, headers: { 'sec-fetch-site': 'cross-site' } },
    );
    for (const answer of [missing, wrong, foreign, crossSite]) {
      expect(answer.status).toBe(403);
      expect(answer.text).toContain('csrf_failed');
    }
    const keys = await browser.get('/dashboard/keys');
    expect(keys.text).toContain('No keys yet.');
    const made = await browser.post('/dashboard/keys', { scopes: 'scans:read', csrf_token: csrf });
    expect(made.status).toBe(201);
  });

  it('ends with sign-out: the cookie is cleared and no longer works if replayed', async () => {
    const browser = new DashboardHttp(stack.baseUrl);
    const csrf = await browser.signIn(await newUser());
    const stolen = new Map(browser.cookies);
    const out = await browser.post('/dashboard/sign-out', { csrf_token: csrf });
    expect(out.status).toBe(303);
    expect(out.headers.get('set-cookie')).toMatch(
      /^ars_session=; Path=\/; Max-Age=0; HttpOnly; SameSite=Lax$/,
    );
    const replay = new DashboardHttp(stack.baseUrl);
    for (const [name, value] of stolen) replay.cookies.set(name, value);
    expect((await replay.get('/dashboard')).status).toBe(303);
  });

  it('can be ended from another session of the same account, and not from another account', async () => {
    const email = await newUser();
    const phone = new DashboardHttp(stack.baseUrl);
    await phone.signIn(email);
    const laptop = new DashboardHttp(stack.baseUrl);
    const csrf = await laptop.signIn(email);
    const home = await laptop.get('/dashboard');
    const ids = [...home.text.matchAll(/\/dashboard\/sessions\/(ses_[\w-]+)\/revoke/g)].map(
      (m) => m[1],
    );
    expect(ids).toHaveLength(2);

    const stranger = new DashboardHttp(stack.baseUrl);
    const strangerCsrf = await stranger.signIn(await newUser());
    for (const id of ids) {
      const refused = await stranger.post(`/dashboard/sessions/${id}/revoke`, {
        csrf_token: strangerCsrf,
      });
      expect(refused.status).toBe(404);
    }
    const phoneRow = home.text
      .split('<tr>')
      .find((row) => row.includes('/revoke') && !row.includes('(this browser)'));
    const phoneId = /sessions\/(ses_[\w-]+)\/revoke/.exec(phoneRow ?? '')?.[1];
    expect(ids).toContain(phoneId);
    const ended = await laptop.post(`/dashboard/sessions/${phoneId}/revoke`, { csrf_token: csrf });
    expect(ended.status).toBe(303);
    expect((await phone.get('/dashboard')).status).toBe(303);
    expect((await laptop.get('/dashboard')).status).toBe(200);
  });
});
