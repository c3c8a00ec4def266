/**
 * Lambda entry for the case's one-field forms and the case form, one function (docs/decisions.md
 * "Case pages over runs and answers"): `POST /dashboard/cases/{id}` (`dashboard_update_case`,
 * `updateCaseFromForm`), `POST /dashboard/cases/{id}/competitors` (`dashboard_track_competitor`,
 * `trackCompetitorFromForm`), `POST /dashboard/cases/{id}/status` (`dashboard_case_status`,
 * `setCaseStatusFromForm`), `POST /dashboard/cases/{id}/prompts` (`dashboard_save_prompts`,
 * `savePromptsFromForm`) and `POST /dashboard/cases/{id}/translations`
 * (`dashboard_save_translations`, `saveTranslationsFromForm`): the dashboard pipeline around each; dependencies from
 * `getCasePagesDeps`. Nothing else belongs here (docs/architecture.md).
 */
import {
  savePromptsFromForm,
  saveTranslationsFromForm,
} from '#shared/surfaces/dashboard/case-prompts';
import {
  setCaseStatusFromForm,
  trackCompetitorFromForm,
} from '#shared/surfaces/dashboard/case-runs';
import { updateCaseFromForm } from '#shared/surfaces/dashboard/cases';
import { createDashboardHandler, dispatchByPath } from '#shared/surfaces/dashboard/handler';
import { DASHBOARD_ROUTES } from '#shared/surfaces/dashboard/routes';
import { getDashboardGateDeps } from '#shared/wiring/dashboard-session-gate';
import { getCasePagesDeps } from '#shared/wiring/monitor';

const {
  dashboard_update_case,
  dashboard_track_competitor,
  dashboard_case_status,
  dashboard_save_prompts,
  dashboard_save_translations,
} = DASHBOARD_ROUTES;

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
  [dashboard_save_prompts.path]: createDashboardHandler(
    dashboard_save_prompts,
    savePromptsFromForm,
    getCasePagesDeps,
    getDashboardGateDeps,
  ),
  [dashboard_save_translations.path]: createDashboardHandler(
    dashboard_save_translations,
    saveTranslationsFromForm,
    getCasePagesDeps,
    getDashboardGateDeps,
  ),
});
