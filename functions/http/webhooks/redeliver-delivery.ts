/**
 * Lambda entry for `POST /api/v1/webhooks/deliveries/{id}/redeliver` (operation
 * `redeliver_webhook_delivery`): the API pipeline (authentication, validation, error envelope)
 * around `redeliverDelivery`; its dependencies come from `getWebhookDeps`. Nothing else belongs
 * here (docs/architecture.md).
 */
import { redeliverDelivery } from '#shared/domain/webhooks/additions';
import { createApiHandler } from '#shared/surfaces/api/http-handler';
import { WEBHOOK_ROUTES } from '#shared/surfaces/api/routes/webhooks';
import { getApiDeps } from '#shared/wiring/api';
import { getWebhookDeps } from '#shared/wiring/webhooks';

export const handler = createApiHandler(
  WEBHOOK_ROUTES.redeliver_webhook_delivery,
  redeliverDelivery,
  getWebhookDeps,
  getApiDeps,
);
