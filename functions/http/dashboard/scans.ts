import { createDashboardHandler } from '#shared/surfaces/dashboard/handler';
import { DASHBOARD_ROUTES } from '#shared/surfaces/dashboard/routes';
import { scansOverview } from '#shared/surfaces/dashboard/scans';
import { getScanReadDeps } from '#shared/wiring/scans-read';

export const handler = createDashboardHandler(
  DASHBOARD_ROUTES.dashboard_scans,
  scansOverview,
  getScanReadDeps,
);
