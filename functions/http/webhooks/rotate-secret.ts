/**
 * Lambda entry for `POST /api/v1/webhooks/{id}/rotate-secret` (operation `rotate_webhook_secret`):
 * the API pipeline (authentication, validation, error envelope) around `rotateWebhookSecret`; its
 * dependencies come from `getWebhookDeps`. Nothing else belongs here (docs/architecture.md).
 */
import { rotateWebhookSecret } from '#shared/domain/webhooks/additions';
import { createApiHandler } from '#shared/surfaces/api/http-handler';
import { WEBHOOK_ROUTES } from '#shared/surfaces/api/routes/webhooks';
import { getApiDeps } from '#shared/wiring/api';
import { getWebhookDeps } from '#shared/wiring/webhooks';

export const handler = createApiHandler(
  WEBHOOK_ROUTES.rotate_webhook_secret,
  rotateWebhookSecret,
  getWebhookDeps,
  getApiDeps,
);
