/**
 * Webhook benchmark: the whole path under load, in one process. The local stack (dynalite,
 * fauxqs, the dispatcher, the local Step Functions engine running webhook-delivery.asl.json)
 * delivers N events to E endpoints of one account, each endpoint a real https receiver on
 * 127.0.0.1 (self-signed certificate, trusted in process). Events are published to the events
 * queue as the scan service and the monitor publish them.
 *
 * Prints deliveries per second (receipts / time from the first publish to the last receipt),
 * p50 and p99 from event creation to receipt, duplicates seen by the receivers (target 0),
 * events lost (target 0), and signatures that did not verify (target 0). Exits non-zero when
 * a target is missed.
 *
 *   npm run bench:webhooks                          # 1,000 events at once, 10 endpoints
 *   npm run bench:webhooks -- --events 200 --endpoints 5
 *   npm run bench:webhooks -- --rate 10             # paced: latency without a backlog
 */
import { parseArgs } from 'node:util';
import { newEvent } from '#shared/domain/events/types';
import { verifyDelivery } from '#shared/domain/webhooks/signing';
import { getEventPublisher } from '#shared/wiring/events';
import { startTestStack } from '#test/support/stack';
import {
  makeLoopbackCertificate,
  type ReceivedRequest,
  startWebhookReceiver,
  trustCertificate,
  type WebhookReceiver,
} from '#test/support/webhook-receiver';
import { createEndpoint } from '#test/support/webhooks';

const { values } = parseArgs({
  options: {
    events: { type: 'string', default: '1000' },
    endpoints: { type: 'string', default: '10' },
    'settle-ms': { type: 'string', default: '10000' },
    /** Events per second; 0 publishes them all at once (a burst). */
    rate: { type: 'string', default: '0' },
  },
});
const EVENTS = Number(values.events);
const ENDPOINTS = Number(values.endpoints);
const SETTLE_MS = Number(values['settle-ms']);
const RATE = Number(values.rate);
if (![EVENTS, ENDPOINTS, SETTLE_MS].every((n) => Number.isInteger(n) && n > 0) || !(RATE >= 0)) {
  throw new Error(
    'usage: bench/webhooks.ts [--events N] [--endpoints N] [--rate EVENTS_PER_S] [--settle-ms N]',
  );
}
const PUBLISH_CONCURRENCY = 20;
const HOOK_PATH = '/hook';

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] as number;
}

async function publishAll(accountId: string): Promise<Map<string, number>> {
  const publisher = getEventPublisher();
  if (!publisher) throw new Error('the local stack configures the events queue');
  const createdAt = new Map<string, number>();
  let next = 0;
  const startedAt = Date.now();
  const worker = async () => {
    while (next < EVENTS) {
      next += 1;
      if (RATE > 0) {
        const due = startedAt + ((next - 1) * 1000) / RATE;
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - Date.now())));
      }
      const event = newEvent(
        'scan.completed',
        accountId,
        { scan: { id: crypto.randomUUID() } },
        new Date(),
      );
      createdAt.set(event.id, Date.parse(event.created_at));
      await publisher.publish(event);
    }
  };
  await Promise.all(Array.from({ length: PUBLISH_CONCURRENCY }, worker));
  return createdAt;
}

/** Waits until every expected receipt is in, or nothing new arrived for SETTLE_MS. */
async function settle(receivers: readonly WebhookReceiver[], expected: number): Promise<void> {
  let seen = -1;
  let lastChange = Date.now();
  for (;;) {
    const count = receivers.reduce((sum, receiver) => sum + receiver.received.length, 0);
    if (count !== seen) {
      seen = count;
      lastChange = Date.now();
    }
    if (count >= expected) {
      // Give late duplicates a moment to show up.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      return;
    }
    if (Date.now() - lastChange > SETTLE_MS) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

interface Figures {
  receipts: number;
  unique: number;
  duplicates: number;
  lost: number;
  lostEvents: number;
  badSignatures: number;
  latencies: number[];
  lastReceipt: number;
}

function analyse(
  receivers: readonly WebhookReceiver[],
  secrets: readonly string[],
  createdAt: ReadonlyMap<string, number>,
): Figures {
  const firstSeen = new Map<string, ReceivedRequest>();
  let receipts = 0;
  let badSignatures = 0;
  receivers.forEach((receiver, index) => {
    const secret = secrets[index] as string;
    for (const request of receiver.received) {
      receipts += 1;
      const verified = verifyDelivery({
        headers: request.headers,
        rawBody: request.rawBody,
        secrets: [secret],
        now: new Date(request.receivedAt),
      });
      if (!verified.ok) {
        badSignatures += 1;
        continue;
      }
      const key = `${index}:${verified.eventId}`;
      if (!firstSeen.has(key)) firstSeen.set(key, request);
    }
  });
  const latencies: number[] = [];
  let lastReceipt = 0;
  for (const [key, request] of firstSeen) {
    const eventId = key.slice(key.indexOf(':') + 1);
    const created = createdAt.get(eventId);
    if (created !== undefined) latencies.push(request.receivedAt - created);
    lastReceipt = Math.max(lastReceipt, request.receivedAt);
  }
  latencies.sort((a, b) => a - b);
  const expected = createdAt.size * receivers.length;
  let lostEvents = 0;
  for (const eventId of createdAt.keys()) {
    if (receivers.some((_receiver, index) => !firstSeen.has(`${index}:${eventId}`))) {
      lostEvents += 1;
    }
  }
  return {
    receipts,
    unique: firstSeen.size,
    duplicates: receipts - badSignatures - firstSeen.size,
    lost: expected - firstSeen.size,
    lostEvents,
    badSignatures,
    latencies,
    lastReceipt,
  };
}

async function main(): Promise<void> {
  const certificate = await makeLoopbackCertificate();
  const untrust = trustCertificate(certificate.cert);
  const receivers = await Promise.all(
    Array.from({ length: ENDPOINTS }, () => startWebhookReceiver(certificate)),
  );
  const stack = await startTestStack({ ALLOW_PRIVATE_TARGETS: '1', TABLE_NAME: 'bench-webhooks' });
  try {
    const email = `bench-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const key = await stack.createKey(['webhooks:manage'], { email });
    const accountId = (await stack.operator.listKeys(email))[0]?.user_id ?? '';
    const secrets: string[] = [];
    for (const receiver of receivers) {
      const created = await createEndpoint(stack.baseUrl, key, { url: receiver.url(HOOK_PATH) });
      secrets.push(created.secret);
    }
    const pace = RATE > 0 ? `${RATE} events/s` : 'all at once';
    console.log(`${EVENTS} events (${pace}) to ${ENDPOINTS} endpoints (https on 127.0.0.1)...`);
    const started = Date.now();
    const createdAt = await publishAll(accountId);
    const published = Date.now();
    await settle(receivers, EVENTS * ENDPOINTS);
    const figures = analyse(receivers, secrets, createdAt);
    const seconds = (figures.lastReceipt - started) / 1000;
    const rate = figures.unique / seconds;
    console.log(
      `published:          ${EVENTS} events in ${((published - started) / 1000).toFixed(1)} s`,
    );
    console.log(
      `delivered:          ${figures.unique} of ${EVENTS * ENDPOINTS} in ${seconds.toFixed(1)} s`,
    );
    console.log(`deliveries/s:       ${rate.toFixed(1)}`);
    console.log(
      `event to receipt:   p50 ${percentile(figures.latencies, 50)} ms, p99 ${percentile(figures.latencies, 99)} ms`,
    );
    console.log(`duplicates seen:    ${figures.duplicates} (target 0)`);
    console.log(
      `events lost:        ${figures.lostEvents} (target 0; deliveries missing: ${figures.lost})`,
    );
    console.log(`bad signatures:     ${figures.badSignatures} (target 0)`);
    if (figures.duplicates > 0 || figures.lost > 0 || figures.badSignatures > 0) {
      process.exitCode = 1;
    }
  } finally {
    await stack.close();
    await Promise.all(receivers.map((receiver) => receiver.close()));
    untrust();
    await certificate.close();
  }
}

await main();
