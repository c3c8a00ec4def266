import { createApiHandler } from '#shared/api/http-handler';
import { WEBHOOK_ROUTES } from '#shared/api/routes/webhooks';
import { getWebhookDeps } from '#shared/webhooks/composition';
import { createWebhook } from '#shared/webhooks/operations';

export const handler = createApiHandler(
  WEBHOOK_ROUTES.create_webhook,
  createWebhook,
  getWebhookDeps,
);
