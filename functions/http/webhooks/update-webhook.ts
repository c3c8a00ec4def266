/**
 * Lambda entry for `PATCH /api/v1/webhooks/{id}` (operation `update_webhook`): the API pipeline
 * (authentication, validation, error envelope) around `updateWebhook`; its dependencies come from
 * `getWebhookDeps`. Nothing else belongs here (docs/architecture.md).
 */
import { updateWebhook } from '#shared/domain/webhooks/operations';
import { createApiHandler } from '#shared/surfaces/api/http-handler';
import { WEBHOOK_ROUTES } from '#shared/surfaces/api/routes/webhooks';
import { getApiDeps } from '#shared/wiring/api';
import { getWebhookDeps } from '#shared/wiring/webhooks';

export const handler = createApiHandler(
  WEBHOOK_ROUTES.update_webhook,
  updateWebhook,
  getWebhookDeps,
  getApiDeps,
);
