import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '#shared/adapters/clock/system-clock';
import { createWebhookDeliveriesRepository } from '#shared/adapters/dynamodb/webhook-deliveries-repository';
import { createWebhookEndpointsRepository } from '#shared/adapters/dynamodb/webhook-endpoints-repository';
import { newEvent } from '#shared/domain/events/types';
import type { WorkflowStarter } from '#shared/domain/kernel/workflow-port';
import {
  deliverEvent,
  dropWaitingDeliveries,
  NOT_STARTED_ERROR,
  releaseHeldDeliveries,
  resumeOpenDeliveries,
  takeOverAndStart,
} from '#shared/domain/webhooks/deliveries';
import { deliveryExecutionName, deliveryIdFor } from '#shared/domain/webhooks/ids';
import type { StoredDelivery, StoredEndpoint, WebhookStore } from '#shared/domain/webhooks/ports';
import { operatorEvent } from '#test/support/audit';
import { startTestTable, type TestTable } from '#test/support/dynamo';
import { recordingLogger } from '#test/support/logger';

const logger = recordingLogger();

/**
 * The life of deliveries outside the workflow, against the real repositories (dynalite) and a
 * starter that, like Step Functions, accepts each execution name once.
 */
let table: TestTable;
let store: WebhookStore;

beforeAll(async () => {
  table = await startTestTable('deliveries-test');
  store = {
    endpoints: createWebhookEndpointsRepository(table.doc, table.tableName),
    deliveries: createWebhookDeliveriesRepository(table.doc, table.tableName, {
      retentionDays: 30,
    }),
  };
});
afterAll(async () => {
  await table?.close();
});

function engine(): WorkflowStarter & { names: string[]; attempts: number } {
  const names: string[] = [];
  const starter = {
    names,
    attempts: 0,
    async start(_workflow: string, name: string) {
      starter.attempts += 1;
      if (names.includes(name)) return { started: false };
      names.push(name);
      return { started: true };
    },
  };
  return starter;
}

async function endpoint(
  accountId: string,
  changes: Partial<StoredEndpoint> = {},
): Promise<StoredEndpoint> {
  const stored: StoredEndpoint = {
    id: crypto.randomUUID(),
    account_id: accountId,
    url: `https://hooks.example.com/${crypto.randomUUID()}`,
    label: '',
    events: ['scan.completed', 'run.completed', 'score.changed'],
    active: true,
    paused_reason: null,
    created_at: new Date().toISOString(),
    last_delivery_at: null,
    secrets: [{ value: 'ars_whsec_x', expires_at: null }],
    ...changes,
  };
  await store.endpoints.putEndpoint(stored, operatorEvent(stored.account_id, 'webhook.created'));
  return stored;
}

const account = () => `acct-${crypto.randomUUID()}`;

describe('deliverEvent (the dispatcher)', () => {
  it('starts one execution per subscribed active endpoint, named after the delivery', async () => {
    const id = account();
    const [scans, runs] = [
      await endpoint(id, { events: ['scan.completed'] }),
      await endpoint(id, { events: ['run.completed'] }),
    ];
    await endpoint(account());
    const workflows = engine();
    const event = newEvent('scan.completed', id, { scan: { id: 's' } }, new Date());
    const deliveryId = deliveryIdFor(event.id, scans.id);
    expect(await deliverEvent(event, { store, workflows, clock: systemClock, logger })).toEqual({
      deliveries: 1,
      ids: [deliveryId],
    });
    expect(workflows.names).toEqual([deliveryExecutionName(deliveryId, 0)]);
    const delivery = await store.deliveries.getDelivery(id, deliveryId);
    expect(delivery).toMatchObject({ status: 'pending', event: 'scan.completed', attempts: 0 });
    expect(JSON.parse(String(delivery?.body))).toEqual({
      id: event.id,
      type: 'scan.completed',
      created_at: event.created_at,
      data: { scan: { id: 's' } },
    });
    expect(
      await store.deliveries.getDelivery(id, deliveryIdFor(event.id, runs.id)),
    ).toBeUndefined();
  });

  it('handled twice (SQS redelivered the message), it starts nothing twice', async () => {
    const id = account();
    await endpoint(id);
    await endpoint(id);
    const workflows = engine();
    const event = newEvent('run.completed', id, {}, new Date());
    await deliverEvent(event, { store, workflows, clock: systemClock, logger });
    await deliverEvent(event, { store, workflows, clock: systemClock, logger });
    expect(workflows.attempts).toBe(4);
    expect(new Set(workflows.names).size).toBe(2);
    expect(workflows.names).toHaveLength(2);
  });

  it('holds the deliveries of a paused endpoint and starts nothing', async () => {
    const id = account();
    const paused = await endpoint(id, { active: false, paused_reason: 'api' });
    const workflows = engine();
    const event = newEvent('score.changed', id, {}, new Date());
    await deliverEvent(event, { store, workflows, clock: systemClock, logger });
    expect(workflows.names).toEqual([]);
    const deliveryId = deliveryIdFor(event.id, paused.id);
    expect((await store.deliveries.getDelivery(id, deliveryId))?.status).toBe('held');
    expect(await store.deliveries.listOpenForEndpoint(id, paused.id)).toEqual([deliveryId]);
  });
});

describe('releasing, dropping and resuming', () => {
  it('releases held deliveries once, with a new generation, when the endpoint is active again', async () => {
    const id = account();
    const paused = await endpoint(id, { active: false, paused_reason: 'api' });
    const workflows = engine();
    const events = [
      newEvent('scan.completed', id, {}, new Date()),
      newEvent('scan.completed', id, {}, new Date()),
    ];
    for (const event of events)
      await deliverEvent(event, { store, workflows, clock: systemClock, logger });
    await store.endpoints.updateEndpoint(id, paused.id, { active: true, paused_reason: null });
    expect(await releaseHeldDeliveries(id, paused.id, { store, workflows, logger })).toBe(2);
    expect(await releaseHeldDeliveries(id, paused.id, { store, workflows, logger })).toBe(0);
    expect(workflows.names.sort()).toEqual(
      events.map((event) => deliveryExecutionName(deliveryIdFor(event.id, paused.id), 1)).sort(),
    );
  });

  it('puts a released delivery back on hold when its execution cannot start', async () => {
    const id = account();
    const paused = await endpoint(id, { active: false, paused_reason: 'api' });
    const event = newEvent('scan.completed', id, {}, new Date());
    await deliverEvent(event, { store, workflows: engine(), clock: systemClock, logger });
    await store.endpoints.updateEndpoint(id, paused.id, { active: true, paused_reason: null });
    const down: WorkflowStarter = {
      start: async () => {
        throw new Error('workflow service unavailable');
      },
    };
    await expect(
      releaseHeldDeliveries(id, paused.id, { store, workflows: down, logger }),
    ).rejects.toThrow('unavailable');
    const deliveryId = deliveryIdFor(event.id, paused.id);
    expect((await store.deliveries.getDelivery(id, deliveryId))?.status).toBe('held');
    const workflows = engine();
    expect(await releaseHeldDeliveries(id, paused.id, { store, workflows, logger })).toBe(1);
    expect(workflows.names).toEqual([deliveryExecutionName(deliveryId, 2)]);
  });

  it('fails a delivery whose execution cannot start instead of leaving it pending, and starts it when the event comes again', async () => {
    const id = account();
    const target = await endpoint(id);
    const event = newEvent('scan.completed', id, {}, new Date());
    const down: WorkflowStarter = {
      start: async () => {
        throw new Error('StartExecution: ThrottlingException');
      },
    };
    await expect(
      deliverEvent(event, { store, workflows: down, clock: systemClock, logger }),
    ).rejects.toThrow('Throttling');
    const deliveryId = deliveryIdFor(event.id, target.id);
    const failed = await store.deliveries.getDelivery(id, deliveryId);
    expect(failed).toMatchObject({ status: 'failed', attempts: 0 });
    expect(failed?.last_error).toContain(NOT_STARTED_ERROR);
    expect(await store.deliveries.listOpenForEndpoint(id, target.id)).toEqual([]);
    // SQS hands the message over again: the delivery gets a new execution, once.
    const workflows = engine();
    await deliverEvent(event, { store, workflows, clock: systemClock, logger });
    await deliverEvent(event, { store, workflows, clock: systemClock, logger });
    expect(workflows.names).toEqual([deliveryExecutionName(deliveryId, 1)]);
    expect(await store.deliveries.getDelivery(id, deliveryId)).toMatchObject({
      status: 'pending',
      generation: 1,
    });
  });

  it('fails a redelivery whose execution cannot start instead of leaving it pending', async () => {
    const id = account();
    const target = await endpoint(id);
    const event = newEvent('scan.completed', id, {}, new Date());
    await deliverEvent(event, { store, workflows: engine(), clock: systemClock, logger });
    const deliveryId = deliveryIdFor(event.id, target.id);
    const delivery = await store.deliveries.getDelivery(id, deliveryId);
    await store.deliveries.abandon(delivery as StoredDelivery, 'receiver down');
    const down: WorkflowStarter = {
      start: async () => {
        throw new Error('StartExecution: ServiceUnavailable');
      },
    };
    // What the redelivery route does (redeliverDelivery).
    const failed = (await store.deliveries.getDelivery(id, deliveryId)) as StoredDelivery;
    await expect(takeOverAndStart(failed, { store, workflows: down, logger })).rejects.toThrow(
      'ServiceUnavailable',
    );
    expect(await store.deliveries.getDelivery(id, deliveryId)).toMatchObject({
      status: 'failed',
      generation: 1,
    });
  });

  it('drops every waiting delivery of a deleted endpoint and keeps finished ones', async () => {
    const id = account();
    const target = await endpoint(id);
    const workflows = engine();
    const waiting = newEvent('scan.completed', id, {}, new Date());
    const finished = newEvent('scan.completed', id, {}, new Date());
    await deliverEvent(waiting, { store, workflows, clock: systemClock, logger });
    await deliverEvent(finished, { store, workflows, clock: systemClock, logger });
    const first = await store.deliveries.getDelivery(id, deliveryIdFor(waiting.id, target.id));
    const done = await store.deliveries.getDelivery(id, deliveryIdFor(finished.id, target.id));
    if (!done || !first) throw new Error('missing');
    // The first delivery failed once and waits for its retry.
    await store.deliveries.recordAttempt(first, {
      record: {
        attempt: 1,
        at: 'x',
        status: 500,
        error_class: 'http',
        error: 'HTTP 500',
        duration_ms: 1,
      },
      status: 'pending',
      last_status: 500,
      last_error: 'HTTP 500',
      delivered_at: null,
      next_attempt_at: new Date().toISOString(),
    });
    await store.deliveries.recordAttempt(done, {
      record: { attempt: 1, at: 'x', status: 200, error_class: null, error: null, duration_ms: 1 },
      status: 'delivered',
      last_status: 200,
      last_error: null,
      delivered_at: new Date().toISOString(),
      next_attempt_at: null,
    });
    expect(await dropWaitingDeliveries(id, target.id, { store })).toBe(1);
    expect(
      await store.deliveries.getDelivery(id, deliveryIdFor(waiting.id, target.id)),
    ).toBeUndefined();
    expect((await store.deliveries.getDelivery(id, done.id))?.status).toBe('delivered');
  });

  it('resumes pending deliveries after a restart under their own names, once', async () => {
    const id = account();
    await endpoint(id);
    const before = engine();
    const event = newEvent('scan.completed', id, {}, new Date());
    await deliverEvent(event, { store, workflows: before, clock: systemClock, logger });
    // A new engine (the local stack restarted): the same names are accepted again.
    const after = engine();
    const resumed = await resumeOpenDeliveries({ store, workflows: after, logger });
    expect(after.names).toEqual(expect.arrayContaining(before.names));
    expect(resumed).toEqual(expect.arrayContaining(before.names.map((name) => name.slice(4, 40))));
  });
});
