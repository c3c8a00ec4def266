/**
 * Lambda entry for the case's one-field forms and the case form, one function (docs/decisions.md
 * "Case pages over runs and answers"): `POST /dashboard/cases/{id}` (`dashboard_update_case`,
 * `updateCaseFromForm`), `POST /dashboard/cases/{id}/competitors` (`dashboard_track_competitor`,
 * `trackCompetitorFromForm`) and `POST /dashboard/cases/{id}/status` (`dashboard_case_status`,
 * `setCaseStatusFromForm`): the dashboard pipeline around each; dependencies from
 * `getCasePagesDeps`. Nothing else belongs here (docs/architecture.md).
 */
import {
  setCaseStatusFromForm,
  trackCompetitorFromForm,
} from '#shared/surfaces/dashboard/case-runs';
import { updateCaseFromForm } from '#shared/surfaces/dashboard/cases';
import { createDashboardHandler, dispatchByPath } from '#shared/surfaces/dashboard/handler';
import { DASHBOARD_ROUTES } from '#shared/surfaces/dashboard/routes';
import { getDashboardGateDeps } from '#shared/wiring/dashboard-session-gate';
import { getCasePagesDeps } from '#shared/wiring/monitor';

const { dashboard_update_case, dashboard_track_competitor, dashboard_case_status } =
  DASHBOARD_ROUTES;

export const handler = dispatchByPath({
  [dashboard_update_case.path]: createDashboardHandler(
    dashboard_update_case,
    updateCaseFromForm,
    getCasePagesDeps,
    getDashboardGateDeps,
  ),
  [dashboard_track_competitor.path]: createDashboardHandler(
    dashboard_track_competitor,
    trackCompetitorFromForm,
    getCasePagesDeps,
    getDashboardGateDeps,
  ),
  [dashboard_case_status.path]: createDashboardHandler(
    dashboard_case_status,
    setCaseStatusFromForm,
    getCasePagesDeps,
    getDashboardGateDeps,
  ),
});
