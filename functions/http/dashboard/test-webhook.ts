import { DASHBOARD_ROUTES } from '#shared/api/routes/dashboard';
import { createDashboardHandler } from '#shared/dashboard/handler';
import { testWebhookFromForm } from '#shared/dashboard/webhook-test';
import { getWebhookTestDeps } from '#shared/webhooks/delivery-composition';

export const handler = createDashboardHandler(
  DASHBOARD_ROUTES.dashboard_test_webhook,
  testWebhookFromForm,
  getWebhookTestDeps,
);
