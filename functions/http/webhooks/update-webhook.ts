import { createApiHandler } from '#shared/api/http-handler';
import { WEBHOOK_ROUTES } from '#shared/api/routes/webhooks';
import { getWebhookDeps } from '#shared/webhooks/composition';
import { updateWebhook } from '#shared/webhooks/operations';

export const handler = createApiHandler(
  WEBHOOK_ROUTES.update_webhook,
  updateWebhook,
  getWebhookDeps,
);
