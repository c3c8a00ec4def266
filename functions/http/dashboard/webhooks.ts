import { createDashboardHandler } from '#shared/surfaces/dashboard/handler';
import { DASHBOARD_ROUTES } from '#shared/surfaces/dashboard/routes';
import { webhooksOverview } from '#shared/surfaces/dashboard/webhooks';
import { getWebhookDeps } from '#shared/wiring/webhooks';

export const handler = createDashboardHandler(
  DASHBOARD_ROUTES.dashboard_webhooks,
  webhooksOverview,
  getWebhookDeps,
);
