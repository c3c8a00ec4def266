/**
 * Lambda entry for `POST /dashboard/cases/{id}` (operation `dashboard_update_case`): the dashboard
 * pipeline (session gate, form parsing, HTML views) around `updateCaseFromForm`; its dependencies
 * come from `getMonitorDeps`. Nothing else belongs here (docs/architecture.md).
 */
import { updateCaseFromForm } from '#shared/surfaces/dashboard/cases';
import { createDashboardHandler } from '#shared/surfaces/dashboard/handler';
import { DASHBOARD_ROUTES } from '#shared/surfaces/dashboard/routes';
import { getMonitorDeps } from '#shared/wiring/monitor';

export const handler = createDashboardHandler(
  DASHBOARD_ROUTES.dashboard_update_case,
  updateCaseFromForm,
  getMonitorDeps,
);
