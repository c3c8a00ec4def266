/**
 * Lambda entry for `DELETE /api/v1/cases/{id}/runs/{run_id}/report-links/{link_id}` (operation `delete_report_link`): the API pipeline
 * (authentication, validation, error envelope) around `revokeReportLink`; its dependencies come from
 * `getReportDeps`. Nothing else belongs here (docs/architecture.md).
 */
import { revokeReportLink } from '#shared/domain/reports/operations';
import { createApiHandler } from '#shared/surfaces/api/http-handler';
import { ALERT_ROUTES } from '#shared/surfaces/api/routes/alerts';
import { getReportDeps } from '#shared/wiring/alerts';
import { getApiDeps } from '#shared/wiring/api';

export const handler = createApiHandler(
  ALERT_ROUTES.delete_report_link,
  revokeReportLink,
  getReportDeps,
  getApiDeps,
);
