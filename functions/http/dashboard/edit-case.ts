/**
 * Lambda entry for `GET /dashboard/cases/{id}/edit` (operation `dashboard_edit_case`): the
 * dashboard pipeline (session gate, form parsing, HTML views) around `editCaseForm`; its
 * dependencies come from `getMonitorDeps`. Nothing else belongs here (docs/architecture.md).
 */
import { editCaseForm } from '#shared/surfaces/dashboard/cases';
import { createDashboardHandler } from '#shared/surfaces/dashboard/handler';
import { DASHBOARD_ROUTES } from '#shared/surfaces/dashboard/routes';
import { getDashboardGateDeps } from '#shared/wiring/dashboard-session-gate';
import { getMonitorDeps } from '#shared/wiring/monitor';

export const handler = createDashboardHandler(
  DASHBOARD_ROUTES.dashboard_edit_case,
  editCaseForm,
  getMonitorDeps,
  getDashboardGateDeps,
);
