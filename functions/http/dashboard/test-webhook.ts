/**
 * Lambda entry for `POST /dashboard/webhooks/{id}/test` (operation `dashboard_test_webhook`): the
 * dashboard pipeline (session gate, form parsing, HTML views) around `testWebhookFromForm`; its
 * dependencies come from `getWebhookTestDeps`. Nothing else belongs here (docs/architecture.md).
 */
import { createDashboardHandler } from '#shared/surfaces/dashboard/handler';
import { DASHBOARD_ROUTES } from '#shared/surfaces/dashboard/routes';
import { testWebhookFromForm } from '#shared/surfaces/dashboard/webhook-test';
import { getDashboardGateDeps } from '#shared/wiring/dashboard-session-gate';
import { getWebhookTestDeps } from '#shared/wiring/webhook-delivery';

export const handler = createDashboardHandler(
  DASHBOARD_ROUTES.dashboard_test_webhook,
  testWebhookFromForm,
  getWebhookTestDeps,
  getDashboardGateDeps,
);
