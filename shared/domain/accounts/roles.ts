/**
 * The roles of an account's members and what each may do (docs/api.md "Members and roles"). The
 * one table every authorisation decision reads: a key or a session acts with the scopes of its
 * member's role in its account, a key never with more than its creator's role, and what only an
 * owner may do (transfer, erasure) is asked of the role itself.
 */
import type { Scope } from './scopes.ts';

/** Highest first: an owner may do all an admin may, an admin all a member may, and so on. */
export const ROLES = ['owner', 'admin', 'member', 'viewer'] as const;

export type Role = (typeof ROLES)[number];

/** The roles an invitation or a role change may give (the owner is made by a transfer only). */
export const ASSIGNABLE_ROLES = ['admin', 'member', 'viewer'] as const;

export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

const READ: readonly Scope[] = ['monitor:read', 'scans:read'];
const MEMBER: readonly Scope[] = [...READ, 'monitor:write', 'scans:write'];
const ADMIN: readonly Scope[] = [...MEMBER, 'webhooks:manage', 'account:manage'];

/**
 * What each role may do, as scopes: a viewer reads; a member also measures (cases, prompts,
 * runs, scans, batches, alerts); an admin also manages webhooks, keys of others, members and
 * invitations, and reads the audit log; the owner as an admin, and alone may transfer the
 * account, change its plan and erase it (`requireOwner`). `plugin` only restricts and is no
 * role's; `monitor:admin` is the operator's (an address on ADMIN_EMAILS), whatever the role.
 */
export const ROLE_SCOPES: Readonly<Record<Role, readonly Scope[]>> = {
  owner: ADMIN,
  admin: ADMIN,
  member: MEMBER,
  viewer: READ,
};

/**
 * The scopes a key of a member with `role` carries: its stored scopes within the role's (plus
 * `plugin`, which only restricts, and `monitor:admin`, which the operator's list decides).
 */
export function scopesWithinRole(scopes: readonly Scope[], role: Role): Scope[] {
  const allowed = new Set<Scope>([...ROLE_SCOPES[role], 'plugin', 'monitor:admin']);
  return scopes.filter((scope) => allowed.has(scope));
}

/** The scopes of `wanted` that `role` may not have (`plugin` and `monitor:admin` never count). */
export function scopesBeyondRole(wanted: readonly Scope[], role: Role): Scope[] {
  const allowed = new Set(scopesWithinRole(wanted, role));
  return wanted.filter((scope) => !allowed.has(scope));
}
