import { createDashboardHandler } from '#shared/surfaces/dashboard/handler';
import { DASHBOARD_ROUTES } from '#shared/surfaces/dashboard/routes';
import { createWebhookFromForm } from '#shared/surfaces/dashboard/webhooks';
import { getWebhookDeps } from '#shared/wiring/webhooks';

export const handler = createDashboardHandler(
  DASHBOARD_ROUTES.dashboard_create_webhook,
  createWebhookFromForm,
  getWebhookDeps,
);
