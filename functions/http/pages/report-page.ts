/**
 * Lambda entry for `GET /reports/{token}` (operation `report_page`): the page pipeline around
 * `reportPage`; its dependencies come from `getReportPageDeps`. Nothing else belongs here
 * (docs/architecture.md).
 */
import { createRawHandler } from '#shared/surfaces/api/http-handler';
import { ALERT_ROUTES } from '#shared/surfaces/api/routes/alerts';
import { reportPage, reportPageError } from '#shared/surfaces/pages/report';
import { getReportPageDeps } from '#shared/wiring/alerts';
import { getApiDeps } from '#shared/wiring/api';

export const handler = createRawHandler(
  ALERT_ROUTES.report_page,
  reportPage,
  getReportPageDeps,
  getApiDeps,
  { renderError: (error) => reportPageError(error) },
);
