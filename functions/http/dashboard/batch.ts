import { DASHBOARD_ROUTES } from '#shared/api/routes/dashboard';
import { getBatchStoreDeps } from '#shared/batch/composition';
import { batchJob } from '#shared/dashboard/batches';
import { createDashboardHandler } from '#shared/dashboard/handler';

export const handler = createDashboardHandler(
  DASHBOARD_ROUTES.dashboard_batch,
  batchJob,
  getBatchStoreDeps,
);
