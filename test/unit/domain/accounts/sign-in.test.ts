import { describe, expect, it } from 'vitest';
import { systemClock } from '#shared/adapters/clock/system-clock';
import type { MailMessage } from '#shared/domain/accounts/mail-port';
import type { User } from '#shared/domain/accounts/ports';
import type { SessionStore, StoredSignInLink } from '#shared/domain/accounts/session-ports';
import { hashSecretToken, sessionSettingsFrom } from '#shared/domain/accounts/sessions';
import {
  peekSignInLink,
  requestSignInLink,
  type SignInDeps,
  startSession,
} from '#shared/domain/accounts/sign-in';
import { ConflictError } from '#shared/domain/kernel/errors';
import { fixedClock } from '#test/support/clock';
import { type RecordingLogger, recordingLogger } from '#test/support/logger';

/** The sign-in service with in-memory ports: what it stores, mails and refuses. */
const USER: User = {
  id: 'user-1',
  email: 'you@example.com',
  created_at: '2026-01-01T00:00:00.000Z',
  account: null,
};

function fakes(options: { mailFails?: boolean; signUp?: 'open' | 'closed' } = {}) {
  const links = new Map<string, StoredSignInLink>();
  const counters = new Map<string, number>();
  const mails: MailMessage[] = [];
  const users = new Map<string, User>([[USER.email, USER]]);
  const sessions: SessionStore = {
    putSession: async () => undefined,
    getSession: async () => undefined,
    deleteSession: async () => undefined,
    setSessionAccount: async () => true,
    listSessions: async () => [],
    putSignInLink: async (hash, link) => void links.set(hash, link),
    getSignInLink: async (hash) => links.get(hash),
    async useSignInLink(hash, now, usedAt) {
      const link = links.get(hash);
      if (!link || link.used_at || link.expires_at <= now) return undefined;
      const used = { ...link, used_at: usedAt };
      links.set(hash, used);
      return used;
    },
  };
  const deps: SignInDeps = {
    sessions,
    users: {
      findUserByEmail: async (email) => users.get(email),
      findUserById: async (id) => [...users.values()].find((user) => user.id === id),
      async createUser(user) {
        if (users.has(user.email)) throw new ConflictError('user_exists', 'taken');
        users.set(user.email, user);
      },
    },
    quota: {
      async consume(key, window, limit) {
        const used = counters.get(`${key}/${window}`) ?? 0;
        if (used >= limit) return false;
        counters.set(`${key}/${window}`, used + 1);
        return used + 1;
      },
      release: async () => undefined,
      used: async (key, window) => counters.get(`${key}/${window}`) ?? 0,
    },
    mail: {
      async send(message) {
        if (options.mailFails) throw new Error('SES answered 500');
        mails.push(message);
      },
    },
    settings: sessionSettingsFrom({ SIGNUP: options.signUp ?? 'open' }),
    logger: recordingLogger(),
    clock: systemClock,
  };
  return { deps, links, mails, users };
}

const ask = (deps: SignInDeps, email: string) =>
  requestSignInLink({ email, sourceIp: '192.0.2.1', baseUrl: 'https://dash.example' }, deps);

describe('asking for a sign-in link', () => {
  it('mails a user a link whose token is stored only as its hash', async () => {
    const { deps, links, mails } = fakes();
    await ask(deps, ' You@Example.com ');
    expect(mails).toHaveLength(1);
    const token = /token=([\w-]+)/.exec(mails[0]?.text ?? '')?.[1] ?? '';
    expect(mails[0]?.text).toContain(`https://dash.example/dashboard/sign-in?token=${token}`);
    expect([...links.keys()]).toEqual([hashSecretToken(token)]);
    expect(JSON.stringify([...links.values()])).not.toContain(token);
  });

  it('resolves alike for an unknown address and when the mail cannot be sent', async () => {
    const unknown = fakes({ signUp: 'closed' });
    await expect(ask(unknown.deps, 'nobody@example.com')).resolves.toBeUndefined();
    expect(unknown.mails).toEqual([]);
    const failing = fakes({ mailFails: true });
    await expect(ask(failing.deps, USER.email)).resolves.toBeUndefined();
    // A failed send is logged for the operator, never shown to the person asking.
    expect((failing.deps.logger as RecordingLogger).at('error')).toHaveLength(1);
  });

  it('mails an address without an account a sign-up link while sign-up is open', async () => {
    const { deps, links, mails } = fakes();
    await expect(ask(deps, 'New@Example.com')).resolves.toBeUndefined();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: 'new@example.com' });
    expect(mails[0]?.subject).toMatch(/Create your free/);
    expect([...links.values()]).toEqual([expect.objectContaining({ user_id: null })]);
  });

  it('counts requests per address whether or not it has an account', async () => {
    for (const email of [USER.email, 'nobody@example.com']) {
      const { deps } = fakes();
      for (let attempt = 0; attempt < 5; attempt += 1) await ask(deps, email);
      await expect(ask(deps, email)).rejects.toMatchObject({ code: 'sign_in_limited' });
    }
  });

  it('refuses a malformed address', async () => {
    await expect(ask(fakes().deps, 'not an address')).rejects.toMatchObject({
      code: 'invalid_email',
    });
  });
});

describe('using a link', () => {
  it('starts a session once and refuses the same token after', async () => {
    const { deps, mails } = fakes();
    await ask(deps, USER.email);
    const token = /token=([\w-]+)/.exec(mails[0]?.text ?? '')?.[1] ?? '';
    const { session, cookieToken } = await startSession({ token }, deps);
    expect(session).toMatchObject({ user_id: USER.id, email: USER.email });
    expect(cookieToken).not.toBe(token);
    await expect(startSession({ token }, deps)).rejects.toMatchObject({
      code: 'sign_in_link_invalid',
    });
  });

  it('creates the account on the free plan with a sign-up link, once', async () => {
    const { deps, mails, users } = fakes();
    await ask(deps, 'new@example.com');
    const token = /token=([\w-]+)/.exec(mails[0]?.text ?? '')?.[1] ?? '';
    expect(await peekSignInLink(token, deps)).toEqual({ email: 'new@example.com', signUp: true });
    const { session } = await startSession({ token }, deps);
    const created = users.get('new@example.com');
    expect(created?.account).toEqual({ plan: 'free', subscription: 'active' });
    expect(session).toMatchObject({ user_id: created?.id, email: 'new@example.com' });
    await expect(startSession({ token }, deps)).rejects.toMatchObject({
      code: 'sign_in_link_invalid',
    });
    expect(users.size).toBe(2);
  });

  it('signs a second sign-up link of the same address in to the account the first created', async () => {
    const { deps, mails, users } = fakes();
    await ask(deps, 'twice@example.com');
    await ask(deps, 'twice@example.com');
    const tokens = mails.map((mail) => /token=([\w-]+)/.exec(mail.text)?.[1] ?? '');
    const first = await startSession({ token: tokens[0] ?? '' }, deps);
    const second = await startSession({ token: tokens[1] ?? '' }, deps);
    expect(second.session.user_id).toBe(first.session.user_id);
    expect(users.size).toBe(2);
  });

  it('refuses a sign-up link once sign-up is closed', async () => {
    const { deps, mails, users } = fakes();
    await ask(deps, 'late@example.com');
    const token = /token=([\w-]+)/.exec(mails[0]?.text ?? '')?.[1] ?? '';
    const closed = { ...deps, settings: { ...deps.settings, signUp: 'closed' as const } };
    await expect(peekSignInLink(token, closed)).rejects.toMatchObject({
      code: 'sign_in_link_invalid',
    });
    await expect(startSession({ token }, closed)).rejects.toMatchObject({
      code: 'sign_in_link_invalid',
    });
    expect(users.has('late@example.com')).toBe(false);
  });

  it('refuses a link past its lifetime', async () => {
    const { deps, mails } = fakes();
    await ask(deps, USER.email);
    const token = /token=([\w-]+)/.exec(mails[0]?.text ?? '')?.[1] ?? '';
    const later = { ...deps, clock: fixedClock(new Date(Date.now() + 16 * 60_000)) };
    await expect(startSession({ token }, later)).rejects.toMatchObject({
      code: 'sign_in_link_invalid',
    });
  });
});
