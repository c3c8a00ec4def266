import { DASHBOARD_ROUTES } from '#shared/api/routes/dashboard';
import { createDashboardHandler } from '#shared/dashboard/handler';
import { scansOverview } from '#shared/dashboard/scans';
import { getScanReadDeps } from '#shared/scans/read-composition';

export const handler = createDashboardHandler(
  DASHBOARD_ROUTES.dashboard_scans,
  scansOverview,
  getScanReadDeps,
);
