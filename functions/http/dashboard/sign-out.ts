/**
 * Lambda entry for `POST /dashboard/sign-out` (operation `dashboard_sign_out`): the dashboard
 * pipeline (session gate, form parsing, HTML views) around `signOut`; its dependencies come from
 * `getSignInDeps`. Nothing else belongs here (docs/architecture.md).
 */
import { createDashboardHandler } from '#shared/surfaces/dashboard/handler';
import { DASHBOARD_ROUTES } from '#shared/surfaces/dashboard/routes';
import { signOut } from '#shared/surfaces/dashboard/sign-in-pages';
import { getDashboardGateDeps } from '#shared/wiring/dashboard-session-gate';
import { getSignInDeps } from '#shared/wiring/sessions';

export const handler = createDashboardHandler(
  DASHBOARD_ROUTES.dashboard_sign_out,
  signOut,
  getSignInDeps,
  getDashboardGateDeps,
);
