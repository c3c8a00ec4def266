import { DASHBOARD_ROUTES } from '#shared/api/routes/dashboard';
import { getScanHistoryDeps } from '#shared/dashboard/composition';
import { createDashboardHandler } from '#shared/dashboard/handler';
import { scansOverview } from '#shared/dashboard/scans';

export const handler = createDashboardHandler(
  DASHBOARD_ROUTES.dashboard_scans,
  scansOverview,
  getScanHistoryDeps,
);
