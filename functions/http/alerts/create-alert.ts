/**
 * Lambda entry for `POST /api/v1/cases/{id}/alerts` (operation `create_alert`): the API pipeline
 * (authentication, validation, error envelope) around `createAlert`; its dependencies come from
 * `getAlertDeps`. Nothing else belongs here (docs/architecture.md).
 */
import { createAlert } from '#shared/domain/alerts/operations';
import { createApiHandler } from '#shared/surfaces/api/http-handler';
import { ALERT_ROUTES } from '#shared/surfaces/api/routes/alerts';
import { getAlertDeps } from '#shared/wiring/alerts';
import { getApiDeps } from '#shared/wiring/api';

export const handler = createApiHandler(
  ALERT_ROUTES.create_alert,
  createAlert,
  getAlertDeps,
  getApiDeps,
);
