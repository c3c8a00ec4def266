/**
 * The one step of the webhook-delivery workflow (state-machines/webhook-delivery.asl.json):
 * one attempt of one delivery, recorded, and the state machine told what comes next. The
 * Choice state branches on `next`; `retry` goes through a Wait of `wait_seconds` back here.
 *
 * Before sending, the step looks at the store, which is the truth: a delivery removed with its
 * endpoint, or owned by a newer execution (a redelivery), ends this execution without a send; a
 * paused endpoint parks the delivery as `held` (released when the endpoint is active again).
 */
import type { Clock } from '#shared/domain/kernel/clock';
import type { Logger } from '#shared/domain/kernel/logger';
import type { Metrics } from '#shared/domain/kernel/metrics';
import {
  type AttemptClassification,
  type AttemptResult,
  classifyAttempt,
  countAttempt,
} from './attempt.ts';
import type {
  AttemptUpdate,
  DeliveryChannel,
  StoredDelivery,
  StoredEndpoint,
  WebhookStore,
} from './ports.ts';
import { nextDelaySeconds } from './retry-schedule.ts';
import { type SendPort, sendSigned } from './sender.ts';
import type { AttemptStepInput } from './steps-input.ts';

export { type AttemptStepInput, AttemptStepInputSchema } from './steps-input.ts';

/** `last_delivery_at` is kept to about this precision. */
export const LAST_DELIVERY_RESOLUTION_MS = 1_000;

export type AttemptNext =
  | 'delivered'
  | 'retry'
  | 'gone'
  | 'failed'
  | 'gave_up'
  | 'paused'
  | 'deleted'
  | 'superseded';

export interface AttemptStepOutput {
  next: AttemptNext;
  /** Seconds the Wait state waits before the next attempt (only with `retry`). */
  wait_seconds?: number;
  attempts: number;
}

/**
 * Sends the deliveries that are not signed webhooks (docs/alerts.md "Channels"): a Slack post or a
 * mail, each attempt recorded like a webhook attempt.
 */
export interface ChannelPort {
  /** One attempt; answers the outcome like a webhook attempt, never rejects. */
  send(delivery: StoredDelivery & { channel: DeliveryChannel }): Promise<AttemptResult>;
  /** Whether what the delivery belongs to (its alert rule, the case's digest) still exists. */
  stillWanted(delivery: StoredDelivery & { channel: DeliveryChannel }): Promise<boolean>;
}

export interface AttemptStepDeps {
  store: WebhookStore;
  send: SendPort;
  /** Slack and mail deliveries; unset, such a delivery fails with a reason. */
  channels?: ChannelPort;
  schedule: readonly number[];
  logger: Logger;
  clock: Clock;
  /** Uniform in [0, 1): the jitter source. */
  random?: () => number;
  /** Counts attempts and endpoints switched off (docs/runbook.md); unset, nothing is counted. */
  metrics?: Metrics;
}

export async function attemptDelivery(
  input: AttemptStepInput,
  deps: AttemptStepDeps,
): Promise<AttemptStepOutput> {
  const { store } = deps;
  const { delivery, endpoint } = await store.deliveries.getForAttempt(
    input.account_id,
    input.delivery_id,
    input.endpoint_id,
  );
  if (!delivery) return { next: 'deleted', attempts: 0 };
  const stop = (next: AttemptNext): AttemptStepOutput => ({ next, attempts: delivery.attempts });
  if (delivery.generation !== input.generation || delivery.status !== 'pending') {
    return stop('superseded');
  }
  if (delivery.channel) return attemptOnChannel({ ...delivery, channel: delivery.channel }, deps);
  if (!endpoint) {
    await store.deliveries.dropWaiting(delivery.account_id, delivery.endpoint_id, delivery.id);
    return stop('deleted');
  }
  if (!endpoint.active) {
    return stop((await store.deliveries.hold(delivery)) ? 'paused' : 'superseded');
  }
  const event = { id: delivery.event_id, type: delivery.event, body: delivery.body };
  const { at, outcome } = await sendSigned(endpoint, event, deps);
  return recordOutcome(delivery, at, outcome, deps, endpoint);
}

/** A Slack or mail delivery: dropped when its rule is gone, else sent once and recorded. */
async function attemptOnChannel(
  delivery: StoredDelivery & { channel: DeliveryChannel },
  deps: AttemptStepDeps,
): Promise<AttemptStepOutput> {
  const { store } = deps;
  if (deps.channels && !(await deps.channels.stillWanted(delivery))) {
    await store.deliveries.dropWaiting(delivery.account_id, delivery.endpoint_id, delivery.id);
    return { next: 'deleted', attempts: delivery.attempts };
  }
  const at = deps.clock.now().toISOString();
  const result: AttemptResult = deps.channels
    ? await deps.channels.send(delivery)
    : { error: { class: 'blocked', message: 'No sender for this channel' }, durationMs: 0 };
  return recordOutcome(delivery, at, classifyAttempt(result), deps, undefined);
}

/** Records an attempt's outcome and says what comes next (a retry's wait, or the end). */
async function recordOutcome(
  delivery: StoredDelivery,
  at: string,
  outcome: AttemptClassification,
  deps: AttemptStepDeps,
  endpoint: StoredEndpoint | undefined,
): Promise<AttemptStepOutput> {
  const { store } = deps;
  const attempt = delivery.attempts + 1;
  const plan = planNext(delivery, outcome, { ...deps, now: deps.clock.now() });
  const update: AttemptUpdate = {
    record: {
      attempt,
      at,
      status: outcome.status,
      error_class: outcome.errorClass,
      error: outcome.error,
      duration_ms: outcome.durationMs,
    },
    ...plan.update,
  };
  logAttempt(deps.logger, delivery, update, plan.next);
  const recorded = await store.deliveries.recordAttempt(delivery, update);
  // A redelivery took the delivery over while this attempt was in flight: its execution goes on.
  if (!recorded) return { next: 'superseded', attempts: attempt };
  countAttempt(deps.metrics, outcome);
  if (endpoint) {
    await afterOutcome(endpoint, plan.next, recorded.delivered_at ?? at, store);
    if (plan.next === 'gone') deps.metrics?.count('WebhookEndpointDisabled');
  }
  return {
    next: plan.next,
    attempts: attempt,
    ...(plan.waitSeconds === undefined ? {} : { wait_seconds: plan.waitSeconds }),
  };
}

interface Plan {
  next: AttemptNext;
  waitSeconds?: number;
  update: Omit<AttemptUpdate, 'record'>;
}

function planNext(
  delivery: StoredDelivery,
  outcome: AttemptClassification,
  deps: Pick<AttemptStepDeps, 'schedule' | 'random'> & { now: Date },
): Plan {
  const base = { last_status: outcome.status, last_error: outcome.error };
  const final = { delivered_at: null, next_attempt_at: null };
  if (outcome.outcome === 'delivered') {
    const at = deps.now.toISOString();
    return {
      next: 'delivered',
      update: { ...base, status: 'delivered', delivered_at: at, next_attempt_at: null },
    };
  }
  if (outcome.outcome === 'gone' || outcome.outcome === 'failed') {
    const next = outcome.outcome === 'gone' ? 'gone' : 'failed';
    return { next, update: { ...base, ...final, status: 'failed' } };
  }
  const waitSeconds = nextDelaySeconds({
    attemptsMade: delivery.attempts + 1 - delivery.series_start,
    schedule: deps.schedule,
    retryAfter: outcome.retryAfter,
    now: deps.now,
    random: deps.random ?? Math.random,
  });
  if (waitSeconds === null) {
    return { next: 'gave_up', update: { ...base, ...final, status: 'failed' } };
  }
  const due = new Date(deps.now.getTime() + waitSeconds * 1000).toISOString();
  return {
    next: 'retry',
    waitSeconds,
    update: { ...base, status: 'pending', delivered_at: null, next_attempt_at: due },
  };
}

/** What the outcome means for the endpoint: a success moves last_delivery_at, 410 pauses it. */
async function afterOutcome(
  endpoint: StoredEndpoint,
  next: AttemptNext,
  at: string,
  store: WebhookStore,
): Promise<void> {
  if (next === 'delivered') {
    // At most about one write a second per endpoint: a busy endpoint's item must not get hot.
    const last = endpoint.last_delivery_at ? Date.parse(endpoint.last_delivery_at) : 0;
    if (Date.parse(at) - last >= LAST_DELIVERY_RESOLUTION_MS) {
      await store.endpoints.touchLastDelivery(endpoint.account_id, endpoint.id, at);
    }
  } else if (next === 'gone') {
    await store.endpoints.updateEndpoint(endpoint.account_id, endpoint.id, {
      active: false,
      paused_reason: 'gone',
    });
  }
}

function logAttempt(
  logger: Logger,
  delivery: StoredDelivery,
  update: AttemptUpdate,
  next: AttemptNext,
): void {
  const fields = {
    delivery_id: delivery.id,
    endpoint_id: delivery.endpoint_id,
    event_id: delivery.event_id,
    event: delivery.event,
    channel: delivery.channel?.kind ?? 'webhook',
    attempt: update.record.attempt,
    signed_at: update.record.at,
    status: update.record.status,
    error_class: update.record.error_class,
    error: update.record.error,
    duration_ms: update.record.duration_ms,
    next,
  };
  if (update.record.error_class === 'blocked') {
    logger.warn('webhook delivery refused: the receiver address is not allowed', fields);
  } else {
    logger.info('webhook delivery attempt', fields);
  }
}
