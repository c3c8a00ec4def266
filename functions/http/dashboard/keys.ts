import { DASHBOARD_ROUTES } from '#shared/api/routes/dashboard';
import { getKeyDeps } from '#shared/auth/key-composition';
import { createDashboardHandler } from '#shared/dashboard/handler';
import { keysOverview } from '#shared/dashboard/keys';

export const handler = createDashboardHandler(
  DASHBOARD_ROUTES.dashboard_keys,
  keysOverview,
  getKeyDeps,
);
