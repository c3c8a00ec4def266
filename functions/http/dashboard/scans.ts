/**
 * Lambda entry for `GET /dashboard/scans` (operation `dashboard_scans`): the dashboard pipeline
 * (session gate, form parsing, HTML views) around `scansOverview`; its dependencies come from
 * `getScanReadDeps`. Nothing else belongs here (docs/architecture.md).
 */
import { createDashboardHandler } from '#shared/surfaces/dashboard/handler';
import { DASHBOARD_ROUTES } from '#shared/surfaces/dashboard/routes';
import { scansOverview } from '#shared/surfaces/dashboard/scans';
import { getDashboardGateDeps } from '#shared/wiring/dashboard-session-gate';
import { getScanReadDeps } from '#shared/wiring/scans-read';

export const handler = createDashboardHandler(
  DASHBOARD_ROUTES.dashboard_scans,
  scansOverview,
  getScanReadDeps,
  getDashboardGateDeps,
);
