/**
 * Dashboard sessions (docs/dashboard.md): what a session is worth, how its cookie looks, and the
 * principal it stands for. A session lets the dashboard call the areas' operations unchanged:
 * its principal is a key-like principal of the user in the account the session has chosen,
 * carrying every scope the user's role there allows (`monitor:admin` only while the address is
 * on ADMIN_EMAILS, never `plugin`).
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { SessionPrincipal } from './principal.ts';
import { ROLE_SCOPES, type Role } from './roles.ts';
import type { Scope } from './scopes.ts';
import type { StoredSession } from './session-ports.ts';

export {
  generateSecretToken,
  hashSecretToken,
  isWellFormedSecretToken,
} from './secret-tokens.ts';
export { type SessionSettings, sessionSettingsFrom } from './session-settings.ts';

export function generateSessionId(): string {
  return `ses_${randomBytes(12).toString('base64url')}`;
}

/** Constant-time comparison for the CSRF token. */
export function sameSecret(expected: string, given: string | undefined): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(given, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Over https the cookie is `__Host-` prefixed (Secure, Path=/, no Domain: no subdomain can set or
 * shadow it); over plain http (the local stack) it cannot be, and is named without the prefix.
 */
export function sessionCookieName(secure: boolean): string {
  return secure ? '__Host-ars_session' : 'ars_session';
}

export function sessionCookie(token: string, maxAgeSeconds: number, secure: boolean): string {
  const attributes = [
    `${sessionCookieName(secure)}=${token}`,
    'Path=/',
    `Max-Age=${maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Lax',
  ];
  if (secure) attributes.push('Secure');
  return attributes.join('; ');
}

export function clearedSessionCookie(secure: boolean): string {
  return sessionCookie('', 0, secure);
}

/** The value of one cookie from the request's cookie strings (API Gateway v2 `cookies`). */
export function readCookie(cookies: readonly string[], name: string): string | undefined {
  for (const cookie of cookies.flatMap((entry) => entry.split(';'))) {
    const separator = cookie.indexOf('=');
    if (separator < 0) continue;
    if (cookie.slice(0, separator).trim() === name) return cookie.slice(separator + 1).trim();
  }
  return undefined;
}

/**
 * Every scope a person signed in as `email` with `role` in the account may use (and may put on
 * keys they create): the role's, and `monitor:admin` for an address on the operator's list.
 */
export function sessionScopes(
  role: Role,
  email: string,
  adminEmails: readonly string[],
): ReadonlySet<Scope> {
  const scopes = new Set<Scope>(ROLE_SCOPES[role]);
  if (adminEmails.includes(email.toLowerCase())) scopes.add('monitor:admin');
  return scopes;
}

/** The principal of a session acting in `access.accountId` with `access.role`. */
export function sessionPrincipal(
  session: Pick<StoredSession, 'id' | 'user_id' | 'email' | 'csrf_token'>,
  access: { accountId: string; role: Role },
  adminEmails: readonly string[],
): SessionPrincipal {
  return {
    kind: 'session',
    sessionId: session.id,
    accountId: access.accountId,
    memberId: session.user_id,
    email: session.email,
    role: access.role,
    scopes: sessionScopes(access.role, session.email, adminEmails),
    csrfToken: session.csrf_token,
  };
}
