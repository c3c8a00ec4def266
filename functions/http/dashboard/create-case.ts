/**
 * Lambda entry for `POST /dashboard/cases` (operation `dashboard_create_case`): the dashboard
 * pipeline (session gate, form parsing, HTML views) around `createCaseFromForm`; its dependencies
 * come from `getMonitorDeps`. Nothing else belongs here (docs/architecture.md).
 */
import { createCaseFromForm } from '#shared/surfaces/dashboard/cases';
import { createDashboardHandler } from '#shared/surfaces/dashboard/handler';
import { DASHBOARD_ROUTES } from '#shared/surfaces/dashboard/routes';
import { getDashboardGateDeps } from '#shared/wiring/dashboard-session-gate';
import { getMonitorDeps } from '#shared/wiring/monitor';

export const handler = createDashboardHandler(
  DASHBOARD_ROUTES.dashboard_create_case,
  createCaseFromForm,
  getMonitorDeps,
  getDashboardGateDeps,
);
