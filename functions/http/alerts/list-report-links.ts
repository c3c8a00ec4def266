/**
 * Lambda entry for `GET /api/v1/cases/{id}/runs/{run_id}/report-links` (operation `list_report_links`): the API pipeline
 * (authentication, validation, error envelope) around `listReportLinks`; its dependencies come from
 * `getReportDeps`. Nothing else belongs here (docs/architecture.md).
 */
import { listReportLinks } from '#shared/domain/reports/operations';
import { createApiHandler } from '#shared/surfaces/api/http-handler';
import { ALERT_ROUTES } from '#shared/surfaces/api/routes/alerts';
import { getReportDeps } from '#shared/wiring/alerts';
import { getApiDeps } from '#shared/wiring/api';

export const handler = createApiHandler(
  ALERT_ROUTES.list_report_links,
  listReportLinks,
  getReportDeps,
  getApiDeps,
);
