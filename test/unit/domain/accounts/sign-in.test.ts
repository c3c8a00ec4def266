import { describe, expect, it } from 'vitest';
import { systemClock } from '#shared/adapters/clock/system-clock';
import type { MailMessage } from '#shared/domain/accounts/mail-port';
import type { User } from '#shared/domain/accounts/ports';
import type { SessionStore, StoredSignInLink } from '#shared/domain/accounts/session-ports';
import { hashSecretToken, sessionSettingsFrom } from '#shared/domain/accounts/sessions';
import { requestSignInLink, type SignInDeps, startSession } from '#shared/domain/accounts/sign-in';
import { fixedClock } from '#test/support/clock';
import { type RecordingLogger, recordingLogger } from '#test/support/logger';

/** The sign-in service with in-memory ports: what it stores, mails and refuses. */
const USER: User = {
  id: 'user-1',
  email: 'you@example.com',
  created_at: '2026-01-01T00:00:00.000Z',
  account: null,
};

function fakes(options: { mailFails?: boolean } = {}) {
  const links = new Map<string, StoredSignInLink>();
  const counters = new Map<string, number>();
  const mails: MailMessage[] = [];
  const sessions: SessionStore = {
    putSession: async () => undefined,
    getSession: async () => undefined,
    deleteSession: async () => undefined,
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
      findUserByEmail: async (email) => (email === USER.email ? USER : undefined),
      findUserById: async (id) => (id === USER.id ? USER : undefined),
    },
    quota: {
      async consume(key, window, limit) {
        const used = counters.get(`${key}/${window}`) ?? 0;
        if (used >= limit) return false;
        counters.set(`${key}/${window}`, used + 1);
        return used + 1;
      },
      release: async () => undefined,
    },
    mail: {
      async send(message) {
        if (options.mailFails) throw new Error('SES answered 500');
        mails.push(message);
      },
    },
    settings: sessionSettingsFrom({}),
    logger: recordingLogger(),
    clock: systemClock,
  };
  return { deps, links, mails };
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
    const unknown = fakes();
    await expect(ask(unknown.deps, 'nobody@example.com')).resolves.toBeUndefined();
    expect(unknown.mails).toEqual([]);
    const failing = fakes({ mailFails: true });
    await expect(ask(failing.deps, USER.email)).resolves.toBeUndefined();
    // A failed send is logged for the operator, never shown to the person asking.
    expect((failing.deps.logger as RecordingLogger).at('error')).toHaveLength(1);
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
