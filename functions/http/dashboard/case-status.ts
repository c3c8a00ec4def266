/**
 * Lambda entry for `POST /dashboard/cases/{id}/status` (operation `dashboard_case_status`): the dashboard
 * pipeline (session gate, form parsing, HTML views) around `setCaseStatusFromForm`; its dependencies come
 * from `getCasePagesDeps`. Nothing else belongs here (docs/architecture.md).
 */
import { setCaseStatusFromForm } from '#shared/surfaces/dashboard/case-runs';
import { createDashboardHandler } from '#shared/surfaces/dashboard/handler';
import { DASHBOARD_ROUTES } from '#shared/surfaces/dashboard/routes';
import { getCasePagesDeps } from '#shared/wiring/monitor';

export const handler = createDashboardHandler(
  DASHBOARD_ROUTES.dashboard_case_status,
  setCaseStatusFromForm,
  getCasePagesDeps,
);
