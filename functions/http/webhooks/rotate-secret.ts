import { createApiHandler } from '#shared/api/http-handler';
import { WEBHOOK_ROUTES } from '#shared/api/routes/webhooks';
import { rotateWebhookSecret } from '#shared/webhooks/additions';
import { getWebhookDeps } from '#shared/webhooks/composition';

export const handler = createApiHandler(
  WEBHOOK_ROUTES.rotate_webhook_secret,
  rotateWebhookSecret,
  getWebhookDeps,
);
