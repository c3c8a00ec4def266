/**
 * Lambda entry for `GET /dashboard/webhooks` (operation `dashboard_webhooks`): the dashboard
 * pipeline (session gate, form parsing, HTML views) around `webhooksOverview`; its dependencies
 * come from `getWebhookDeps`. Nothing else belongs here (docs/architecture.md).
 */
import { createDashboardHandler } from '#shared/surfaces/dashboard/handler';
import { DASHBOARD_ROUTES } from '#shared/surfaces/dashboard/routes';
import { webhooksOverview } from '#shared/surfaces/dashboard/webhooks';
import { getDashboardGateDeps } from '#shared/wiring/dashboard-session-gate';
import { getWebhookDeps } from '#shared/wiring/webhooks';

export const handler = createDashboardHandler(
  DASHBOARD_ROUTES.dashboard_webhooks,
  webhooksOverview,
  getWebhookDeps,
  getDashboardGateDeps,
);
