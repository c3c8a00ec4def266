/**
 * The life of a delivery outside its workflow: created by the dispatcher (one per event and
 * subscribed endpoint), started as a `webhook-delivery` execution named after it, held while its
 * endpoint is paused, released when the endpoint is active again, dropped when the endpoint is
 * deleted, taken over by a redelivery, resumed by the local stack after a restart.
 */
import type { DomainEvent } from '#shared/domain/events/types';
import type { Clock } from '#shared/domain/kernel/clock';
import type { Logger } from '#shared/domain/kernel/logger';
import type { WorkflowStarter } from '#shared/domain/kernel/workflow-port';
import { deliveryExecutionName, deliveryIdFor } from './ids.ts';
import { eventBody } from './payloads.ts';
import type { StoredDelivery, StoredEndpoint, WebhookStore } from './ports.ts';

export interface DeliveryLifecycleDeps {
  store: WebhookStore;
  workflows: WorkflowStarter;
  logger: Logger;
  clock: Clock;
}

/** Starting and releasing deliveries reads no time: only delivering an event does. */
type DeliveryStartDeps = Pick<DeliveryLifecycleDeps, 'store' | 'workflows' | 'logger'>;

/** The input of the webhook-delivery state machine (state-machines/webhook-delivery.asl.json). */
export interface DeliveryExecutionInput {
  account_id: string;
  delivery_id: string;
  endpoint_id: string;
  generation: number;
}

const PARALLEL = 10;

/**
 * `last_error` of a delivery whose execution could not be started (issue 18 point 8;
 * docs/decisions.md): it is failed at once instead of staying `pending` with nothing to run it,
 * and a later handling of the same event (SQS receives the message again) or a redelivery gives
 * it a new execution.
 */
export const NOT_STARTED_ERROR = 'The delivery could not be started';

/** Failed because its execution never started, and never attempted: safe to start again. */
function neverStarted(delivery: StoredDelivery): boolean {
  return (
    delivery.status === 'failed' &&
    delivery.attempts === 0 &&
    (delivery.last_error ?? '').startsWith(NOT_STARTED_ERROR)
  );
}

/** Starts a pending delivery's execution; when that fails, the delivery is failed, not left pending. */
async function startOrFail(delivery: StoredDelivery, deps: DeliveryStartDeps): Promise<void> {
  try {
    await startDeliveryExecution(deps.workflows, delivery);
  } catch (error) {
    const reason = `${NOT_STARTED_ERROR}: ${error instanceof Error ? error.message : String(error)}`;
    await deps.store.deliveries.abandon(delivery, reason.slice(0, 500)).catch((abandonError) => {
      deps.logger.error('a delivery that could not start is still pending', {
        delivery_id: delivery.id,
        error: abandonError as Error,
      });
    });
    throw error;
  }
}

/** Runs `work` over `items`, at most `limit` at a time. */
export async function forEachLimited<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next] as T;
      next += 1;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

export async function startDeliveryExecution(
  workflows: WorkflowStarter,
  delivery: Pick<StoredDelivery, 'account_id' | 'id' | 'endpoint_id' | 'generation'>,
): Promise<boolean> {
  const input: DeliveryExecutionInput = {
    account_id: delivery.account_id,
    delivery_id: delivery.id,
    endpoint_id: delivery.endpoint_id,
    generation: delivery.generation,
  };
  const name = deliveryExecutionName(delivery.id, delivery.generation);
  const { started } = await workflows.start('webhook-delivery', name, input);
  return started;
}

export function newDelivery(
  event: DomainEvent,
  endpoint: StoredEndpoint,
  body: string,
  now: Date,
): StoredDelivery {
  return {
    id: deliveryIdFor(event.id, endpoint.id),
    account_id: event.account_id,
    endpoint_id: endpoint.id,
    event_id: event.id,
    event: event.type,
    body,
    status: endpoint.active ? 'pending' : 'held',
    attempts: 0,
    series_start: 0,
    generation: 0,
    last_status: null,
    last_error: null,
    created_at: now.toISOString(),
    delivered_at: null,
    next_attempt_at: null,
    attempt_log: [],
  };
}

/**
 * The dispatcher's part for one event: a delivery for each endpoint of the account that is
 * subscribed to the event type, started at once when the endpoint is active and held when it is
 * paused. Idempotent: a second call for the same event finds the same deliveries (ids derived
 * from event and endpoint) and the same execution names.
 */
export async function deliverEvent(
  event: DomainEvent,
  deps: DeliveryLifecycleDeps,
): Promise<{ deliveries: number; ids: string[] }> {
  const endpoints = (await deps.store.endpoints.listEndpoints(event.account_id)).filter(
    (endpoint) => endpoint.events.includes(event.type),
  );
  if (endpoints.length === 0) return { deliveries: 0, ids: [] };
  const body = eventBody(event);
  const now = deps.clock.now();
  await forEachLimited(endpoints, PARALLEL, async (endpoint) => {
    const { delivery } = await deps.store.deliveries.createDelivery(
      newDelivery(event, endpoint, body, now),
    );
    if (delivery.status === 'pending') {
      await startOrFail(delivery, deps);
    } else if (delivery.status === 'held') {
      await releaseIfActive(delivery, deps);
    } else if (neverStarted(delivery)) {
      // The message came again after a start failed: give the delivery its execution now.
      await takeOverAndStart(delivery, deps);
    }
  });
  return {
    deliveries: endpoints.length,
    ids: endpoints.map((endpoint) => deliveryIdFor(event.id, endpoint.id)),
  };
}

/**
 * A Slack or mail delivery (docs/alerts.md "Channels"): written once (its id names the event and
 * the target, so a second call finds it) and started in the same workflow as webhook deliveries.
 */
export async function deliverOnChannel(
  delivery: StoredDelivery,
  deps: DeliveryStartDeps,
): Promise<void> {
  const { delivery: stored } = await deps.store.deliveries.createDelivery(delivery);
  if (stored.status === 'pending') {
    await startOrFail(stored, deps);
  } else if (neverStarted(stored)) {
    await takeOverAndStart(stored, deps);
  }
}

/**
 * A delivery was held because its endpoint looked paused; if the endpoint was reactivated in
 * the meantime, the reactivation may not have seen this delivery yet, so release it here. Both
 * sides write first and read (strongly consistent) second, so at least one of them sees the
 * other; the generation makes sure only one of them starts it.
 */
async function releaseIfActive(delivery: StoredDelivery, deps: DeliveryStartDeps) {
  const endpoint = await deps.store.endpoints.getEndpoint(
    delivery.account_id,
    delivery.endpoint_id,
  );
  if (!endpoint) {
    await deps.store.deliveries.dropWaiting(delivery.account_id, delivery.endpoint_id, delivery.id);
  } else if (endpoint.active) {
    await takeOverAndStart(delivery, deps);
  }
}

/** Gives the delivery to a new execution; the current view when another caller won. */
export async function takeOverAndStart(
  delivery: StoredDelivery,
  deps: DeliveryStartDeps,
  options: { holdIfNotStarted?: boolean } = {},
): Promise<StoredDelivery> {
  const taken = await deps.store.deliveries.takeOver(delivery);
  if (!taken) {
    return (await deps.store.deliveries.getDelivery(delivery.account_id, delivery.id)) ?? delivery;
  }
  if (options.holdIfNotStarted) {
    try {
      await startDeliveryExecution(deps.workflows, taken);
    } catch (error) {
      // A released delivery whose execution could not start goes back to held, so the next
      // reactivation finds it again instead of leaving it pending with nothing to run it.
      await deps.store.deliveries.hold(taken).catch(() => undefined);
      throw error;
    }
  } else {
    await startOrFail(taken, deps);
  }
  return taken;
}

/** Endpoint active again: every held delivery of it goes out. */
export async function releaseHeldDeliveries(
  accountId: string,
  endpointId: string,
  deps: DeliveryStartDeps,
): Promise<number> {
  const ids = await deps.store.deliveries.listOpenForEndpoint(accountId, endpointId);
  let released = 0;
  await forEachLimited(ids, PARALLEL, async (id) => {
    const delivery = await deps.store.deliveries.getDelivery(accountId, id);
    if (delivery?.status !== 'held') return;
    const taken = await takeOverAndStart(delivery, deps, { holdIfNotStarted: true });
    if (taken.generation > delivery.generation) released += 1;
  });
  return released;
}

/** Endpoint deleted: every delivery still waiting for it is removed. */
export async function dropWaitingDeliveries(
  accountId: string,
  endpointId: string,
  deps: Pick<DeliveryLifecycleDeps, 'store'>,
): Promise<number> {
  const ids = await deps.store.deliveries.listOpenForEndpoint(accountId, endpointId);
  await forEachLimited(ids, PARALLEL, (id) =>
    deps.store.deliveries.dropWaiting(accountId, endpointId, id),
  );
  return ids.length;
}

/**
 * Starts again every delivery the store says is not final (the local stack, after a restart:
 * its engine keeps executions in memory). A pending delivery is attempted at once; a held one
 * stays held unless its endpoint is active. On AWS, standard workflows survive on their own.
 */
export async function resumeOpenDeliveries(deps: DeliveryStartDeps): Promise<string[]> {
  const resumed: string[] = [];
  const refs = await deps.store.deliveries.listAllOpen();
  await forEachLimited(refs, PARALLEL, async (ref) => {
    const delivery = await deps.store.deliveries.getDelivery(ref.account_id, ref.delivery_id);
    if (!delivery) {
      // A marker left behind by an interrupted write: nothing is waiting.
      await deps.store.deliveries.dropWaiting(ref.account_id, ref.endpoint_id, ref.delivery_id);
      return;
    }
    if (delivery.status !== 'pending' && delivery.status !== 'held') {
      await deps.store.deliveries.closeMarker(delivery);
      return;
    }
    if (delivery.status === 'pending') {
      if (await startDeliveryExecution(deps.workflows, delivery)) resumed.push(delivery.id);
      return;
    }
    const before = delivery.generation;
    await releaseIfActive(delivery, deps);
    const after = await deps.store.deliveries.getDelivery(ref.account_id, ref.delivery_id);
    if (after && after.generation > before) resumed.push(delivery.id);
  });
  if (resumed.length > 0) deps.logger.info('resumed webhook deliveries', { count: resumed.length });
  return resumed;
}
