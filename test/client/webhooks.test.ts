import { describe, expect, it } from 'vitest';
import { verifyWebhook, WebhookVerificationError } from '#client/index';
import { systemClock } from '#shared/adapters/clock/system-clock';
import { buildDeliveryHeaders } from '#shared/domain/webhooks/signing';

/**
 * The client's own verifier against the published test vector (docs/webhooks.md) and against
 * deliveries signed by the server's sender code: if either side drifts, this fails.
 */
const VECTOR = {
  secret: 'ars_whsec_000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f',
  timestamp: '2026-03-01T12:00:00.000Z',
  body: '{"id":"3f1c7a52-9a4e-4d55-8a8e-0c3d2b1f6e10","type":"scan.completed","created_at":"2026-03-01T11:59:58.000Z","data":{"domain":"example.com","score":87}}',
  eventId: '3f1c7a52-9a4e-4d55-8a8e-0c3d2b1f6e10',
  signature: 'v1=2c01633956cfc01c498ac15f148374358fc6c74e3043304340fd93c635532a49',
};
const signedAt = new Date(VECTOR.timestamp);
const headers = {
  'x-service-event': 'scan.completed',
  'x-service-event-id': VECTOR.eventId,
  'x-service-timestamp': VECTOR.timestamp,
  'x-service-signature': VECTOR.signature,
};

async function reason(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'accepted';
  } catch (error) {
    if (error instanceof WebhookVerificationError) return error.reason;
    throw error;
  }
}

describe('verifyWebhook', () => {
  it('accepts the published test vector and returns the event', async () => {
    const event = await verifyWebhook(VECTOR.body, headers, VECTOR.secret, { now: signedAt });
    expect(event).toMatchObject({ id: VECTOR.eventId, type: 'scan.completed' });
  });

  it('accepts bytes, an ArrayBuffer and a Headers object alike', async () => {
    const bytes = new TextEncoder().encode(VECTOR.body);
    const options = { now: signedAt };
    await expect(
      verifyWebhook(bytes, new Headers(headers), VECTOR.secret, options),
    ).resolves.toBeDefined();
    await expect(
      verifyWebhook(bytes.buffer, headers, VECTOR.secret, options),
    ).resolves.toBeDefined();
  });

  it('accepts up to five minutes either side of the timestamp and no further', async () => {
    const at = (ms: number) => ({ now: new Date(signedAt.getTime() + ms) });
    expect(await reason(verifyWebhook(VECTOR.body, headers, VECTOR.secret, at(300_000)))).toBe(
      'accepted',
    );
    expect(await reason(verifyWebhook(VECTOR.body, headers, VECTOR.secret, at(-300_000)))).toBe(
      'accepted',
    );
    expect(await reason(verifyWebhook(VECTOR.body, headers, VECTOR.secret, at(300_001)))).toBe(
      'timestamp_out_of_tolerance',
    );
    expect(await reason(verifyWebhook(VECTOR.body, headers, VECTOR.secret, at(-300_001)))).toBe(
      'timestamp_out_of_tolerance',
    );
  });

  it('rejects a changed body, another secret, a missing header and a swapped event id', async () => {
    const now = { now: signedAt };
    const changed = VECTOR.body.replace('87', '88');
    expect(await reason(verifyWebhook(changed, headers, VECTOR.secret, now))).toBe(
      'no_matching_signature',
    );
    expect(await reason(verifyWebhook(VECTOR.body, headers, `${VECTOR.secret}x`, now))).toBe(
      'no_matching_signature',
    );
    const { 'x-service-signature': _dropped, ...unsigned } = headers;
    expect(await reason(verifyWebhook(VECTOR.body, unsigned, VECTOR.secret, now))).toBe(
      'missing_header',
    );
    const swapped = { ...headers, 'x-service-event-id': crypto.randomUUID() };
    expect(await reason(verifyWebhook(VECTOR.body, swapped, VECTOR.secret, now))).toBe(
      'event_id_mismatch',
    );
    const local = { ...headers, 'x-service-timestamp': '2026-03-01 12:00:00' };
    expect(await reason(verifyWebhook(VECTOR.body, local, VECTOR.secret, now))).toBe(
      'malformed_timestamp',
    );
  });

  it('verifies what the server signs, during a secret rotation too', async () => {
    const [newer, older] = ['ars_whsec_new', 'ars_whsec_old'];
    const id = crypto.randomUUID();
    const body = JSON.stringify({ id, type: 'run.completed', data: { total_score: 71 } });
    const signed = buildDeliveryHeaders({
      event: { id, type: 'run.completed', body },
      secrets: [newer, older],
      clock: systemClock,
    });
    expect(signed['x-service-signature']).toContain(', ');
    await expect(verifyWebhook(body, signed, older)).resolves.toMatchObject({ id });
    await expect(verifyWebhook(body, signed, [newer])).resolves.toMatchObject({ id });
    expect(await reason(verifyWebhook(body, signed, 'ars_whsec_other'))).toBe(
      'no_matching_signature',
    );
  });
});
