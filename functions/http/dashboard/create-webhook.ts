import { DASHBOARD_ROUTES } from '#shared/api/routes/dashboard';
import { createDashboardHandler } from '#shared/dashboard/handler';
import { createWebhookFromForm } from '#shared/dashboard/webhooks';
import { getWebhookDeps } from '#shared/webhooks/composition';

export const handler = createDashboardHandler(
  DASHBOARD_ROUTES.dashboard_create_webhook,
  createWebhookFromForm,
  getWebhookDeps,
);
