import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newEvent } from '#shared/domain/events/types';
import { getEventPublisher } from '#shared/wiring/events';
import { startTestStack, type TestStack } from '#test/support/stack';
import {
  type LoopbackCertificate,
  makeLoopbackCertificate,
  startWebhookReceiver,
  trustCertificate,
  type WebhookReceiver,
} from '#test/support/webhook-receiver';
import { createEndpoint, patchEndpoint, sleep, waitForDelivery } from '#test/support/webhooks';

/**
 * Durability of deliveries on the local stack, whose Step Functions engine keeps executions in
 * memory: a delivery waiting for its retry when the stack stops is resumed at the next start and
 * delivered once; a held delivery stays held across the restart and goes out on reactivation.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'webhooks-restart-'));
// A long first retry (about 10 s at this scale): the stack stops while the delivery waits.
const env = {
  ALLOW_PRIVATE_TARGETS: '1',
  WORKFLOW_TIME_SCALE: '0.01',
  WEBHOOK_RETRY_DELAYS_S: '1000',
};
let stack: TestStack | undefined;
let certificate: LoopbackCertificate;
let receiver: WebhookReceiver;
let untrust: () => void;

beforeAll(async () => {
  certificate = await makeLoopbackCertificate();
  untrust = trustCertificate(certificate.cert);
  receiver = await startWebhookReceiver(certificate);
});
afterAll(async () => {
  await stack?.close();
  await receiver?.close();
  untrust?.();
  await certificate?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('stopping the local stack while deliveries wait', () => {
  it('resumes them at the next start: each is delivered once, held ones stay held', async () => {
    stack = await startTestStack(env, dataDir);
    const email = `restart-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const key = await stack.createKey(['webhooks:manage'], { email });
    const accountId = (await stack.operator.listKeys(email))[0]?.user_id ?? '';
    receiver.respond('/retrying', [500, 200]);
    await createEndpoint(stack.baseUrl, key, {
      url: receiver.url('/retrying'),
      events: ['scan.completed'],
    });
    const paused = await createEndpoint(stack.baseUrl, key, {
      url: receiver.url('/paused'),
      events: ['run.completed'],
    });
    await patchEndpoint(stack.baseUrl, key, paused.endpoint.id, { active: false });
    const publisher = getEventPublisher();
    const retried = newEvent('scan.completed', accountId, {}, new Date());
    const held = newEvent('run.completed', accountId, {}, new Date());
    await publisher?.publish(retried);
    await publisher?.publish(held);
    const waiting = await waitForDelivery(
      stack.baseUrl,
      key,
      (d) => d.event_id === retried.id && d.attempts === 1,
    );
    expect(waiting.status).toBe('pending');
    await waitForDelivery(stack.baseUrl, key, (d) => d.event_id === held.id && d.status === 'held');
    await stack.close();

    stack = await startTestStack(env, dataDir);
    expect(stack.resumed.deliveries).toEqual([waiting.id]);
    const delivered = await waitForDelivery(
      stack.baseUrl,
      key,
      (d) => d.id === waiting.id && d.status === 'delivered',
    );
    expect(delivered.attempts).toBe(2);
    expect(receiver.at('/retrying')).toHaveLength(2);

    await sleep(300);
    expect(receiver.at('/paused')).toHaveLength(0);
    await patchEndpoint(stack.baseUrl, key, paused.endpoint.id, { active: true });
    const [request] = await receiver.waitFor('/paused', 1);
    expect(request?.headers['x-service-event-id']).toBe(held.id);
  });
});
