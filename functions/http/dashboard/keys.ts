/**
 * Lambda entry for `GET /dashboard/keys` (operation `dashboard_keys`): the dashboard pipeline
 * (session gate, form parsing, HTML views) around `keysOverview`; its dependencies come from
 * `getKeyDeps`. Nothing else belongs here (docs/architecture.md).
 */
import { createDashboardHandler } from '#shared/surfaces/dashboard/handler';
import { keysOverview } from '#shared/surfaces/dashboard/keys';
import { DASHBOARD_ROUTES } from '#shared/surfaces/dashboard/routes';
import { getDashboardGateDeps } from '#shared/wiring/dashboard-session-gate';
import { getKeyDeps } from '#shared/wiring/keys';

export const handler = createDashboardHandler(
  DASHBOARD_ROUTES.dashboard_keys,
  keysOverview,
  getKeyDeps,
  getDashboardGateDeps,
);
