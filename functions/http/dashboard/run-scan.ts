import { DASHBOARD_ROUTES } from '#shared/api/routes/dashboard';
import { createDashboardHandler } from '#shared/dashboard/handler';
import { getRunScanDeps } from '#shared/dashboard/run-scan-composition';
import { runScan } from '#shared/dashboard/scans';

export const handler = createDashboardHandler(
  DASHBOARD_ROUTES.dashboard_run_scan,
  runScan,
  getRunScanDeps,
);
