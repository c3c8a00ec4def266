/**
 * Lambda entry for `GET /dashboard/billing` (operation `dashboard_billing`): the dashboard pipeline (session
 * gate, form parsing, HTML views) around `billingOverview`; its dependencies come from `getBillingPageDeps`.
 * Nothing else belongs here (docs/architecture.md).
 */
import { billingOverview } from '#shared/surfaces/dashboard/billing';
import { createDashboardHandler } from '#shared/surfaces/dashboard/handler';
import { DASHBOARD_ROUTES } from '#shared/surfaces/dashboard/routes';
import { getBillingPageDeps } from '#shared/wiring/billing-store';
import { getDashboardGateDeps } from '#shared/wiring/dashboard-session-gate';

export const handler = createDashboardHandler(
  DASHBOARD_ROUTES.dashboard_billing,
  billingOverview,
  getBillingPageDeps,
  getDashboardGateDeps,
);
