/**
 * Lambda entry for `GET /dashboard/batches` (operation `dashboard_batches`): the dashboard
 * pipeline (session gate, form parsing, HTML views) around `batchesOverview`; its dependencies
 * come from `getBatchDeps`. Nothing else belongs here (docs/architecture.md).
 */
import { batchesOverview } from '#shared/surfaces/dashboard/batches';
import { createDashboardHandler } from '#shared/surfaces/dashboard/handler';
import { DASHBOARD_ROUTES } from '#shared/surfaces/dashboard/routes';
import { getBatchDeps } from '#shared/wiring/batch';
import { getDashboardGateDeps } from '#shared/wiring/dashboard-session-gate';

export const handler = createDashboardHandler(
  DASHBOARD_ROUTES.dashboard_batches,
  batchesOverview,
  getBatchDeps,
  getDashboardGateDeps,
);
