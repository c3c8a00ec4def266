/**
 * Lambda entry for `GET /dashboard/cases/{id}/runs/{run_id}/answers` (operation `dashboard_run_answers`): the dashboard
 * pipeline (session gate, form parsing, HTML views) around `runAnswersPage`; its dependencies come
 * from `getCasePagesDeps`. Nothing else belongs here (docs/architecture.md).
 */
import { runAnswersPage } from '#shared/surfaces/dashboard/case-runs';
import { createDashboardHandler } from '#shared/surfaces/dashboard/handler';
import { DASHBOARD_ROUTES } from '#shared/surfaces/dashboard/routes';
import { getCasePagesDeps } from '#shared/wiring/monitor';

export const handler = createDashboardHandler(
  DASHBOARD_ROUTES.dashboard_run_answers,
  runAnswersPage,
  getCasePagesDeps,
);
