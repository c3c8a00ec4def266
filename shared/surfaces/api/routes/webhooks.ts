/**
 * The route manifest's webhook entries: endpoints, test events, deliveries, redelivery and
 * secret rotation, with their schemas, scopes and errors.
 */
import {
  CreateWebhookBodySchema,
  CreateWebhookResponseSchema,
  DeleteWebhookResponseSchema,
  DeliveryIdParamsSchema,
  DeliveryResponseSchema,
  ListWebhooksResponseSchema,
  RotateSecretBodySchema,
  RotateSecretResponseSchema,
  UpdateWebhookBodySchema,
  UpdateWebhookResponseSchema,
  WebhookIdParamsSchema,
} from '#shared/domain/webhooks/schemas';
import type { RouteDefinition } from '#shared/surfaces/http/route';

const TAG = 'Webhooks';
const KEY_ERRORS = ['unauthorized', 'insufficient_scope'] as const;

/** The webhook routes of docs/api.md "Webhooks" (REST only) and three documented additions. */
export const WEBHOOK_ROUTES = {
  list_webhooks: {
    operationId: 'list_webhooks',
    area: 'webhooks',
    method: 'GET',
    path: '/api/v1/webhooks',
    summary: "List the subscribable events, the account's endpoints and its recent deliveries",
    description:
      '`recent_deliveries` holds the 20 most recent deliveries of the account, newest first, ' +
      'each with its status, attempt count, last status code and last error, and (addition) ' +
      'every attempt with its timestamp and duration. Signing secrets are never returned here.',
    tag: TAG,
    auth: 'required',
    scope: 'webhooks:manage',
    response: { status: 200, schema: ListWebhooksResponseSchema },
    errors: [...KEY_ERRORS],
    data: 'read',
    handler: 'functions/http/webhooks/list-webhooks.ts',
    mcpTool: false,
  },
  create_webhook: {
    operationId: 'create_webhook',
    area: 'webhooks',
    method: 'POST',
    path: '/api/v1/webhooks',
    summary: 'Register a receiver URL',
    description:
      'Only `url` is required; `events` defaults to every event name, `label` to "". The URL ' +
      'must be https on port 443, carry no credentials and resolve only to public addresses ' +
      '(checked again on every delivery). At most 20 endpoints per account. The signing secret ' +
      'is returned only in this response.',
    tag: TAG,
    auth: 'required',
    scope: 'webhooks:manage',
    request: { body: CreateWebhookBodySchema },
    response: { status: 201, schema: CreateWebhookResponseSchema },
    errors: [
      'invalid_url',
      'invalid_event',
      'invalid_request',
      ...KEY_ERRORS,
      'duplicate_endpoint',
    ],
    data: 'readwrite',
    handler: 'functions/http/webhooks/create-webhook.ts',
    mcpTool: false,
    idempotent: true,
  },
  update_webhook: {
    operationId: 'update_webhook',
    area: 'webhooks',
    method: 'PATCH',
    path: '/api/v1/webhooks/{id}',
    summary: "Change an endpoint's events, label or active flag",
    description:
      'The URL cannot be changed. A body without any of `events`, `label`, `active` is ' +
      'refused (`invalid_request`). `active: false` pauses deliveries: they are held; ' +
      '`active: true` resumes and sends what was held.',
    tag: TAG,
    auth: 'required',
    scope: 'webhooks:manage',
    request: { params: WebhookIdParamsSchema, body: UpdateWebhookBodySchema },
    response: { status: 200, schema: UpdateWebhookResponseSchema },
    errors: ['invalid_event', 'invalid_request', ...KEY_ERRORS, 'not_found'],
    data: 'readwrite',
    handler: 'functions/http/webhooks/update-webhook.ts',
    starts: ['webhook-delivery'],
    mcpTool: false,
  },
  delete_webhook: {
    operationId: 'delete_webhook',
    area: 'webhooks',
    method: 'DELETE',
    path: '/api/v1/webhooks/{id}',
    summary: 'Delete an endpoint and drop the deliveries queued for it',
    description:
      'Pending and held deliveries are removed; a retry that was scheduled finds nothing and ' +
      'stops. Finished deliveries stay readable in `recent_deliveries` until they expire.',
    tag: TAG,
    auth: 'required',
    scope: 'webhooks:manage',
    request: { params: WebhookIdParamsSchema },
    response: { status: 200, schema: DeleteWebhookResponseSchema },
    errors: [...KEY_ERRORS, 'not_found'],
    data: 'readwrite',
    handler: 'functions/http/webhooks/delete-webhook.ts',
    mcpTool: false,
  },
  test_webhook: {
    operationId: 'test_webhook',
    area: 'webhooks',
    method: 'POST',
    path: '/api/v1/webhooks/{id}/test',
    summary: 'Send a signed test delivery now and answer with its outcome',
    description:
      'Sends one `webhook.test` event, signed like every delivery, even to a paused endpoint; ' +
      'never retried, and the endpoint is not changed whatever the receiver answers. The ' +
      'outcome (status, error class and text, duration) is in `delivery`, which is also listed ' +
      'among the recent deliveries.',
    tag: TAG,
    auth: 'required',
    scope: 'webhooks:manage',
    request: { params: WebhookIdParamsSchema },
    response: { status: 200, schema: DeliveryResponseSchema },
    errors: [...KEY_ERRORS, 'not_found'],
    data: 'readwrite',
    handler: 'functions/http/webhooks/test-webhook.ts',
    mcpTool: false,
    addition: true,
  },
  redeliver_webhook_delivery: {
    operationId: 'redeliver_webhook_delivery',
    area: 'webhooks',
    method: 'POST',
    path: '/api/v1/webhooks/deliveries/{id}/redeliver',
    summary: 'Send a delivery again',
    description:
      'Starts a new series of attempts for the delivery (same event id and body, fresh ' +
      'signatures, the retry schedule from its start); a delivery waiting for a retry is ' +
      'attempted at once. 404 when the delivery or its endpoint no longer exists.',
    tag: TAG,
    auth: 'required',
    scope: 'webhooks:manage',
    request: { params: DeliveryIdParamsSchema },
    response: { status: 202, schema: DeliveryResponseSchema },
    errors: [...KEY_ERRORS, 'not_found'],
    data: 'readwrite',
    handler: 'functions/http/webhooks/redeliver-delivery.ts',
    starts: ['webhook-delivery'],
    mcpTool: false,
    addition: true,
  },
  rotate_webhook_secret: {
    operationId: 'rotate_webhook_secret',
    area: 'webhooks',
    method: 'POST',
    path: '/api/v1/webhooks/{id}/rotate-secret',
    summary: 'Replace the signing secret; the old one keeps signing for a grace period',
    description:
      'Returns the new secret (only here). Until `previous_secret_expires_at` (default 24 h, ' +
      'set with `grace_period_s`, 0 to 604800) deliveries carry two `v1=` values, new first. ' +
      'Rotating again within the grace period stops the older secret at once.',
    tag: TAG,
    auth: 'required',
    scope: 'webhooks:manage',
    request: {
      params: WebhookIdParamsSchema,
      body: RotateSecretBodySchema,
      optionalBody: true,
    },
    response: { status: 200, schema: RotateSecretResponseSchema },
    errors: ['invalid_request', ...KEY_ERRORS, 'not_found'],
    data: 'readwrite',
    handler: 'functions/http/webhooks/rotate-secret.ts',
    mcpTool: false,
    addition: true,
  },
} as const satisfies Record<string, RouteDefinition>;
