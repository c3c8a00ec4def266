/**
 * Lambda entry for `GET /dashboard/cases/new` (operation `dashboard_new_case`): the dashboard
 * pipeline (session gate, form parsing, HTML views) around `newCaseForm`; it needs no
 * dependencies. Nothing else belongs here (docs/architecture.md).
 */
import { noDeps } from '#shared/surfaces/api/http-handler';
import { newCaseForm } from '#shared/surfaces/dashboard/cases';
import { createDashboardHandler } from '#shared/surfaces/dashboard/handler';
import { DASHBOARD_ROUTES } from '#shared/surfaces/dashboard/routes';
import { getDashboardGateDeps } from '#shared/wiring/dashboard-session-gate';

export const handler = createDashboardHandler(
  DASHBOARD_ROUTES.dashboard_new_case,
  newCaseForm,
  noDeps,
  getDashboardGateDeps,
);
