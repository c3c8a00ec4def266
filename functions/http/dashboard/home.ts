/**
 * Lambda entry for `GET /dashboard` (operation `dashboard_home`): the dashboard pipeline (session
 * gate, form parsing, HTML views) around `homeOverview`; its dependencies come from `getHomeDeps`.
 * Nothing else belongs here (docs/architecture.md).
 */
import { createDashboardHandler } from '#shared/surfaces/dashboard/handler';
import { homeOverview } from '#shared/surfaces/dashboard/home';
import { DASHBOARD_ROUTES } from '#shared/surfaces/dashboard/routes';
import { getHomeDeps } from '#shared/wiring/dashboard';
import { getDashboardGateDeps } from '#shared/wiring/dashboard-session-gate';

export const handler = createDashboardHandler(
  DASHBOARD_ROUTES.dashboard_home,
  homeOverview,
  getHomeDeps,
  getDashboardGateDeps,
);
