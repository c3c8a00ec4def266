/**
 * The principals an operation hears from (anonymous, an API key, a dashboard session), what each
 * carries, and which one each route's auth mode promises.
 */
import type { Role } from './roles.ts';
import type { Scope } from './scopes.ts';

/**
 * Who is calling (docs/decisions.md, "Principals"): nobody in particular, the holder of one API
 * key, or a person signed in to the dashboard. Each route's auth mode says which it gets
 * (`PrincipalFor`), so a required-key route's operation receives a key, typed, with no check of
 * its own.
 */
export type Principal = Anonymous | KeyPrincipal | SessionPrincipal;

export interface Anonymous {
  kind: 'anonymous';
}

/**
 * Who an operation acting for an account hears from, whoever asks: a key or a session. The
 * operations that both the API and the dashboard call take this (`CallerInput`), and use the
 * account and scopes it carries; the kind is there for what only one of them has.
 */
export type Caller = KeyPrincipal | SessionPrincipal;

export const ANONYMOUS: Anonymous = { kind: 'anonymous' };

/**
 * What every account principal carries (docs/decisions.md "An account is a team"): the account it
 * acts for, the member acting and that member's role there, read afresh on every request (within
 * the key cache's TTL), and the scopes that role allows.
 */
interface AccountHolder {
  /**
   * The account (tenant): every read and write of the account's cases, keys, scans, webhooks and
   * jobs is keyed by it (a case's `user_id`, "the owning account").
   */
  accountId: string;
  /** The member acting: the signed-in user, or the user who created the key. */
  memberId: string;
  /** The acting member's address (the operator's admin list is read against it). */
  email: string;
  /** The acting member's role in the account now. */
  role: Role;
  scopes: ReadonlySet<Scope>;
}

/** The holder of one API key (a bearer key on an API route). */
export interface KeyPrincipal extends AccountHolder {
  kind: 'key';
  keyId: string;
  plugin: boolean;
}

/**
 * A person signed in to the dashboard: the session's public id and the CSRF token its forms
 * carry. A session holds every scope the account may use (shared/domain/accounts/sessions.ts).
 */
export interface SessionPrincipal extends AccountHolder {
  kind: 'session';
  sessionId: string;
  csrfToken: string;
}

/**
 * - `none`: no key is read (documents, pages).
 * - `optional`: anonymous calls allowed; a key that is sent must be valid (401 `invalid_key`).
 * - `required`: a valid key is needed (401 `unauthorized`).
 * - `session`: a dashboard session cookie is needed (no bearer key is read), and every
 *   state-changing request must carry the session's CSRF token from the same origin
 *   (shared/surfaces/dashboard/session-gate.ts).
 */
export type AuthMode = 'none' | 'optional' | 'required' | 'session';

/** The principal a route of each auth mode receives, once its gate has let the request in. */
export type PrincipalFor<A extends AuthMode> = A extends 'required'
  ? KeyPrincipal
  : A extends 'optional'
    ? Anonymous | KeyPrincipal
    : A extends 'session'
      ? SessionPrincipal
      : Anonymous;

export interface AuthRequirement {
  auth: AuthMode;
  scope?: Scope;
}

/** True when the principal may read every tenant (docs/api.md "Scopes": `monitor:admin`). */
export function readsAllTenants(principal: Principal): boolean {
  return principal.kind !== 'anonymous' && principal.scopes.has('monitor:admin');
}
