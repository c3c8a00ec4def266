import { batchesOverview } from '#shared/surfaces/dashboard/batches';
import { createDashboardHandler } from '#shared/surfaces/dashboard/handler';
import { DASHBOARD_ROUTES } from '#shared/surfaces/dashboard/routes';
import { getBatchDeps } from '#shared/wiring/batch';

export const handler = createDashboardHandler(
  DASHBOARD_ROUTES.dashboard_batches,
  batchesOverview,
  getBatchDeps,
);
