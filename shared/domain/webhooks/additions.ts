/**
 * Beyond the customer's contract (docs/api.md, docs/webhooks.md): a redelivery of a delivery that failed (or any other),
 * and secret rotation with a grace period during which the old secret keeps signing next to the new
 * one. The test delivery, which sends, is in test-delivery.ts.
 */

import { auditEvent } from '#shared/domain/audit/events';
import { NotFoundError, UnavailableError } from '#shared/domain/kernel/errors';
import type { CallerInput } from '#shared/domain/kernel/operation';
import { takeOverAndStart } from './deliveries.ts';
import { requireEndpoint, type WebhookDeps } from './operations.ts';
import type { EndpointSecret, StoredEndpoint } from './ports.ts';
import type { DeliveryIdParams, RotateSecretBody, WebhookIdParams } from './schemas.ts';
import { generateWebhookSecret, SIGNATURE_DESCRIPTION } from './signing.ts';
import { deliveryView, endpointView } from './views.ts';

/**
 * Sends a delivery again as a new series of attempts (the retry schedule starts over; the
 * attempt count goes on; same event id, same body, fresh signatures). A delivery still waiting
 * for a retry is attempted at once instead. The endpoint must still exist.
 */
export async function redeliverDelivery(
  input: CallerInput<DeliveryIdParams>,
  deps: Pick<WebhookDeps, 'store' | 'workflows' | 'logger'>,
) {
  const { accountId } = input.principal;
  const delivery = await deps.store.deliveries.getDelivery(accountId, input.params.id);
  if (!delivery) throw new NotFoundError(`No webhook delivery with id "${input.params.id}".`);
  const endpoint = await deps.store.endpoints.getEndpoint(accountId, delivery.endpoint_id);
  if (!endpoint) {
    throw new NotFoundError(
      `The endpoint of delivery "${input.params.id}" was deleted; there is nowhere to send it.`,
    );
  }
  const taken = await takeOverAndStart(delivery, deps);
  deps.logger.info('webhook redelivery', {
    delivery_id: delivery.id,
    generation: taken.generation,
  });
  return { delivery: deliveryView(taken) };
}

const ROTATION_TRIES = 3;

/**
 * A new current secret; the one it replaces keeps signing for the grace period (default 24 h,
 * 0 = not at all). Only the secret just replaced is kept: rotating again within the grace
 * period stops the older one at once, so a delivery never carries more than two signatures.
 */
export async function rotateWebhookSecret(
  input: CallerInput<WebhookIdParams, undefined, RotateSecretBody>,
  deps: Pick<WebhookDeps, 'store' | 'logger' | 'graceSeconds' | 'clock' | 'newSecret'>,
) {
  const { accountId } = input.principal;
  const grace = input.body?.grace_period_s ?? deps.graceSeconds;
  for (let attempt = 0; attempt < ROTATION_TRIES; attempt += 1) {
    const endpoint = await requireEndpoint(deps, accountId, input.params.id);
    const now = deps.clock.now();
    const secret = deps.newSecret?.() ?? generateWebhookSecret();
    const expiresAt = new Date(now.getTime() + grace * 1000).toISOString();
    const next = rotatedSecrets(endpoint, secret, grace > 0 ? expiresAt : null);
    const audit = auditEvent(
      input.principal,
      'webhook.secret_rotated',
      { type: 'webhook', id: endpoint.id },
      { grace_period_s: grace },
      deps.clock,
    );
    if (await deps.store.endpoints.replaceSecrets(endpoint, endpoint.secrets, next, audit)) {
      deps.logger.info('webhook secret rotated', {
        endpoint_id: endpoint.id,
        grace_seconds: grace,
      });
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
