/**
 * Lambda entry for `POST /api/v1/webhooks` (operation `create_webhook`): the API pipeline
 * (authentication, validation, error envelope) around `createWebhook`; its dependencies come from
 * `getWebhookDeps`. Nothing else belongs here (docs/architecture.md).
 */
import { createWebhook } from '#shared/domain/webhooks/operations';
import { createApiHandler } from '#shared/surfaces/api/http-handler';
import { WEBHOOK_ROUTES } from '#shared/surfaces/api/routes/webhooks';
import { getApiDeps } from '#shared/wiring/api';
import { getWebhookDeps } from '#shared/wiring/webhooks';

export const handler = createApiHandler(
  WEBHOOK_ROUTES.create_webhook,
  createWebhook,
  getWebhookDeps,
  getApiDeps,
);
