/**
 * Lambda entry for `GET /api/v1/cases/{id}/alerts` (operation `list_alerts`): the API pipeline
 * (authentication, validation, error envelope) around `listAlerts`; its dependencies come from
 * `getAlertDeps`. Nothing else belongs here (docs/architecture.md).
 */
import { listAlerts } from '#shared/domain/alerts/operations';
import { createApiHandler } from '#shared/surfaces/api/http-handler';
import { ALERT_ROUTES } from '#shared/surfaces/api/routes/alerts';
import { getAlertDeps } from '#shared/wiring/alerts';
import { getApiDeps } from '#shared/wiring/api';

export const handler = createApiHandler(
  ALERT_ROUTES.list_alerts,
  listAlerts,
  getAlertDeps,
  getApiDeps,
);
