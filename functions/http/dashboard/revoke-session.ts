/**
 * Lambda entry for `POST /dashboard/sessions/{id}/revoke` (operation `dashboard_revoke_session`):
 * the dashboard pipeline (session gate, form parsing, HTML views) around `endSession`; its
 * dependencies come from `getSignInDeps`. Nothing else belongs here (docs/architecture.md).
 */
import { createDashboardHandler } from '#shared/surfaces/dashboard/handler';
import { DASHBOARD_ROUTES } from '#shared/surfaces/dashboard/routes';
import { endSession } from '#shared/surfaces/dashboard/sign-in-pages';
import { getDashboardGateDeps } from '#shared/wiring/dashboard-session-gate';
import { getSignInDeps } from '#shared/wiring/sessions';

export const handler = createDashboardHandler(
  DASHBOARD_ROUTES.dashboard_revoke_session,
  endSession,
  getSignInDeps,
  getDashboardGateDeps,
);
