import { describe, expect, it } from 'vitest';
import { systemClock } from '#shared/adapters/clock/system-clock';
import type { SessionMemberships } from '#shared/domain/accounts/session-access';
import type { SessionStore, StoredSession } from '#shared/domain/accounts/session-ports';
import { hashSecretToken, sessionCookie } from '#shared/domain/accounts/sessions';
import {
  type BrowserEvent,
  checkSameSite,
  parseForm,
  passBrowserGate,
} from '#shared/surfaces/dashboard/session-gate';

const TOKEN = 'a'.repeat(43);
const CSRF = 'c'.repeat(43);
const BASE = 'http://localhost:3000';

function storeWith(session: StoredSession): SessionStore {
  const byHash = new Map([[hashSecretToken(TOKEN), session]]);
  return {
    getSession: async (hash) => byHash.get(hash),
    putSession: async () => undefined,
    deleteSession: async () => undefined,
    setSessionAccount: async () => true,
    listSessions: async () => [],
    putSignInLink: async () => undefined,
    getSignInLink: async () => undefined,
    useSignInLink: async () => undefined,
  };
}

const live = (email = 'you@example.com'): StoredSession => ({
  id: 'ses_0123456789abcdef',
  user_id: 'user-1',
  email,
  csrf_token: CSRF,
  created_at: '2026-01-01T00:00:00.000Z',
  expires_at: Math.floor(Date.now() / 1000) + 3600,
});

function event(method: string, extra: Partial<BrowserEvent> = {}): BrowserEvent {
  return {
    requestContext: { http: { method } },
    headers: { cookie: `other=1; ars_session=${TOKEN}`, ...extra.headers },
    ...(extra.body !== undefined ? { body: extra.body } : {}),
    ...(extra.cookies ? { cookies: extra.cookies } : {}),
  };
}

const form = (body: string, headers: Record<string, string> = {}) =>
  event('POST', {
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: BASE, ...headers },
    body,
  });

/** No membership is stored: the session's user owns their own account, as before teams. */
const ownAccountOnly: SessionMemberships = {
  readAccess: async () => ({}),
  listAccountsOf: async () => [],
};

const deps = (session = live(), adminEmails: string[] = []) => ({
  sessions: storeWith(session),
  members: ownAccountOnly,
  adminEmails,
  clock: systemClock,
});

describe('the browser gate', () => {
  it("turns a live session into its owner's principal holding every scope the account may use", async () => {
    const { principal } = await passBrowserGate({ auth: 'session' }, event('GET'), BASE, deps());
    expect(principal).toMatchObject({
      kind: 'session',
      accountId: 'user-1',
      memberId: 'user-1',
      role: 'owner',
      sessionId: 'ses_0123456789abcdef',
      csrfToken: CSRF,
    });
    const scopes = principal.kind === 'session' ? [...principal.scopes].sort() : [];
    expect(scopes).toEqual([
      'account:manage',
      'monitor:read',
      'monitor:write',
      'scans:read',
      'scans:write',
      'webhooks:manage',
    ]);
  });

  it('adds monitor:admin only for an address on the admin list', async () => {
    const admin = await passBrowserGate(
      { auth: 'session' },
      event('GET'),
      BASE,
      deps(live('ops@example.com'), ['ops@example.com']),
    );
    expect(admin.principal.kind === 'session' && admin.principal.scopes.has('monitor:admin')).toBe(
      true,
    );
  });

  it('reads the cookie from API Gateway’s cookies list as well as from the header', async () => {
    const gateway = {
      requestContext: { http: { method: 'GET' } },
      cookies: [`ars_session=${TOKEN}`],
    };
    const { principal } = await passBrowserGate({ auth: 'session' }, gateway, BASE, deps());
    expect(principal.kind).toBe('session');
  });

  it('refuses an expired session although the store still has it', async () => {
    const expired = { ...live(), expires_at: Math.floor(Date.now() / 1000) - 1 };
    await expect(
      passBrowserGate({ auth: 'session' }, event('GET'), BASE, deps(expired)),
    ).rejects.toMatchObject({ code: 'unauthorized' });
  });

  it('over https looks for the __Host- cookie only', async () => {
    await expect(
      passBrowserGate({ auth: 'session' }, event('GET'), 'https://api.example.com', deps()),
    ).rejects.toMatchObject({ code: 'unauthorized' });
    const secure = event('GET', { headers: { cookie: `__Host-ars_session=${TOKEN}` } });
    const { principal } = await passBrowserGate(
      { auth: 'session' },
      secure,
      'https://api.example.com',
      deps(),
    );
    expect(principal.kind).toBe('session');
  });

  it('accepts a form with the token and hands its fields on as JSON', async () => {
    const { event: handed } = await passBrowserGate(
      { auth: 'session' },
      form(`csrf_token=${CSRF}&scopes=scans%3Aread&scopes=scans%3Awrite&label=a+b`),
      BASE,
      deps(),
    );
    expect(JSON.parse(handed.body ?? '')).toEqual({
      csrf_token: CSRF,
      scopes: ['scans:read', 'scans:write'],
      label: 'a b',
    });
  });

  it('accepts the token in the x-csrf-token header too', async () => {
    await expect(
      passBrowserGate({ auth: 'session' }, form('a=1', { 'x-csrf-token': CSRF }), BASE, deps()),
    ).resolves.toBeDefined();
  });

  it('refuses a state change without the token, with another token, or from another origin', async () => {
    for (const request of [
      form('a=1'),
      form(`csrf_token=${'d'.repeat(43)}`),
      form(`csrf_token=${CSRF}`, { origin: 'https://evil.example' }),
      form(`csrf_token=${CSRF}`, { origin: 'null' }),
    ]) {
      await expect(
        passBrowserGate({ auth: 'session' }, request, BASE, deps()),
      ).rejects.toMatchObject({ code: 'csrf_failed' });
    }
  });

  it('applies the same-site check to the sign-in forms, which need no session', async () => {
    const foreign = form('email=a%40b.example', { origin: 'https://evil.example' });
    await expect(passBrowserGate({ auth: 'none' }, foreign, BASE, deps())).rejects.toMatchObject({
      code: 'csrf_failed',
    });
    const own = await passBrowserGate({ auth: 'none' }, form('email=a%40b.example'), BASE, deps());
    expect(own.principal).toEqual({ kind: 'anonymous' });
  });
});

describe('same-site and forms', () => {
  it('lets requests without Origin through only when Fetch Metadata does not say cross-site', () => {
    expect(() => checkSameSite({}, BASE)).not.toThrow();
    expect(() => checkSameSite({ 'sec-fetch-site': 'same-origin' }, BASE)).not.toThrow();
    expect(() => checkSameSite({ 'sec-fetch-site': 'same-site' }, BASE)).toThrow();
    expect(() => checkSameSite({ 'sec-fetch-site': 'cross-site' }, BASE)).toThrow();
  });

  it('parses repeated fields into arrays and keeps single ones as strings', () => {
    expect(parseForm('a=1&b=2&a=3&c=')).toEqual({ a: ['1', '3'], b: '2', c: '' });
  });
});

describe('the session cookie', () => {
  it('is HttpOnly and SameSite=Lax, and Secure with the __Host- prefix over https', () => {
    expect(sessionCookie(TOKEN, 60, false)).toBe(
      `ars_session=${TOKEN}; Path=/; Max-Age=60; HttpOnly; SameSite=Lax`,
    );
    expect(sessionCookie(TOKEN, 60, true)).toBe(
      `__Host-ars_session=${TOKEN}; Path=/; Max-Age=60; HttpOnly; SameSite=Lax; Secure`,
    );
  });
});
