import { createDashboardHandler } from '#shared/surfaces/dashboard/handler';
import { DASHBOARD_ROUTES } from '#shared/surfaces/dashboard/routes';
import { runScan } from '#shared/surfaces/dashboard/scans';
import { getRunScanDeps } from '#shared/wiring/dashboard-scan';

export const handler = createDashboardHandler(
  DASHBOARD_ROUTES.dashboard_run_scan,
  runScan,
  getRunScanDeps,
);
