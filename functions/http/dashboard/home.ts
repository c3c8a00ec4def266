import { DASHBOARD_ROUTES } from '#shared/api/routes/dashboard';
import { getHomeDeps } from '#shared/dashboard/composition';
import { createDashboardHandler } from '#shared/dashboard/handler';
import { homeOverview } from '#shared/dashboard/home';

export const handler = createDashboardHandler(
  DASHBOARD_ROUTES.dashboard_home,
  homeOverview,
  getHomeDeps,
);
