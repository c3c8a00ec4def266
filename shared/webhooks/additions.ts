import { NotFoundError, UnavailableError } from '#shared/errors';
import { logger } from '#shared/observability/logger';
import type { OperationInput } from '#shared/operation';
import { takeOverAndStart } from './deliveries.ts';
import { keyHolder, requireEndpoint, type WebhookDeps } from './operations.ts';
import { TEST_EVENT_TYPE, testEventBody } from './payloads.ts';
import type { EndpointSecret, StoredDelivery, StoredEndpoint } from './ports.ts';
import type { DeliveryIdParams, RotateSecretBody, WebhookIdParams } from './schemas.ts';
import { sendSigned } from './sender.ts';
import { generateWebhookSecret, SIGNATURE_DESCRIPTION } from './signing.ts';
import { deliveryView, endpointView } from './views.ts';

/**
 * Beyond SPEC.md (docs/webhooks.md): a signed test delivery answered with its outcome, a
 * redelivery of a delivery that failed (or any other), and secret rotation with a grace period
 * during which the old secret keeps signing next to the new one.
 */

/**
 * Sends a `webhook.test` event at once, signed like any delivery, and answers with the outcome.
 * It is sent whether or not the endpoint is active (so a paused receiver can be checked before
 * it is resumed), never retried, and changes nothing about the endpoint; it is recorded among
 * the account's deliveries.
 */
export async function testWebhook(
  input: OperationInput<WebhookIdParams>,
  deps: Pick<WebhookDeps, 'store' | 'send' | 'now' | 'newId'>,
) {
  const { userId } = keyHolder(input.principal);
  const endpoint = await requireEndpoint(deps, userId, input.params.id);
  const now = deps.now ?? (() => new Date());
  const newId = deps.newId ?? (() => crypto.randomUUID());
  const eventId = newId();
  const createdAt = now().toISOString();
  const body = testEventBody(endpoint.id, eventId, createdAt);
  const { at, outcome } = await sendSigned(
    endpoint,
    { id: eventId, type: TEST_EVENT_TYPE, body },
    { send: deps.send, now },
  );
  const delivered = outcome.outcome === 'delivered';
  const delivery: StoredDelivery = {
    id: newId(),
    account_id: userId,
    endpoint_id: endpoint.id,
    event_id: eventId,
    event: TEST_EVENT_TYPE,
    body,
    status: delivered ? 'delivered' : 'failed',
    attempts: 1,
    series_start: 0,
    generation: 0,
    last_status: outcome.status,
    last_error: outcome.error,
    created_at: createdAt,
    delivered_at: delivered ? now().toISOString() : null,
    next_attempt_at: null,
    attempt_log: [
      {
        attempt: 1,
        at,
        status: outcome.status,
        error_class: outcome.errorClass,
        error: outcome.error,
        duration_ms: outcome.durationMs,
      },
    ],
  };
  await deps.store.deliveries.putFinishedDelivery(delivery);
  logger.info('webhook test delivery', {
    endpoint_id: endpoint.id,
    event_id: eventId,
    status: outcome.status,
    error_class: outcome.errorClass,
  });
  return { delivery: deliveryView(delivery) };
}

/**
 * Sends a delivery again as a new series of attempts (the retry schedule starts over; the
 * attempt count goes on; same event id, same body, fresh signatures). A delivery still waiting
 * for a retry is attempted at once instead. The endpoint must still exist.
 */
export async function redeliverDelivery(
  input: OperationInput<DeliveryIdParams>,
  deps: Pick<WebhookDeps, 'store' | 'workflows'>,
) {
  const { userId } = keyHolder(input.principal);
  const delivery = await deps.store.deliveries.getDelivery(userId, input.params.id.toLowerCase());
  if (!delivery) throw new NotFoundError(`No webhook delivery with id "${input.params.id}".`);
  const endpoint = await deps.store.endpoints.getEndpoint(userId, delivery.endpoint_id);
  if (!endpoint) {
    throw new NotFoundError(
      `The endpoint of delivery "${input.params.id}" was deleted; there is nowhere to send it.`,
    );
  }
  const taken = await takeOverAndStart(delivery, deps);
  logger.info('webhook redelivery', { delivery_id: delivery.id, generation: taken.generation });
  return { delivery: deliveryView(taken) };
}

const ROTATION_TRIES = 3;

/**
 * A new current secret; the one it replaces keeps signing for the grace period (default 24 h,
 * 0 = not at all). Only the secret just replaced is kept: rotating again within the grace
 * period stops the older one at once, so a delivery never carries more than two signatures.
 */
export async function rotateWebhookSecret(
  input: OperationInput<WebhookIdParams, undefined, RotateSecretBody>,
  deps: Pick<WebhookDeps, 'store' | 'graceSeconds' | 'now' | 'newSecret'>,
) {
  const { userId } = keyHolder(input.principal);
  const grace = input.body?.grace_period_s ?? deps.graceSeconds;
  for (let attempt = 0; attempt < ROTATION_TRIES; attempt += 1) {
    const endpoint = await requireEndpoint(deps, userId, input.params.id);
    const now = deps.now?.() ?? new Date();
    const secret = deps.newSecret?.() ?? generateWebhookSecret();
    const expiresAt = new Date(now.getTime() + grace * 1000).toISOString();
    const next = rotatedSecrets(endpoint, secret, grace > 0 ? expiresAt : null);
    if (await deps.store.endpoints.replaceSecrets(endpoint, endpoint.secrets, next)) {
      logger.info('webhook secret rotated', { endpoint_id: endpoint.id, grace_seconds: grace });
      return {
        endpoint: endpointView({ ...endpoint, secrets: next }),
        secret,
        previous_secret_expires_at: expiresAt,
        signature: SIGNATURE_DESCRIPTION,
      };
    }
  }
  throw new UnavailableError(
    'service_unavailable',
    'The secret was being rotated concurrently; try again.',
    { retryAfterSeconds: 1 },
  );
}

function rotatedSecrets(
  endpoint: StoredEndpoint,
  secret: string,
  previousExpiresAt: string | null,
): EndpointSecret[] {
  const current = endpoint.secrets[0];
  const next: EndpointSecret[] = [{ value: secret, expires_at: null }];
  if (current && previousExpiresAt !== null) {
    next.push({ value: current.value, expires_at: previousExpiresAt });
  }
  return next;
}
