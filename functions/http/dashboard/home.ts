import { createDashboardHandler } from '#shared/surfaces/dashboard/handler';
import { homeOverview } from '#shared/surfaces/dashboard/home';
import { DASHBOARD_ROUTES } from '#shared/surfaces/dashboard/routes';
import { getHomeDeps } from '#shared/wiring/dashboard';

export const handler = createDashboardHandler(
  DASHBOARD_ROUTES.dashboard_home,
  homeOverview,
  getHomeDeps,
);
