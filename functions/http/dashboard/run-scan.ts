/**
 * Lambda entry for `POST /dashboard/scans` (operation `dashboard_run_scan`): the dashboard
 * pipeline (session gate, form parsing, HTML views) around `runScan`; its dependencies come from
 * `getRunScanDeps`. Nothing else belongs here (docs/architecture.md).
 */
import { createDashboardHandler } from '#shared/surfaces/dashboard/handler';
import { DASHBOARD_ROUTES } from '#shared/surfaces/dashboard/routes';
import { runScan } from '#shared/surfaces/dashboard/scans';
import { getRunScanDeps } from '#shared/wiring/dashboard-scan';
import { getDashboardGateDeps } from '#shared/wiring/dashboard-session-gate';

export const handler = createDashboardHandler(
  DASHBOARD_ROUTES.dashboard_run_scan,
  runScan,
  getRunScanDeps,
  getDashboardGateDeps,
);
