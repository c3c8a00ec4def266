import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { memorySeenEvents, receiveWebhook } from '#docs/examples/verify-webhook';
import { type EventType, newEvent } from '#shared/domain/events/types';
import { deliveryExecutionName } from '#shared/domain/webhooks/ids';
import { verifyDelivery } from '#shared/domain/webhooks/signing';
import { getEventPublisher } from '#shared/wiring/events';
import { getLogger } from '#shared/wiring/logger';
import { startFixtureSite } from '#test/fixtures/sites/server';
import { createBatch, waitForJob } from '#test/support/batch';
import { callJson, startTestStack, type TestStack } from '#test/support/stack';
import {
  type LoopbackCertificate,
  makeLoopbackCertificate,
  startWebhookReceiver,
  trustCertificate,
  type WebhookReceiver,
} from '#test/support/webhook-receiver';
import {
  createEndpoint,
  type DeliveryView,
  listWebhooks,
  patchEndpoint,
  sleep,
  waitForDelivery,
} from '#test/support/webhooks';

/**
 * Signed deliveries end to end: the local front on the real handlers, dynalite, fauxqs and the
 * local Step Functions engine running state-machines/webhook-delivery.asl.json, delivering to a
 * real https receiver on 127.0.0.1 (self-signed certificate, trusted in process). The retry
 * schedule is 100 s, 100 s at WORKFLOW_TIME_SCALE 0.01: about one second between attempts.
 */
let stack: TestStack;
let certificate: LoopbackCertificate;
let receiver: WebhookReceiver;
let untrust: () => void;
let site: Awaited<ReturnType<typeof startFixtureSite>>;

beforeAll(async () => {
  certificate = await makeLoopbackCertificate();
  untrust = trustCertificate(certificate.cert);
  receiver = await startWebhookReceiver(certificate);
  site = await startFixtureSite('good');
  stack = await startTestStack({
    ALLOW_PRIVATE_TARGETS: '1',
    WORKFLOW_TIME_SCALE: '0.01',
    WEBHOOK_RETRY_DELAYS_S: '100,100',
  });
});
afterAll(async () => {
  await stack?.close();
  await Promise.all([receiver?.close(), site?.close()]);
  untrust?.();
  await certificate?.close();
});

interface Account {
  key: string;
  id: string;
}

async function newAccount(scopes = ['webhooks:manage']): Promise<Account> {
  const email = `hooks-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const key = await stack.createKey(scopes, { email });
  const [stored] = await stack.operator.listKeys(email);
  if (!stored) throw new Error('key not stored');
  return { key, id: stored.user_id };
}

async function publish(type: EventType, account: Account, data: Record<string, unknown> = {}) {
  const publisher = getEventPublisher();
  if (!publisher) throw new Error('the local stack configures the events queue');
  const event = newEvent(type, account.id, data, new Date());
  await publisher.publish(event);
  return event;
}

async function endpointAt(account: Account, path: string, body: Record<string, unknown> = {}) {
  return createEndpoint(stack.baseUrl, account.key, { url: receiver.url(path), ...body });
}

const header = (request: { headers: Record<string, unknown> }, name: string) =>
  String(request.headers[name]);

describe('a keyed scan', () => {
  it('produces one scan.completed whose signature verifies; an anonymous scan produces none', async () => {
    const account = await newAccount(['webhooks:manage', 'scans:write']);
    const { secret, endpoint } = await endpointAt(account, '/scans', {
      events: ['scan.completed'],
    });
    const scanned = await callJson(stack.baseUrl, '/api/v1/scans', {
      method: 'POST',
      key: account.key,
      body: { domain: site.host },
    });
    expect(scanned.status).toBe(201);
    const scan = scanned.body.scan as { id: string; domain: string; score: number };
    const [request] = await receiver.waitFor('/scans', 1);
    if (!request) throw new Error('nothing received');

    const verified = verifyDelivery({
      headers: request.headers,
      rawBody: request.rawBody,
      secrets: [secret],
    });
    expect(verified.ok).toBe(true);
    expect(header(request, 'x-service-event')).toBe('scan.completed');
    expect(header(request, 'x-service-signature')).toMatch(/^v1=[0-9a-f]{64}$/);
    const body = JSON.parse(request.rawBody.toString('utf8'));
    expect(Object.keys(body)).toEqual(['id', 'type', 'created_at', 'data']);
    expect(body).toMatchObject({
      id: header(request, 'x-service-event-id'),
      type: 'scan.completed',
      data: { scan: { id: scan.id, domain: scan.domain, score: scan.score } },
    });
    // A receiver written from the docs alone accepts it too.
    const received = receiveWebhook(request.rawBody, request.headers as never, {
      secrets: [secret],
      seen: memorySeenEvents(),
    });
    expect(received.status).toBe('accepted');

    const anonymous = await callJson(stack.baseUrl, '/api/v1/scans', {
      method: 'POST',
      body: { domain: site.host },
    });
    expect(anonymous.status).toBe(201);
    await sleep(1_500);
    expect(receiver.at('/scans')).toHaveLength(1);
    const list = await listWebhooks(stack.baseUrl, account.key);
    expect(list.recent_deliveries).toHaveLength(1);
    expect(list.recent_deliveries[0]).toMatchObject({
      endpoint_id: endpoint.id,
      event_id: body.id,
      event: 'scan.completed',
      status: 'delivered',
      attempts: 1,
      last_status: 200,
      last_error: null,
    });
    expect(list.endpoints[0]?.last_delivery_at).toBe(list.recent_deliveries[0]?.delivered_at);
  });

  it('of a batch emits scan.completed for each scanned domain', async () => {
    const account = await newAccount(['webhooks:manage', 'scans:write', 'scans:read']);
    await endpointAt(account, '/batch');
    const created = await createBatch(stack.baseUrl, account.key, [site.host, 'localhost:1']);
    expect(created.status).toBe(202);
    const job = await waitForJob(
      stack.baseUrl,
      account.key,
      (created.body.job as { id: string }).id,
    );
    const done = job.results.filter((row) => row.status === 'done');
    expect(done).toHaveLength(1);
    const [request] = await receiver.waitFor('/batch', 1);
    const body = JSON.parse(String(request?.rawBody));
    expect(body.data.scan.id).toBe(done[0]?.scan_id);
  });
});

describe('retries', () => {
  it('a receiver failing twice then answering 200 gets three attempts: one event id, three timestamps', async () => {
    const info = vi.spyOn(getLogger(), 'info');
    const account = await newAccount();
    receiver.respond('/flaky', [500, 503, 200]);
    const { secret } = await endpointAt(account, '/flaky');
    const event = await publish('run.completed', account, { case_id: 'c1' });
    const requests = await receiver.waitFor('/flaky', 3);

    expect(requests.map((request) => header(request, 'x-service-event-id'))).toEqual([
      event.id,
      event.id,
      event.id,
    ]);
    const stamps = requests.map((request) => header(request, 'x-service-timestamp'));
    expect(new Set(stamps).size).toBe(3);
    expect(new Set(requests.map((request) => request.rawBody.toString('utf8'))).size).toBe(1);
    for (const request of requests) {
      expect(
        verifyDelivery({ headers: request.headers, rawBody: request.rawBody, secrets: [secret] })
          .ok,
      ).toBe(true);
    }
    const delivery = await waitForDelivery(
      stack.baseUrl,
      account.key,
      (d) => d.status === 'delivered',
    );
    expect(delivery).toMatchObject({
      event_id: event.id,
      attempts: 3,
      last_status: 200,
      last_error: null,
    });
    expect(delivery.attempt_log.map((attempt) => attempt.status)).toEqual([500, 503, 200]);
    expect(delivery.attempt_log.map((attempt) => attempt.at)).toEqual(stamps);
    // The service's own log has one line per attempt, with its timestamp.
    const logged = info.mock.calls
      .filter(
        ([message, fields]) =>
          message === 'webhook delivery attempt' &&
          (fields as { delivery_id?: string })?.delivery_id === delivery.id,
      )
      .map(([, fields]) => (fields as { signed_at: string }).signed_at);
    expect(logged).toEqual(stamps);
    info.mockRestore();
  });

  it('a receiver that redirects is not followed: each 3xx is a failed attempt, then it gives up', async () => {
    const account = await newAccount();
    receiver.respond('/moved', [{ status: 302, headers: { location: receiver.url('/landing') } }]);
    await endpointAt(account, '/moved');
    await publish('scan.completed', account);
    const delivery = await waitForDelivery(
      stack.baseUrl,
      account.key,
      (d) => d.status === 'failed',
    );
    expect(delivery).toMatchObject({ attempts: 3, last_status: 302 });
    expect(delivery.last_error).toMatch(/redirect.*not followed/);
    expect(delivery.attempt_log.map((attempt) => attempt.error_class)).toEqual([
      'redirect',
      'redirect',
      'redirect',
    ]);
    expect(receiver.at('/moved')).toHaveLength(3);
    expect(receiver.at('/landing')).toHaveLength(0);
  });

  it('410 Gone stops deliveries to the endpoint: it becomes inactive and later events are held', async () => {
    const account = await newAccount();
    receiver.respond('/gone', [410]);
    const { endpoint } = await endpointAt(account, '/gone');
    await publish('scan.completed', account);
    const delivery = await waitForDelivery(
      stack.baseUrl,
      account.key,
      (d) => d.status === 'failed',
    );
    expect(delivery).toMatchObject({ attempts: 1, last_status: 410 });
    const list = await listWebhooks(stack.baseUrl, account.key);
    expect(list.endpoints[0]).toMatchObject({
      id: endpoint.id,
      active: false,
      paused_reason: 'gone',
    });
    await publish('scan.completed', account);
    await waitForDelivery(stack.baseUrl, account.key, (d) => d.status === 'held');
    expect(receiver.at('/gone')).toHaveLength(1);
  });
});

describe('delete and pause', () => {
  async function firstAttemptFailed(account: Account): Promise<DeliveryView> {
    return waitForDelivery(
      stack.baseUrl,
      account.key,
      (d) => d.attempts === 1 && d.status === 'pending',
    );
  }

  it('delete drops a delivery waiting for its retry; nothing more is sent', async () => {
    const account = await newAccount();
    receiver.respond('/deleted', [500]);
    const { endpoint } = await endpointAt(account, '/deleted');
    await publish('scan.completed', account);
    const waiting = await firstAttemptFailed(account);
    expect(waiting.next_attempt_at).not.toBeNull();
    const deleted = await callJson(stack.baseUrl, `/api/v1/webhooks/${endpoint.id}`, {
      method: 'DELETE',
      key: account.key,
    });
    expect(deleted.status).toBe(200);
    expect((await listWebhooks(stack.baseUrl, account.key)).recent_deliveries).toEqual([]);
    const execution = await stack.workflows.waitFor(deliveryExecutionName(waiting.id, 0));
    expect(execution.status).toBe('SUCCEEDED');
    await sleep(300);
    expect(receiver.at('/deleted')).toHaveLength(1);
  });

  it('pause holds new deliveries; resuming sends them', async () => {
    const account = await newAccount();
    const { endpoint, secret } = await endpointAt(account, '/paused');
    await patchEndpoint(stack.baseUrl, account.key, endpoint.id, { active: false });
    const event = await publish('score.changed', account, { case_id: 'c1', delta: 3 });
    const held = await waitForDelivery(stack.baseUrl, account.key, (d) => d.status === 'held');
    expect(held).toMatchObject({ event_id: event.id, attempts: 0 });
    await sleep(1_000);
    expect(receiver.at('/paused')).toHaveLength(0);
    await patchEndpoint(stack.baseUrl, account.key, endpoint.id, { active: true });
    const [request] = await receiver.waitFor('/paused', 1);
    expect(header(request as never, 'x-service-event-id')).toBe(event.id);
    expect(
      verifyDelivery({
        headers: request?.headers ?? {},
        rawBody: request?.rawBody ?? '',
        secrets: [secret],
      }).ok,
    ).toBe(true);
    await waitForDelivery(
      stack.baseUrl,
      account.key,
      (d) => d.status === 'delivered' && d.attempts === 1,
    );
  });

  it('pause holds a delivery between its retries; resuming continues it', async () => {
    const account = await newAccount();
    receiver.respond('/pausing', [500, 200]);
    const { endpoint } = await endpointAt(account, '/pausing');
    await publish('scan.completed', account);
    await firstAttemptFailed(account);
    await patchEndpoint(stack.baseUrl, account.key, endpoint.id, { active: false });
    const held = await waitForDelivery(stack.baseUrl, account.key, (d) => d.status === 'held');
    expect(held.attempts).toBe(1);
    expect(receiver.at('/pausing')).toHaveLength(1);
    await patchEndpoint(stack.baseUrl, account.key, endpoint.id, { active: true });
    const delivered = await waitForDelivery(
      stack.baseUrl,
      account.key,
      (d) => d.status === 'delivered',
    );
    expect(delivered.attempts).toBe(2);
    expect(receiver.at('/pausing')).toHaveLength(2);
  });
});

describe('at-most-once per event and endpoint', () => {
  it('an event SQS delivers twice is delivered once', async () => {
    const account = await newAccount();
    await endpointAt(account, '/once');
    const event = newEvent('scan.completed', account.id, { n: 1 }, new Date());
    const publisher = getEventPublisher();
    await publisher?.publish(event);
    await publisher?.publish(event);
    await receiver.waitFor('/once', 1);
    await sleep(1_500);
    expect(receiver.at('/once')).toHaveLength(1);
    expect((await listWebhooks(stack.baseUrl, account.key)).recent_deliveries).toHaveLength(1);
  });

  it('only subscribed endpoints of the same account get the event', async () => {
    const account = await newAccount();
    const stranger = await newAccount();
    await endpointAt(account, '/subscribed', { events: ['run.completed'] });
    await endpointAt(account, '/unsubscribed', { events: ['scan.completed'] });
    await endpointAt(stranger, '/stranger');
    await publish('run.completed', account, {});
    await receiver.waitFor('/subscribed', 1);
    await sleep(800);
    expect(receiver.at('/unsubscribed')).toHaveLength(0);
    expect(receiver.at('/stranger')).toHaveLength(0);
  });
});

describe('the additions', () => {
  it('test sends a signed webhook.test at once and answers with the outcome', async () => {
    const account = await newAccount();
    receiver.respond('/tested-down', [503]);
    const { endpoint, secret } = await endpointAt(account, '/tested');
    const ok = await callJson(stack.baseUrl, `/api/v1/webhooks/${endpoint.id}/test`, {
      method: 'POST',
      key: account.key,
    });
    expect(ok.status).toBe(200);
    expect(ok.body.delivery).toMatchObject({
      event: 'webhook.test',
      status: 'delivered',
      attempts: 1,
      last_status: 200,
    });
    const [request] = receiver.at('/tested');
    expect(header(request as never, 'x-service-event')).toBe('webhook.test');
    expect(
      verifyDelivery({
        headers: request?.headers ?? {},
        rawBody: request?.rawBody ?? '',
        secrets: [secret],
      }).ok,
    ).toBe(true);

    const down = (await endpointAt(account, '/tested-down')).endpoint;
    const failed = await callJson(stack.baseUrl, `/api/v1/webhooks/${down.id}/test`, {
      method: 'POST',
      key: account.key,
    });
    expect(failed.status).toBe(200);
    expect(failed.body.delivery).toMatchObject({
      status: 'failed',
      last_status: 503,
      last_error: 'HTTP 503',
    });
    const list = await listWebhooks(stack.baseUrl, account.key);
    expect(list.endpoints.every((entry) => entry.active)).toBe(true);
    expect(list.recent_deliveries).toHaveLength(2);
  });

  it('redeliver sends a failed delivery again: same event id, a fourth attempt', async () => {
    const account = await newAccount();
    receiver.respond('/later', [500]);
    await endpointAt(account, '/later');
    const event = await publish('scan.completed', account);
    const failed = await waitForDelivery(stack.baseUrl, account.key, (d) => d.status === 'failed');
    expect(failed.attempts).toBe(3);
    receiver.respond('/later', [200]);
    const response = await callJson(
      stack.baseUrl,
      `/api/v1/webhooks/deliveries/${failed.id}/redeliver`,
      {
        method: 'POST',
        key: account.key,
      },
    );
    expect(response.status).toBe(202);
    expect(response.body.delivery).toMatchObject({ id: failed.id, status: 'pending', attempts: 3 });
    const delivered = await waitForDelivery(
      stack.baseUrl,
      account.key,
      (d) => d.status === 'delivered',
    );
    expect(delivered.attempts).toBe(4);
    const requests = receiver.at('/later');
    expect(requests).toHaveLength(4);
    expect(new Set(requests.map((request) => header(request, 'x-service-event-id')))).toEqual(
      new Set([event.id]),
    );
    const foreign = await newAccount();
    const other = await callJson(
      stack.baseUrl,
      `/api/v1/webhooks/deliveries/${failed.id}/redeliver`,
      {
        method: 'POST',
        key: foreign.key,
      },
    );
    expect(other.status).toBe(404);
  });

  it('after rotate-secret, deliveries carry a signature for the new and the old secret', async () => {
    const account = await newAccount();
    const { endpoint, secret: old } = await endpointAt(account, '/rotated');
    const rotated = await callJson(stack.baseUrl, `/api/v1/webhooks/${endpoint.id}/rotate-secret`, {
      method: 'POST',
      key: account.key,
    });
    const fresh = (rotated.body as { secret: string }).secret;
    await publish('scan.completed', account);
    const [request] = await receiver.waitFor('/rotated', 1);
    const signature = header(request as never, 'x-service-signature');
    expect(signature).toMatch(/^v1=[0-9a-f]{64}, v1=[0-9a-f]{64}$/);
    for (const secrets of [[fresh], [old]]) {
      expect(
        verifyDelivery({
          headers: request?.headers ?? {},
          rawBody: request?.rawBody ?? '',
          secrets,
        }).ok,
      ).toBe(true);
    }
    // Rotating again with no grace period: only the newest secret signs.
    const again = await callJson(stack.baseUrl, `/api/v1/webhooks/${endpoint.id}/rotate-secret`, {
      method: 'POST',
      key: account.key,
      body: { grace_period_s: 0 },
    });
    const newest = (again.body as { secret: string }).secret;
    await publish('scan.completed', account);
    const [, second] = await receiver.waitFor('/rotated', 2);
    expect(header(second as never, 'x-service-signature')).toMatch(/^v1=[0-9a-f]{64}$/);
    expect(
      verifyDelivery({
        headers: second?.headers ?? {},
        rawBody: second?.rawBody ?? '',
        secrets: [newest],
      }).ok,
    ).toBe(true);
  });
});
