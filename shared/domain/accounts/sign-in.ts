/**
 * Password-less sign-in (docs/dashboard.md): a person asks for a link for their address; if the
 * address belongs to a user, a single-use link valid for SIGN_IN_LINK_TTL_S is mailed, and with
 * SIGNUP open an address without one gets a sign-up link the same way (sign-up.ts); either way
 * the answer is the same, so the form never tells whether an address has an account. Link
 * requests are counted per address (whether or not it exists) and per client network. Using
 * the link starts a session; the link token and the session token are stored only as hashes.
 */
import type { MailPort } from '#shared/domain/accounts/mail-port';
import { type Clock, frozenAt } from '#shared/domain/kernel/clock';
import { BadRequestError, NotFoundError, RateLimitedError } from '#shared/domain/kernel/errors';
import type { Logger } from '#shared/domain/kernel/logger';
import { quotaBucketForAddress } from '#shared/domain/scans/client-address';
import type { QuotaStore } from '#shared/domain/scans/ports';
import { normaliseEmail } from './operator-service.ts';
import type { User } from './ports.ts';
import { deviceOf, maskedAddress } from './session-device.ts';
import type { SessionStore, StoredSession } from './session-ports.ts';
import {
  generateSecretToken,
  generateSessionId,
  hashSecretToken,
  isWellFormedSecretToken,
  type SessionSettings,
} from './sessions.ts';
import { signUpMail, userForSignUp } from './sign-up.ts';

export const SIGN_IN_PATH = '/dashboard/sign-in';

export interface SignInDeps {
  sessions: SessionStore;
  users: {
    findUserByEmail(email: string): Promise<User | undefined>;
    findUserById(id: string): Promise<User | undefined>;
    /** Sign-up: creates the user, 409 `user_exists` when the address has one already. */
    createUser(user: User): Promise<void>;
  };
  quota: QuotaStore;
  mail: MailPort;
  settings: SessionSettings;
  logger: Logger;
  clock: Clock;
}

const epochSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

export function signInUrl(baseUrl: string, token: string): string {
  return `${baseUrl}${SIGN_IN_PATH}?token=${encodeURIComponent(token)}`;
}

/**
 * A path the session may go to once started: a dashboard page of this site, nothing else (no
 * other host, no scheme, no `//`), so a link cannot send a person elsewhere.
 */
export function safeReturnPath(path: string | undefined | null): string | null {
  if (!path || path.length > 300) return null;
  return /^\/dashboard(\/[A-Za-z0-9_-]+)*$/.test(path) ? path : null;
}

/** Writes a fresh link for the user: the mailed form and the operator CLI's `login-link`. */
export function issueSignInLink(
  user: User,
  baseUrl: string,
  deps: Pick<SignInDeps, 'sessions' | 'settings' | 'clock'>,
): Promise<{ url: string; expiresAt: Date }> {
  return issueLink({ userId: user.id, email: user.email }, baseUrl, deps);
}

/** A single-use link; `userId` null makes it a sign-up link for an address without a user. */
export async function issueLink(
  owner: { userId: string | null; email: string },
  baseUrl: string,
  deps: Pick<SignInDeps, 'sessions' | 'settings' | 'clock'>,
  next: string | null = null,
): Promise<{ url: string; expiresAt: Date }> {
  const now = deps.clock.now();
  const token = generateSecretToken();
  const expiresAt = new Date(now.getTime() + deps.settings.linkTtlSeconds * 1000);
  await deps.sessions.putSignInLink(hashSecretToken(token), {
    user_id: owner.userId,
    email: owner.email,
    created_at: now.toISOString(),
    expires_at: epochSeconds(expiresAt),
    used_at: null,
    next,
  });
  return { url: signInUrl(baseUrl, token), expiresAt };
}

function hourWindow(now: Date): string {
  return `HOUR#${now.toISOString().slice(0, 13)}`;
}

async function takeLinkAllowance(email: string, sourceIp: string, deps: SignInDeps, now: Date) {
  const window = hourWindow(now);
  const expires = epochSeconds(now) + 2 * 3600;
  const limited = new RateLimitedError(
    'sign_in_limited',
    'Too many sign-in links were asked for from here or for this address. Wait an hour, or use ' +
      'the newest link you received.',
    { retryAfterSeconds: 3600 - (epochSeconds(now) % 3600) },
  );
  const network = `SIGNIN#NET#${quotaBucketForAddress(sourceIp)}`;
  if (!(await deps.quota.consume(network, window, deps.settings.linksPerNetworkPerHour, expires))) {
    throw limited;
  }
  const address = `SIGNIN#ADDR#${hashSecretToken(email)}`;
  if (!(await deps.quota.consume(address, window, deps.settings.linksPerAddressPerHour, expires))) {
    throw limited;
  }
}

/**
 * Mails a sign-in link when the address has a user, a sign-up link when it has none and SIGNUP
 * is open; resolves the same way when it gets nothing (sign-up closed), and when the mail could
 * not be sent (logged). Throws only for a malformed address (400), too many requests (429) or a
 * store outage (503), none of which says whether the address has an account.
 */
export async function requestSignInLink(
  input: { email: string; sourceIp: string; baseUrl: string; next?: string | undefined },
  deps: SignInDeps,
): Promise<void> {
  const email = normaliseEmail(input.email);
  const now = deps.clock.now();
  await takeLinkAllowance(email, input.sourceIp, deps, now);
  const user = await deps.users.findUserByEmail(email);
  if (!user && deps.settings.signUp === 'closed') {
    deps.logger.info('sign-in link asked for an address without a user');
    return;
  }
  const { url } = await issueLink(
    { userId: user?.id ?? null, email },
    input.baseUrl,
    { ...deps, clock: frozenAt(now) },
    safeReturnPath(input.next),
  );
  // A failed send is logged, not shown: an error only addresses with an account could meet
  // would tell which addresses have one. The person asks again after a while.
  await deps.mail
    .send(user ? signInMail(email, url, deps.settings) : signUpMail(email, url, deps.settings))
    .catch((error: unknown) => {
      deps.logger.error('sign-in mail not sent', { error: error as Error });
    });
}

function signInMail(to: string, url: string, settings: SessionSettings) {
  return {
    to,
    subject: 'Your sign-in link for the Agent-Readiness dashboard',
    text: [
      'Open this link to sign in to the Agent-Readiness dashboard:',
      '',
      url,
      '',
      `It works once, within ${Math.round(settings.linkTtlSeconds / 60)} minutes.`,
      'If you did not ask for it, ignore this mail: nobody can sign in without the link.',
    ].join('\n'),
  };
}

export function invalidLink(): BadRequestError {
  return new BadRequestError(
    'sign_in_link_invalid',
    'This sign-in link is not valid: it was already used, it expired, or it was mistyped. Ask ' +
      'for a new one.',
  );
}

/**
 * The address a link would sign in as, and whether it creates the account first, without using
 * it (the confirmation page).
 */
export async function peekSignInLink(
  token: string,
  deps: Pick<SignInDeps, 'sessions' | 'settings' | 'clock'>,
): Promise<{ email: string; signUp: boolean }> {
  if (!isWellFormedSecretToken(token)) throw invalidLink();
  const link = await deps.sessions.getSignInLink(hashSecretToken(token));
  const now = epochSeconds(deps.clock.now());
  if (!link || link.used_at !== null || link.expires_at <= now) throw invalidLink();
  if (link.user_id === null && deps.settings.signUp === 'closed') throw invalidLink();
  return { email: link.email, signUp: link.user_id === null };
}

/**
 * Uses a link (once) and starts a session: the cookie token, the session as stored, and where
 * it goes first (the link's return path, else null: the overview).
 */
export async function startSession(
  input: { token: string; userAgent?: string | undefined; sourceIp?: string | undefined },
  deps: SignInDeps,
): Promise<{
  cookieToken: string;
  session: StoredSession;
  user: User;
  next: string | null;
}> {
  if (!isWellFormedSecretToken(input.token)) throw invalidLink();
  const now = deps.clock.now();
  const link = await deps.sessions.useSignInLink(
    hashSecretToken(input.token),
    epochSeconds(now),
    now.toISOString(),
  );
  if (!link) throw invalidLink();
  // The user may have been removed since the link was mailed; a sign-up link creates it.
  const user =
    link.user_id === null
      ? await userForSignUp(link.email, deps, now)
      : await deps.users.findUserById(link.user_id);
  if (!user) throw invalidLink();
  const cookieToken = generateSecretToken();
  const session: StoredSession = {
    id: generateSessionId(),
    user_id: user.id,
    email: user.email,
    csrf_token: generateSecretToken(),
    created_at: now.toISOString(),
    expires_at: epochSeconds(now) + deps.settings.sessionTtlSeconds,
    device: deviceOf(input.userAgent),
    address: input.sourceIp === undefined ? null : maskedAddress(input.sourceIp),
  };
  await deps.sessions.putSession(hashSecretToken(cookieToken), session);
  return { cookieToken, session, user, next: safeReturnPath(link.next) };
}

/** The live session a cookie token names, or undefined (unknown, malformed or expired). */
export async function resolveSession(
  cookieToken: string | undefined,
  deps: Pick<SignInDeps, 'sessions' | 'clock'>,
): Promise<StoredSession | undefined> {
  if (!cookieToken || !isWellFormedSecretToken(cookieToken)) return undefined;
  const session = await deps.sessions.getSession(hashSecretToken(cookieToken));
  if (!session || session.expires_at <= epochSeconds(deps.clock.now())) return undefined;
  return session;
}

/** A user's live sessions, newest first. */
export async function listLiveSessions(
  userId: string,
  deps: Pick<SignInDeps, 'sessions' | 'clock'>,
): Promise<StoredSession[]> {
  const now = epochSeconds(deps.clock.now());
  const all = await deps.sessions.listSessions(userId);
  return all
    .map((entry) => entry.session)
    .filter((session) => session.expires_at > now)
    .reverse();
}

/** Ends one of the user's sessions by its public id; another user's id reads as unknown. */
export async function revokeSession(
  userId: string,
  sessionId: string,
  deps: Pick<SignInDeps, 'sessions'>,
): Promise<void> {
  const all = await deps.sessions.listSessions(userId);
  const found = all.find((entry) => entry.session.id === sessionId);
  if (!found) throw new NotFoundError(`No session "${sessionId.slice(0, 40)}".`);
  await deps.sessions.deleteSession(found.tokenHash);
}
