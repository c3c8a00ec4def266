import { createBatchFromForm } from '#shared/surfaces/dashboard/batches';
import { createDashboardHandler } from '#shared/surfaces/dashboard/handler';
import { DASHBOARD_ROUTES } from '#shared/surfaces/dashboard/routes';
import { getBatchDeps } from '#shared/wiring/batch';

export const handler = createDashboardHandler(
  DASHBOARD_ROUTES.dashboard_create_batch,
  createBatchFromForm,
  getBatchDeps,
);
