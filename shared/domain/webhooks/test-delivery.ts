/** `POST /api/v1/webhooks/{id}/test` (an addition, docs/api.md and docs/webhooks.md). */
import { nowIso } from '#shared/domain/kernel/clock';
import type { Metrics } from '#shared/domain/kernel/metrics';
import type { CallerInput } from '#shared/domain/kernel/operation';
import { countAttempt } from './attempt.ts';
import { requireEndpoint, type WebhookDeps } from './operations.ts';
import { TEST_EVENT_TYPE, testEventBody } from './payloads.ts';
import type { StoredDelivery } from './ports.ts';
import type { WebhookIdParams } from './schemas.ts';
import { type SendPort, sendSigned } from './sender.ts';
import { deliveryView } from './views.ts';

/**
 * Sends a `webhook.test` event at once, signed like any delivery, and answers with the outcome.
 * It is sent whether or not the endpoint is active (so a paused receiver can be checked before
 * it is resumed), never retried, and changes nothing about the endpoint; it is recorded among
 * the account's deliveries.
 */
export interface TestWebhookDeps extends Pick<WebhookDeps, 'store' | 'logger' | 'clock' | 'newId'> {
  send: SendPort;
  /** Counts the attempt like any delivery's (docs/runbook.md); unset, nothing is counted. */
  metrics?: Metrics;
}

export async function testWebhook(input: CallerInput<WebhookIdParams>, deps: TestWebhookDeps) {
  const { accountId } = input.principal;
  const endpoint = await requireEndpoint(deps, accountId, input.params.id);
  const newId = deps.newId ?? (() => crypto.randomUUID());
  const eventId = newId();
  const createdAt = nowIso(deps.clock);
  const body = testEventBody(endpoint.id, eventId, createdAt);
  const { at, outcome } = await sendSigned(
    endpoint,
    { id: eventId, type: TEST_EVENT_TYPE, body },
    deps,
  );
  const delivered = outcome.outcome === 'delivered';
  const delivery: StoredDelivery = {
    id: newId(),
    account_id: accountId,
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
    delivered_at: delivered ? nowIso(deps.clock) : null,
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
  countAttempt(deps.metrics, outcome);
  deps.logger.info('webhook test delivery', {
    endpoint_id: endpoint.id,
    event_id: eventId,
    status: outcome.status,
    error_class: outcome.errorClass,
  });
  return { delivery: deliveryView(delivery) };
}
