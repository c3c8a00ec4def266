import { DASHBOARD_ROUTES } from '#shared/api/routes/dashboard';
import { createDashboardHandler } from '#shared/dashboard/handler';
import { deleteWebhookFromForm } from '#shared/dashboard/webhooks';
import { getWebhookDeps } from '#shared/webhooks/composition';

export const handler = createDashboardHandler(
  DASHBOARD_ROUTES.dashboard_delete_webhook,
  deleteWebhookFromForm,
  getWebhookDeps,
);
