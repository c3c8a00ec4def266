/**
 * Lambda entry for `GET /dashboard/cases/{id}/runs/{run_id}` (operation `dashboard_case_run`): the dashboard
 * pipeline (session gate, form parsing, HTML views) around `caseRunPage`; its dependencies come
 * from `getCasePagesDeps`. Nothing else belongs here (docs/architecture.md).
 */
import { caseRunPage } from '#shared/surfaces/dashboard/case-runs';
import { createDashboardHandler } from '#shared/surfaces/dashboard/handler';
import { DASHBOARD_ROUTES } from '#shared/surfaces/dashboard/routes';
import { getCasePagesDeps } from '#shared/wiring/monitor';

export const handler = createDashboardHandler(
  DASHBOARD_ROUTES.dashboard_case_run,
  caseRunPage,
  getCasePagesDeps,
);
