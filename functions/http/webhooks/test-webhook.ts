/**
 * Lambda entry for `POST /api/v1/webhooks/{id}/test` (operation `test_webhook`): the API pipeline
 * (authentication, validation, error envelope) around `testWebhook`; its dependencies come from
 * `getWebhookTestDeps`. Nothing else belongs here (docs/architecture.md).
 */
import { testWebhook } from '#shared/domain/webhooks/test-delivery';
import { createApiHandler } from '#shared/surfaces/api/http-handler';
import { WEBHOOK_ROUTES } from '#shared/surfaces/api/routes/webhooks';
import { getApiDeps } from '#shared/wiring/api';
import { getWebhookTestDeps } from '#shared/wiring/webhook-delivery';

export const handler = createApiHandler(
  WEBHOOK_ROUTES.test_webhook,
  testWebhook,
  getWebhookTestDeps,
  getApiDeps,
);
