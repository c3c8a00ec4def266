/** Who is calling: nobody in particular, or the holder of one API key. */
import type { Scope } from './scopes.ts';

export type Principal =
  | { kind: 'anonymous' }
  | {
      kind: 'key';
      keyId: string;
      userId: string;
      email: string;
      scopes: ReadonlySet<Scope>;
      plugin: boolean;
      /**
       * Set when the caller is a dashboard session, not a bearer key: the session's public id
       * and the CSRF token its forms carry. The principal then holds every scope the account
       * may use, so the areas' operations run unchanged for the dashboard (`keyId` is
       * `session:<id>`).
       */
      session?: { id: string; csrfToken: string };
    };

export type KeyPrincipal = Extract<Principal, { kind: 'key' }>;

export const ANONYMOUS: Principal = { kind: 'anonymous' };

/**
 * - `none`: no key is read (documents, pages).
 * - `optional`: anonymous calls allowed; a key that is sent must be valid (401 `invalid_key`).
 * - `required`: a valid key is needed (401 `unauthorized`).
 * - `session`: a dashboard session cookie is needed (no bearer key is read), and every
 *   state-changing request must carry the session's CSRF token from the same origin
 *   (shared/surfaces/dashboard/session-gate.ts).
 */
export type AuthMode = 'none' | 'optional' | 'required' | 'session';

export interface AuthRequirement {
  auth: AuthMode;
  scope?: Scope;
}

/** True when the principal may read every tenant (SPEC.md: `monitor:admin`). */
export function readsAllTenants(principal: Principal): boolean {
  return principal.kind === 'key' && principal.scopes.has('monitor:admin');
}
