/**
 * Lambda entry for `GET /dashboard/scans/{id}` (operation `dashboard_scan`): the dashboard
 * pipeline (session gate, form parsing, HTML views) around `scanResult`; its dependencies come
 * from `getScanReadDeps`. Nothing else belongs here (docs/architecture.md).
 */
import { createDashboardHandler } from '#shared/surfaces/dashboard/handler';
import { DASHBOARD_ROUTES } from '#shared/surfaces/dashboard/routes';
import { scanResult } from '#shared/surfaces/dashboard/scan-result';
import { getDashboardGateDeps } from '#shared/wiring/dashboard-session-gate';
import { getScanReadDeps } from '#shared/wiring/scans-read';

export const handler = createDashboardHandler(
  DASHBOARD_ROUTES.dashboard_scan,
  scanResult,
  getScanReadDeps,
  getDashboardGateDeps,
);
