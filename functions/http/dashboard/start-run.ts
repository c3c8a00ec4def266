/**
 * Lambda entry for `POST /dashboard/cases/{id}/runs` (operation `dashboard_start_run`): the
 * dashboard pipeline (session gate, form parsing, HTML views) around `startRunFromForm`; its
 * dependencies come from `getCasePagesDeps`. Nothing else belongs here (docs/architecture.md).
 */
import { startRunFromForm } from '#shared/surfaces/dashboard/cases';
import { createDashboardHandler } from '#shared/surfaces/dashboard/handler';
import { DASHBOARD_ROUTES } from '#shared/surfaces/dashboard/routes';
import { getDashboardGateDeps } from '#shared/wiring/dashboard-session-gate';
import { getCasePagesDeps } from '#shared/wiring/monitor';

export const handler = createDashboardHandler(
  DASHBOARD_ROUTES.dashboard_start_run,
  startRunFromForm,
  getCasePagesDeps,
  getDashboardGateDeps,
);
