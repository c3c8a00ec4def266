/**
 * The receiver example of docs/webhooks.md, exercised against deliveries signed by our own
 * sender code: if either side drifts from docs/api.md "Webhooks", this fails.
 */
import { describe, expect, it } from 'vitest';
import {
  type IncomingHeaders,
  memorySeenEvents,
  receiveWebhook,
} from '#docs/examples/verify-webhook';
import {
  buildDeliveryHeaders,
  EVENT_ID_HEADER,
  signatureFor,
  TIMESTAMP_HEADER,
} from '#shared/domain/webhooks/signing';
import { fixedClock } from '#test/support/clock';

const secret = 'ars_whsec_1f0e2d3c4b5a69788796a5b4c3d2e1f00112233445566778899aabbccddeeff';
const sentAt = new Date('2026-03-01T12:00:00.000Z');
const sentAtMs = sentAt.getTime();

function delivery(id = 'c7d1e2f3-0a1b-4c2d-8e3f-405162738495', signWith = [secret]) {
  const body = JSON.stringify({
    id,
    type: 'run.completed',
    created_at: '2026-03-01T11:59:59.000Z',
    data: { case_id: 'case-1', total_score: 71 },
  });
  const headers: IncomingHeaders = {
    ...buildDeliveryHeaders({
      event: { id, type: 'run.completed', body },
      secrets: signWith,
      clock: fixedClock(sentAt),
    }),
  };
  return { id, body: Buffer.from(body, 'utf8'), headers };
}

describe('docs/examples/verify-webhook.ts', () => {
  it('accepts a good delivery and hands over the parsed event', () => {
    const { id, body, headers } = delivery();
    const result = receiveWebhook(body, headers, {
      secrets: [secret],
      seen: memorySeenEvents(),
      nowMs: sentAtMs + 2_000,
    });
    expect(result).toEqual({
      status: 'accepted',
      event: expect.objectContaining({ id, type: 'run.completed' }),
    });
  });

  it('rejects a tampered body', () => {
    const { body, headers } = delivery();
    const tampered = Buffer.from(body.toString('utf8').replace('71', '99'), 'utf8');
    const result = receiveWebhook(tampered, headers, {
      secrets: [secret],
      seen: memorySeenEvents(),
      nowMs: sentAtMs,
    });
    expect(result).toEqual({ status: 'rejected', reason: 'bad signature' });
  });

  it('rejects a delivery signed with another secret', () => {
    const { body, headers } = delivery();
    const result = receiveWebhook(body, headers, {
      secrets: ['ars_whsec_not-the-right-one'],
      seen: memorySeenEvents(),
      nowMs: sentAtMs,
    });
    expect(result).toEqual({ status: 'rejected', reason: 'bad signature' });
  });

  it('rejects a timestamp older than five minutes, and accepts one just inside', () => {
    const { body, headers } = delivery();
    const at = (nowMs: number) =>
      receiveWebhook(body, headers, { secrets: [secret], seen: memorySeenEvents(), nowMs });
    expect(at(sentAtMs + 5 * 60_000 + 1).status).toBe('rejected');
    expect(at(sentAtMs + 6 * 60_000)).toEqual({
      status: 'rejected',
      reason: 'timestamp too old (or too far in the future)',
    });
    expect(at(sentAtMs + 5 * 60_000).status).toBe('accepted');
  });

  it('rejects a captured delivery re-stamped with a current time: the signature covers it', () => {
    const { body, headers } = delivery();
    // An attacker re-stamps a captured delivery with a current time but cannot re-sign it.
    const restamped = { ...headers, [TIMESTAMP_HEADER]: '2026-03-01T12:10:00.000Z' };
    const result = receiveWebhook(body, restamped, {
      secrets: [secret],
      seen: memorySeenEvents(),
      nowMs: sentAtMs + 10 * 60_000,
    });
    expect(result).toEqual({ status: 'rejected', reason: 'bad signature' });
  });

  it('rejects a replay with a swapped event-id header: the signed body id is what counts', () => {
    const seen = memorySeenEvents();
    const { id, body, headers } = delivery();
    expect(receiveWebhook(body, headers, { secrets: [secret], seen, nowMs: sentAtMs }).status).toBe(
      'accepted',
    );

    const swapped = { ...headers, [EVENT_ID_HEADER]: 'ffffffff-ffff-4fff-8fff-ffffffffffff' };
    const replay = receiveWebhook(body, swapped, { secrets: [secret], seen, nowMs: sentAtMs });

    expect(replay).toEqual({
      status: 'rejected',
      reason: 'event id header does not match the signed body',
    });
    // And the plain replay is recognised as the event already processed.
    expect(receiveWebhook(body, headers, { secrets: [secret], seen, nowMs: sentAtMs })).toEqual({
      status: 'duplicate',
      eventId: id,
    });
  });

  it('deduplicates a retry: new timestamp and signature, same event id', () => {
    const seen = memorySeenEvents();
    const first = delivery();
    expect(
      receiveWebhook(first.body, first.headers, { secrets: [secret], seen, nowMs: sentAtMs })
        .status,
    ).toBe('accepted');

    const retryAt = '2026-03-01T12:30:00.000Z';
    const retryHeaders = {
      ...first.headers,
      [TIMESTAMP_HEADER]: retryAt,
      'x-service-signature': `v1=${signatureFor(secret, retryAt, first.body)}`,
    };
    const retry = receiveWebhook(first.body, retryHeaders, {
      secrets: [secret],
      seen,
      nowMs: Date.parse(retryAt),
    });
    expect(retry).toEqual({ status: 'duplicate', eventId: first.id });
  });

  it('accepts a delivery signed with two secrets during a rotation, holding either one', () => {
    const { body, headers } = delivery(undefined, ['ars_whsec_new', secret]);
    for (const held of [[secret], ['ars_whsec_new'], ['ars_whsec_new', secret]]) {
      const result = receiveWebhook(body, headers, {
        secrets: held,
        seen: memorySeenEvents(),
        nowMs: sentAtMs,
      });
      expect(result.status).toBe('accepted');
    }
  });

  it('rejects a delivery with missing headers or a malformed timestamp', () => {
    const { body, headers } = delivery();
    const { 'x-service-signature': _removed, ...unsigned } = headers;
    const options = () => ({ secrets: [secret], seen: memorySeenEvents(), nowMs: sentAtMs });
    expect(receiveWebhook(body, unsigned, options()).status).toBe('rejected');
    const unixTime = { ...headers, [TIMESTAMP_HEADER]: String(sentAtMs / 1000) };
    expect(receiveWebhook(body, unixTime, options())).toEqual({
      status: 'rejected',
      reason: 'malformed timestamp',
    });
  });

  it('forgets ids after its window, so memory stays bounded', () => {
    const seen = memorySeenEvents(1_000);
    expect(seen.addIfNew('a', 0)).toBe(true);
    expect(seen.addIfNew('a', 500)).toBe(false);
    expect(seen.addIfNew('a', 1_501)).toBe(true);
  });
});
