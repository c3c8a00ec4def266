import { createApiHandler } from '#shared/api/http-handler';
import { WEBHOOK_ROUTES } from '#shared/api/routes/webhooks';
import { getWebhookTestDeps } from '#shared/webhooks/delivery-composition';
import { testWebhook } from '#shared/webhooks/test-delivery';

export const handler = createApiHandler(
  WEBHOOK_ROUTES.test_webhook,
  testWebhook,
  getWebhookTestDeps,
);
