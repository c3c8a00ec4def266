/**
 * What each dashboard page and form asks of the signed-in person's role, as the scope the API
 * asks for the same operation (docs/dashboard.md "Accounts and roles"): the session gate refuses
 * a form or page the role does not allow with 403 `insufficient_scope`, and the pages hide what
 * the role cannot use. Routes not listed need no scope (the overview, keys, sessions, the
 * account page and its switcher, invitations): what they do is bounded by the operation itself.
 */
import type { Scope } from '#shared/domain/accounts/scopes';
import type { RouteDefinition } from '#shared/surfaces/http/route';

const SCOPE_OF_ROUTE: Readonly<Record<string, Scope>> = {
  dashboard_scans: 'scans:read',
  dashboard_domain: 'scans:read',
  dashboard_scan: 'scans:read',
  dashboard_batches: 'scans:read',
  dashboard_batch: 'scans:read',
  dashboard_batch_csv: 'scans:read',
  dashboard_agents: 'scans:read',
  dashboard_domain_agents: 'scans:read',
  dashboard_run_scan: 'scans:write',
  dashboard_verify_scan: 'scans:write',
  dashboard_create_batch: 'scans:write',
  dashboard_upload_agent_log: 'scans:write',
  dashboard_cases: 'monitor:read',
  dashboard_case: 'monitor:read',
  dashboard_case_run: 'monitor:read',
  dashboard_run_answers: 'monitor:read',
  dashboard_case_prompts: 'monitor:read',
  dashboard_new_case: 'monitor:write',
  dashboard_edit_case: 'monitor:write',
  dashboard_create_case: 'monitor:write',
  dashboard_update_case: 'monitor:write',
  dashboard_start_run: 'monitor:write',
  dashboard_track_competitor: 'monitor:write',
  dashboard_case_status: 'monitor:write',
  dashboard_save_prompts: 'monitor:write',
  dashboard_save_translations: 'monitor:write',
  dashboard_webhooks: 'webhooks:manage',
  dashboard_create_webhook: 'webhooks:manage',
  dashboard_update_webhook: 'webhooks:manage',
  dashboard_test_webhook: 'webhooks:manage',
  dashboard_delete_webhook: 'webhooks:manage',
  dashboard_redeliver: 'webhooks:manage',
};

/** The routes with the scope each asks for (a route's own `scope`, when it has one, stays). */
export function withRoleScopes<T extends Record<string, RouteDefinition>>(routes: T): T {
  return Object.fromEntries(
    Object.entries(routes).map(([id, route]) => {
      const scope = route.scope ?? SCOPE_OF_ROUTE[id];
      return [id, scope ? { ...route, scope } : route];
    }),
  ) as T;
}
