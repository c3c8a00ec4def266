/**
 * Lambda entry for `GET /dashboard/batches/{id}/results.csv` (operation `dashboard_batch_csv`):
 * the dashboard pipeline (session gate, form parsing, HTML views) around `batchCsv`; its
 * dependencies come from `getBatchStoreDeps`. Nothing else belongs here (docs/architecture.md).
 */
import { batchCsv } from '#shared/surfaces/dashboard/batches';
import { createDashboardHandler } from '#shared/surfaces/dashboard/handler';
import { DASHBOARD_ROUTES } from '#shared/surfaces/dashboard/routes';
import { getBatchStoreDeps } from '#shared/wiring/batch';
import { getDashboardGateDeps } from '#shared/wiring/dashboard-session-gate';

export const handler = createDashboardHandler(
  DASHBOARD_ROUTES.dashboard_batch_csv,
  batchCsv,
  getBatchStoreDeps,
  getDashboardGateDeps,
);
