/**
 * Lambda entry for `GET /api/v1/webhooks` (operation `list_webhooks`): the API pipeline
 * (authentication, validation, error envelope) around `listWebhooks`; its dependencies come from
 * `getWebhookDeps`. Nothing else belongs here (docs/architecture.md).
 */
import { listWebhooks } from '#shared/domain/webhooks/operations';
import { createApiHandler } from '#shared/surfaces/api/http-handler';
import { WEBHOOK_ROUTES } from '#shared/surfaces/api/routes/webhooks';
import { getApiDeps } from '#shared/wiring/api';
import { getWebhookDeps } from '#shared/wiring/webhooks';

export const handler = createApiHandler(
  WEBHOOK_ROUTES.list_webhooks,
  listWebhooks,
  getWebhookDeps,
  getApiDeps,
);
