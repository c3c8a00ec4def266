import type { Scope } from './scopes.ts';

/** Who is calling: nobody in particular, or the holder of one API key. */
export type Principal =
  | { kind: 'anonymous' }
  | {
      kind: 'key';
      keyId: string;
      userId: string;
      email: string;
      scopes: ReadonlySet<Scope>;
      plugin: boolean;
    };

export type KeyPrincipal = Extract<Principal, { kind: 'key' }>;

export const ANONYMOUS: Principal = { kind: 'anonymous' };

/**
 * - `none`: no key is read (documents, pages).
 * - `optional`: anonymous calls allowed; a key that is sent must be valid (401 `invalid_key`).
 * - `required`: a valid key is needed (401 `unauthorized`).
 */
export type AuthMode = 'none' | 'optional' | 'required';

export interface AuthRequirement {
  auth: AuthMode;
  scope?: Scope;
}

/** True when the principal may read every tenant (SPEC.md: `monitor:admin`). */
export function readsAllTenants(principal: Principal): boolean {
  return principal.kind === 'key' && principal.scopes.has('monitor:admin');
}
