import { DASHBOARD_ROUTES } from '#shared/api/routes/dashboard';
import { getBatchDeps } from '#shared/batch/composition';
import { batchesOverview } from '#shared/dashboard/batches';
import { createDashboardHandler } from '#shared/dashboard/handler';

export const handler = createDashboardHandler(
  DASHBOARD_ROUTES.dashboard_batches,
  batchesOverview,
  getBatchDeps,
);
