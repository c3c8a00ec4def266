import { describe, expect, it } from 'vitest';
import { ROLE_SCOPES } from '#shared/domain/accounts/roles';
import { DASHBOARD_ROUTES } from '#shared/surfaces/dashboard/routes';
import type { RouteDefinition } from '#shared/surfaces/http/route';

/**
 * The role table of the dashboard (shared/surfaces/dashboard/dashboard-scopes.ts): every page and
 * form of a session asks for a scope, except the few whose operations bound themselves, so a page
 * or form added later cannot reach a role that may not use it by being forgotten here.
 */
const BOUNDED_BY_THEIR_OPERATION = [
  'dashboard_sign_out',
  'dashboard_revoke_session',
  'dashboard_home',
  'dashboard_keys',
  'dashboard_create_key',
  'dashboard_revoke_key',
  // Every member sees the plan; its forms ask account:manage and the operation the owner.
  'dashboard_billing',
  'dashboard_account',
  'dashboard_invitation',
  'dashboard_accept_invitation',
  'dashboard_decline_invitation',
  'dashboard_switch_account',
];

const sessionRoutes = Object.entries(DASHBOARD_ROUTES as Record<string, RouteDefinition>).filter(
  ([, route]) => route.auth === 'session',
);

describe('the dashboard role table', () => {
  it('gives every session page and form a scope, but those bounded by their operation', () => {
    const unscoped = sessionRoutes.filter(([, route]) => !route.scope).map(([id]) => id);
    expect(unscoped).toEqual(BOUNDED_BY_THEIR_OPERATION);
  });

  it('refuses a viewer every form that writes, and lets it read every page its scopes allow', () => {
    const viewer = ROLE_SCOPES.viewer;
    for (const [id, route] of sessionRoutes) {
      if (!route.scope) continue;
      const allowed = viewer.includes(route.scope);
      if (route.method === 'POST') expect(allowed, id).toBe(false);
      else if (route.scope.endsWith(':read')) expect(allowed, id).toBe(true);
    }
  });

  it('lets an admin and the owner use every page and form', () => {
    for (const role of ['admin', 'owner'] as const) {
      for (const [id, route] of sessionRoutes) {
        if (route.scope)
          expect(ROLE_SCOPES[role].includes(route.scope), `${role} ${id}`).toBe(true);
      }
    }
  });
});
