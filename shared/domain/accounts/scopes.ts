/**
 * The scopes of docs/api.md "Scopes". `account:manage` (an addition: members, invitations, the
 * audit log) comes with the admin and owner roles (roles.ts); `monitor:admin` is the operator's,
 * never a role's.
 */
export const SCOPES = [
  'monitor:read',
  'monitor:write',
  'monitor:admin',
  'scans:read',
  'scans:write',
  'webhooks:manage',
  'account:manage',
  'plugin',
] as const;

export type Scope = (typeof SCOPES)[number];

export function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value);
}
