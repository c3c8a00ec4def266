import { DASHBOARD_ROUTES } from '#shared/api/routes/dashboard';
import { createDashboardHandler } from '#shared/dashboard/handler';
import { updateWebhookFromForm } from '#shared/dashboard/webhooks';
import { getWebhookDeps } from '#shared/webhooks/composition';

export const handler = createDashboardHandler(
  DASHBOARD_ROUTES.dashboard_update_webhook,
  updateWebhookFromForm,
  getWebhookDeps,
);
