/**
 * Lambda entry for `GET /dashboard/cases/{id}/alerts` (operation `dashboard_case_alerts`): the
 * dashboard pipeline around `caseAlertsPage`; dependencies from `getAlertPagesDeps`. Nothing else
 * belongs here (docs/architecture.md).
 */
import { caseAlertsPage } from '#shared/surfaces/dashboard/alerts';
import { createDashboardHandler } from '#shared/surfaces/dashboard/handler';
import { DASHBOARD_ROUTES } from '#shared/surfaces/dashboard/routes';
import { getAlertPagesDeps } from '#shared/wiring/alerts';
import { getDashboardGateDeps } from '#shared/wiring/dashboard-session-gate';

export const handler = createDashboardHandler(
  DASHBOARD_ROUTES.dashboard_case_alerts,
  caseAlertsPage,
  getAlertPagesDeps,
  getDashboardGateDeps,
);
