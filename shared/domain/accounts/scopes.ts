/** The scopes of docs/api.md "Scopes". */
export const SCOPES = [
  'monitor:read',
  'monitor:write',
  'monitor:admin',
  'scans:read',
  'scans:write',
  'webhooks:manage',
  'plugin',
] as const;

export type Scope = (typeof SCOPES)[number];

export function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value);
}
