import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebhookDeliveriesRepository } from '#shared/adapters/dynamodb/webhook-deliveries-repository';
import { createWebhookEndpointsRepository } from '#shared/adapters/dynamodb/webhook-endpoints-repository';
import { newEvent } from '#shared/domain/events/types';
import { abandonDelivery } from '#shared/domain/webhooks/abandon';
import type { AttemptResult } from '#shared/domain/webhooks/attempt';
import { newDelivery } from '#shared/domain/webhooks/deliveries';
import { eventBody } from '#shared/domain/webhooks/payloads';
import type { StoredDelivery, StoredEndpoint, WebhookStore } from '#shared/domain/webhooks/ports';
import type { SendPort } from '#shared/domain/webhooks/sender';
import { verifyDelivery } from '#shared/domain/webhooks/signing';
import { attemptDelivery } from '#shared/domain/webhooks/steps';
import { operatorEvent } from '#test/support/audit';
import { fixedClock } from '#test/support/clock';
import { startTestTable, type TestTable } from '#test/support/dynamo';
import { recordingLogger } from '#test/support/logger';

const logger = recordingLogger();

/**
 * The workflow's one step against the real repositories (dynalite) and a scripted receiver:
 * what it records, what it tells the Choice state, and when it sends nothing at all.
 */
let table: TestTable;
let store: WebhookStore;
const SECRET = 'ars_whsec_step-test';
const NOW = new Date('2026-03-01T12:00:00.000Z');

beforeAll(async () => {
  table = await startTestTable('attempt-step-test');
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

interface Sent {
  url: string;
  headers: Record<string, string>;
  body: string;
}

function scripted(...results: AttemptResult[]): { send: SendPort; sent: Sent[] } {
  const sent: Sent[] = [];
  return {
    sent,
    send: async (request) => {
      sent.push(request);
      const result = results[Math.min(sent.length - 1, results.length - 1)];
      if (!result) throw new Error('no scripted result');
      return result;
    },
  };
}

const answer = (status: number, extra: Partial<AttemptResult> = {}): AttemptResult => ({
  status,
  durationMs: 12,
  bodySnippet: '',
  truncated: false,
  retryAfter: null,
  location: null,
  ...extra,
});

async function setUp(
  endpointChanges: Partial<StoredEndpoint> = {},
): Promise<{ endpoint: StoredEndpoint; delivery: StoredDelivery }> {
  const accountId = `acct-${crypto.randomUUID()}`;
  const endpoint: StoredEndpoint = {
    id: crypto.randomUUID(),
    account_id: accountId,
    url: 'https://hooks.example.com/in',
    label: '',
    events: ['scan.completed'],
    active: true,
    paused_reason: null,
    created_at: NOW.toISOString(),
    last_delivery_at: null,
    secrets: [{ value: SECRET, expires_at: null }],
    ...endpointChanges,
  };
  await store.endpoints.putEndpoint(
    endpoint,
    operatorEvent(endpoint.account_id, 'webhook.created'),
  );
  const event = newEvent('scan.completed', accountId, { scan: { id: 's1' } }, NOW);
  const { delivery } = await store.deliveries.createDelivery(
    newDelivery(event, endpoint, eventBody(event), NOW),
  );
  return { endpoint, delivery };
}

const input = (delivery: StoredDelivery) => ({
  account_id: delivery.account_id,
  delivery_id: delivery.id,
  endpoint_id: delivery.endpoint_id,
  generation: delivery.generation,
});

const deps = (send: SendPort, schedule: readonly number[] = [10, 20]) => ({
  store,
  send,
  schedule,
  clock: fixedClock(NOW),
  random: () => 0.5,
  logger,
});

describe('attemptDelivery', () => {
  it('sends the signed body and records a 2xx as delivered', async () => {
    const { endpoint, delivery } = await setUp();
    const { send, sent } = scripted(answer(204));
    const result = await attemptDelivery(input(delivery), deps(send));
    expect(result).toEqual({ next: 'delivered', attempts: 1 });
    const [request] = sent;
    expect(request?.url).toBe(endpoint.url);
    expect(request?.body).toBe(delivery.body);
    const verified = verifyDelivery({
      headers: request?.headers ?? {},
      rawBody: request?.body ?? '',
      secrets: [SECRET],
      now: NOW,
    });
    expect(verified).toMatchObject({ ok: true, eventId: delivery.event_id });
    const stored = await store.deliveries.getDelivery(delivery.account_id, delivery.id);
    expect(stored).toMatchObject({ status: 'delivered', attempts: 1, last_status: 204 });
    expect(stored?.attempt_log).toEqual([
      {
        attempt: 1,
        at: NOW.toISOString(),
        status: 204,
        error_class: null,
        error: null,
        duration_ms: 12,
      },
    ]);
    expect(await store.deliveries.listOpenForEndpoint(endpoint.account_id, endpoint.id)).toEqual(
      [],
    );
    const after = await store.endpoints.getEndpoint(endpoint.account_id, endpoint.id);
    expect(after?.last_delivery_at).toBe(NOW.toISOString());
  });

  it('asks for the scheduled, jittered wait after a failure and gives up when the schedule ends', async () => {
    const { delivery } = await setUp();
    const { send } = scripted(answer(500));
    const first = await attemptDelivery(input(delivery), deps(send));
    expect(first).toEqual({ next: 'retry', wait_seconds: 10, attempts: 1 });
    let stored = await store.deliveries.getDelivery(delivery.account_id, delivery.id);
    expect(stored).toMatchObject({ status: 'pending', last_status: 500, last_error: 'HTTP 500' });
    expect(stored?.next_attempt_at).toBe('2026-03-01T12:00:10.000Z');
    expect(await attemptDelivery(input(delivery), deps(send))).toMatchObject({
      next: 'retry',
      wait_seconds: 20,
    });
    expect(await attemptDelivery(input(delivery), deps(send))).toEqual({
      next: 'gave_up',
      attempts: 3,
    });
    stored = await store.deliveries.getDelivery(delivery.account_id, delivery.id);
    expect(stored).toMatchObject({ status: 'failed', attempts: 3, next_attempt_at: null });
  });

  it('honours Retry-After within the clamp', async () => {
    const { delivery } = await setUp();
    const { send } = scripted(answer(429, { retryAfter: '100000' }));
    const result = await attemptDelivery(input(delivery), deps(send, [10]));
    // max(2 x 10 s, 1 hour)
    expect(result.wait_seconds).toBe(3600);
  });

  it('stops on 410 Gone and pauses the endpoint', async () => {
    const { endpoint, delivery } = await setUp();
    const { send } = scripted(answer(410));
    expect(await attemptDelivery(input(delivery), deps(send))).toEqual({
      next: 'gone',
      attempts: 1,
    });
    const after = await store.endpoints.getEndpoint(endpoint.account_id, endpoint.id);
    expect(after).toMatchObject({ active: false, paused_reason: 'gone' });
    expect(await store.deliveries.getDelivery(delivery.account_id, delivery.id)).toMatchObject({
      status: 'failed',
      last_status: 410,
    });
  });

  it('fails a delivery the address policy refused, without a retry', async () => {
    const { delivery } = await setUp();
    const { send } = scripted({ error: { class: 'blocked', message: 'refused' }, durationMs: 1 });
    expect(await attemptDelivery(input(delivery), deps(send))).toEqual({
      next: 'failed',
      attempts: 1,
    });
    expect(await store.deliveries.getDelivery(delivery.account_id, delivery.id)).toMatchObject({
      status: 'failed',
      last_status: null,
      last_error: 'refused',
    });
  });

  it('sends nothing to a paused endpoint and holds the delivery', async () => {
    const { delivery } = await setUp();
    await store.endpoints.updateEndpoint(delivery.account_id, delivery.endpoint_id, {
      active: false,
      paused_reason: 'api',
    });
    const { send, sent } = scripted(answer(200));
    expect(await attemptDelivery(input(delivery), deps(send))).toEqual({
      next: 'paused',
      attempts: 0,
    });
    expect(sent).toHaveLength(0);
    expect((await store.deliveries.getDelivery(delivery.account_id, delivery.id))?.status).toBe(
      'held',
    );
  });

  it('sends nothing once the endpoint is deleted, and removes the waiting delivery', async () => {
    const { endpoint, delivery } = await setUp();
    await store.endpoints.deleteEndpoint(
      endpoint.account_id,
      endpoint.id,
      operatorEvent(endpoint.account_id, 'webhook.deleted'),
    );
    const { send, sent } = scripted(answer(200));
    expect((await attemptDelivery(input(delivery), deps(send))).next).toBe('deleted');
    expect(sent).toHaveLength(0);
    expect(await store.deliveries.getDelivery(delivery.account_id, delivery.id)).toBeUndefined();
    expect((await attemptDelivery(input(delivery), deps(send))).next).toBe('deleted');
  });

  it('ends an execution whose delivery was taken over by a redelivery', async () => {
    const { delivery } = await setUp();
    const taken = await store.deliveries.takeOver(delivery);
    expect(taken?.generation).toBe(1);
    const { send, sent } = scripted(answer(200));
    expect((await attemptDelivery(input(delivery), deps(send))).next).toBe('superseded');
    expect(sent).toHaveLength(0);
  });

  it('signs with the old secret too while it is in its grace period, and not after', async () => {
    const old = { value: 'ars_whsec_old', expires_at: '2026-03-01T12:00:01.000Z' };
    const { delivery } = await setUp({
      secrets: [{ value: SECRET, expires_at: null }, old],
    });
    const { send, sent } = scripted(answer(200));
    await attemptDelivery(input(delivery), deps(send));
    expect(sent[0]?.headers['x-service-signature']).toMatch(/^v1=[0-9a-f]{64}, v1=[0-9a-f]{64}$/);
    const expired = await setUp({
      secrets: [
        { value: SECRET, expires_at: null },
        { ...old, expires_at: NOW.toISOString() },
      ],
    });
    await attemptDelivery(input(expired.delivery), deps(send));
    expect(sent[1]?.headers['x-service-signature']).toMatch(/^v1=[0-9a-f]{64}$/);
  });
});

describe('abandonDelivery', () => {
  it('fails a delivery whose attempt step kept failing, with a reason, once', async () => {
    const { delivery } = await setUp();
    const failure = { Error: 'UnavailableError', Cause: 'the store is unreachable' };
    const logged = recordingLogger();
    expect(
      await abandonDelivery({ ...input(delivery), failure }, { store, logger: logged }),
    ).toEqual({
      next: 'abandoned',
    });
    expect(logged.at('error')).toEqual([
      expect.objectContaining({ fields: expect.objectContaining({ delivery_id: delivery.id }) }),
    ]);
    const stored = await store.deliveries.getDelivery(delivery.account_id, delivery.id);
    expect(stored).toMatchObject({ status: 'failed', attempts: 0 });
    expect(stored?.last_error).toMatch(/UnavailableError.*redeliver/);
    expect(
      await abandonDelivery({ ...input(delivery), failure }, { store, logger: logged }),
    ).toEqual({
      next: 'superseded',
    });
    expect(logged.at('error')).toHaveLength(1);
  });
});
