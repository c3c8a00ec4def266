/**
 * Lambda entry for `GET /api/v1/cases/{id}/alerts/{alert_id}/deliveries` (operation `list_alert_deliveries`): the API pipeline
 * (authentication, validation, error envelope) around `listAlertDeliveries`; its dependencies come from
 * `getAlertDeps`. Nothing else belongs here (docs/architecture.md).
 */
import { listAlertDeliveries } from '#shared/domain/alerts/operations';
import { createApiHandler } from '#shared/surfaces/api/http-handler';
import { ALERT_ROUTES } from '#shared/surfaces/api/routes/alerts';
import { getAlertDeps } from '#shared/wiring/alerts';
import { getApiDeps } from '#shared/wiring/api';

export const handler = createApiHandler(
  ALERT_ROUTES.list_alert_deliveries,
  listAlertDeliveries,
  getAlertDeps,
  getApiDeps,
);
