import { updateWebhook } from '#shared/domain/webhooks/operations';
import { createApiHandler } from '#shared/surfaces/api/http-handler';
import { WEBHOOK_ROUTES } from '#shared/surfaces/api/routes/webhooks';
import { getWebhookDeps } from '#shared/wiring/webhooks';

export const handler = createApiHandler(
  WEBHOOK_ROUTES.update_webhook,
  updateWebhook,
  getWebhookDeps,
);
