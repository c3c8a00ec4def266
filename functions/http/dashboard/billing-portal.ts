/**
 * Lambda entry for `POST /dashboard/billing/portal` (operation `dashboard_billing_portal`): the dashboard pipeline (session
 * gate, form parsing, HTML views) around `portalFromForm`; its dependencies come from `getBillingFormDeps`.
 * Nothing else belongs here (docs/architecture.md).
 */
import { portalFromForm } from '#shared/surfaces/dashboard/billing';
import { createDashboardHandler } from '#shared/surfaces/dashboard/handler';
import { DASHBOARD_ROUTES } from '#shared/surfaces/dashboard/routes';
import { getBillingFormDeps } from '#shared/wiring/billing';
import { getDashboardGateDeps } from '#shared/wiring/dashboard-session-gate';

export const handler = createDashboardHandler(
  DASHBOARD_ROUTES.dashboard_billing_portal,
  portalFromForm,
  getBillingFormDeps,
  getDashboardGateDeps,
);
