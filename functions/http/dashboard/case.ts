/**
 * Lambda entry for the case's read pages, one function (docs/decisions.md "Case pages over runs
 * and answers"): `GET /dashboard/cases/{id}` (`dashboard_case`, `caseDetailPage`),
 * `GET /dashboard/cases/{id}/runs/{run_id}` (`dashboard_case_run`, `caseRunPage`) and
 * `GET /dashboard/cases/{id}/runs/{run_id}/answers` (`dashboard_run_answers`, `runAnswersPage`):
 * the dashboard pipeline around each; dependencies from `getCasePagesDeps`. Nothing else belongs
 * here (docs/architecture.md).
 */
import { caseRunPage, runAnswersPage } from '#shared/surfaces/dashboard/case-runs';
import { caseDetailPage } from '#shared/surfaces/dashboard/cases';
import { createDashboardHandler, dispatchByPath } from '#shared/surfaces/dashboard/handler';
import { DASHBOARD_ROUTES } from '#shared/surfaces/dashboard/routes';
import { getDashboardGateDeps } from '#shared/wiring/dashboard-session-gate';
import { getCasePagesDeps } from '#shared/wiring/monitor';

const { dashboard_case, dashboard_case_run, dashboard_run_answers } = DASHBOARD_ROUTES;

export const handler = dispatchByPath({
  [dashboard_case.path]: createDashboardHandler(
    dashboard_case,
    caseDetailPage,
    getCasePagesDeps,
    getDashboardGateDeps,
  ),
  [dashboard_case_run.path]: createDashboardHandler(
    dashboard_case_run,
    caseRunPage,
    getCasePagesDeps,
    getDashboardGateDeps,
  ),
  [dashboard_run_answers.path]: createDashboardHandler(
    dashboard_run_answers,
    runAnswersPage,
    getCasePagesDeps,
    getDashboardGateDeps,
  ),
});
