import { createDashboardHandler } from '#shared/surfaces/dashboard/handler';
import { DASHBOARD_ROUTES } from '#shared/surfaces/dashboard/routes';
import { testWebhookFromForm } from '#shared/surfaces/dashboard/webhook-test';
import { getWebhookTestDeps } from '#shared/wiring/webhook-delivery';

export const handler = createDashboardHandler(
  DASHBOARD_ROUTES.dashboard_test_webhook,
  testWebhookFromForm,
  getWebhookTestDeps,
);
