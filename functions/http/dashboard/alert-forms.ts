/**
 * Lambda entry for the forms of a case's Alerts tab, one function (docs/decisions.md "Alerts"):
 * `POST /dashboard/cases/{id}/alerts` (`dashboard_create_alert`), `.../alerts/{alert_id}/delete`
 * (`dashboard_delete_alert`), `.../digest` (`dashboard_case_digest`), `.../report-links`
 * (`dashboard_create_report_link`) and `.../runs/{run_id}/report-links/{link_id}/revoke`
 * (`dashboard_revoke_report_link`): the dashboard pipeline around each; dependencies from
 * `getAlertPagesDeps`. Nothing else belongs here (docs/architecture.md).
 */
import {
  createAlertFromForm,
  createReportLinkFromForm,
  deleteAlertFromForm,
  revokeReportLinkFromForm,
  saveDigestFromForm,
} from '#shared/surfaces/dashboard/alerts';
import { createDashboardHandler, dispatchByPath } from '#shared/surfaces/dashboard/handler';
import { DASHBOARD_ROUTES } from '#shared/surfaces/dashboard/routes';
import { getAlertPagesDeps } from '#shared/wiring/alerts';
import { getDashboardGateDeps } from '#shared/wiring/dashboard-session-gate';

const {
  dashboard_create_alert,
  dashboard_delete_alert,
  dashboard_case_digest,
  dashboard_create_report_link,
  dashboard_revoke_report_link,
} = DASHBOARD_ROUTES;

export const handler = dispatchByPath({
  [dashboard_create_alert.path]: createDashboardHandler(
    dashboard_create_alert,
    createAlertFromForm,
    getAlertPagesDeps,
    getDashboardGateDeps,
  ),
  [dashboard_delete_alert.path]: createDashboardHandler(
    dashboard_delete_alert,
    deleteAlertFromForm,
    getAlertPagesDeps,
    getDashboardGateDeps,
  ),
  [dashboard_case_digest.path]: createDashboardHandler(
    dashboard_case_digest,
    saveDigestFromForm,
    getAlertPagesDeps,
    getDashboardGateDeps,
  ),
  [dashboard_create_report_link.path]: createDashboardHandler(
    dashboard_create_report_link,
    createReportLinkFromForm,
    getAlertPagesDeps,
    getDashboardGateDeps,
  ),
  [dashboard_revoke_report_link.path]: createDashboardHandler(
    dashboard_revoke_report_link,
    revokeReportLinkFromForm,
    getAlertPagesDeps,
    getDashboardGateDeps,
  ),
});
