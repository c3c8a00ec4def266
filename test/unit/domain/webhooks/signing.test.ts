import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { systemClock } from '#shared/adapters/clock/system-clock';
import type { Clock } from '#shared/domain/kernel/clock';
import {
  buildDeliveryHeaders,
  DEFAULT_TOLERANCE_SECONDS,
  EVENT_HEADER,
  EVENT_ID_HEADER,
  generateWebhookSecret,
  parseSignatureHeader,
  SIGNATURE_DESCRIPTION,
  SIGNATURE_HEADER,
  signatureFor,
  TIMESTAMP_HEADER,
  verifyDelivery,
  WEBHOOK_SECRET_PREFIX,
} from '#shared/domain/webhooks/signing';
import { fixedClock } from '#test/support/clock';

// The published test vector (docs/webhooks.md). The digest below was computed with
// `openssl dgst -sha256 -hmac "$SECRET"` over `timestamp.body`, not with our code.
const VECTOR = {
  secret: 'ars_whsec_000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f',
  timestamp: '2026-03-01T12:00:00.000Z',
  body: '{"id":"3f1c7a52-9a4e-4d55-8a8e-0c3d2b1f6e10","type":"scan.completed","created_at":"2026-03-01T11:59:58.000Z","data":{"domain":"example.com","score":87}}',
  eventId: '3f1c7a52-9a4e-4d55-8a8e-0c3d2b1f6e10',
  opensslDigest: '2c01633956cfc01c498ac15f148374358fc6c74e3043304340fd93c635532a49',
};

/**
 * A receiver written from the docs/api.md "Webhooks" rule alone: HMAC-SHA256(secret, timestamp + "." +
 * body).
 */
function specReceiverDigest(secret: string, timestamp: string, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

function eventWithBody(id: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    type: 'scan.completed',
    body: JSON.stringify({ id, type: 'scan.completed', data: { score: 1 }, ...extra }),
  };
}

function clockAt(...isoTimes: string[]): Clock {
  let index = 0;
  return { now: () => new Date(isoTimes[Math.min(index++, isoTimes.length - 1)] as string) };
}

describe('signatureFor', () => {
  it('matches the published vector computed independently with openssl', () => {
    expect(signatureFor(VECTOR.secret, VECTOR.timestamp, VECTOR.body)).toBe(VECTOR.opensslDigest);
  });

  it('matches what a receiver written from docs/api.md computes', () => {
    expect(specReceiverDigest(VECTOR.secret, VECTOR.timestamp, VECTOR.body)).toBe(
      VECTOR.opensslDigest,
    );
    const body = '{"id":"e1","data":{"name":"Zürich ✓"}}';
    expect(signatureFor('ars_whsec_other', '2026-01-01T00:00:00.000Z', body)).toBe(
      specReceiverDigest('ars_whsec_other', '2026-01-01T00:00:00.000Z', body),
    );
  });

  it('signs the same bytes whether the body is given as a string or as bytes', () => {
    const body = '{"id":"e1","city":"Zürich"}';
    expect(signatureFor('s', 't', Buffer.from(body, 'utf8'))).toBe(signatureFor('s', 't', body));
  });

  it('changes when any input changes', () => {
    const base = signatureFor(VECTOR.secret, VECTOR.timestamp, VECTOR.body);
    expect(signatureFor(`${VECTOR.secret}x`, VECTOR.timestamp, VECTOR.body)).not.toBe(base);
    expect(signatureFor(VECTOR.secret, '2026-03-01T12:00:00.001Z', VECTOR.body)).not.toBe(base);
    expect(signatureFor(VECTOR.secret, VECTOR.timestamp, `${VECTOR.body} `)).not.toBe(base);
  });

  it('refuses an empty secret', () => {
    expect(() => signatureFor('', 't', 'b')).toThrow(TypeError);
  });
});

describe('generateWebhookSecret', () => {
  it('has the recognisable prefix and 32 random bytes in hex', () => {
    const secret = generateWebhookSecret();
    expect(secret.startsWith(WEBHOOK_SECRET_PREFIX)).toBe(true);
    expect(secret.slice(WEBHOOK_SECRET_PREFIX.length)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('never repeats', () => {
    const secrets = new Set(Array.from({ length: 200 }, () => generateWebhookSecret()));
    expect(secrets.size).toBe(200);
  });

  it('is used as the HMAC key exactly as returned, prefix included', () => {
    const secret = generateWebhookSecret();
    const body = JSON.stringify({ id: 'e1' });
    expect(signatureFor(secret, 'ts', body)).toBe(specReceiverDigest(secret, 'ts', body));
    const stripped = secret.slice(WEBHOOK_SECRET_PREFIX.length);
    expect(signatureFor(secret, 'ts', body)).not.toBe(specReceiverDigest(stripped, 'ts', body));
  });
});

describe('buildDeliveryHeaders', () => {
  it('sets the four documented headers with one v1= value for one secret', () => {
    const event = eventWithBody('3f1c7a52-9a4e-4d55-8a8e-0c3d2b1f6e10');
    const headers = buildDeliveryHeaders({
      event,
      secrets: [VECTOR.secret],
      clock: clockAt('2026-03-01T12:00:00.000Z'),
    });

    expect(headers[EVENT_HEADER]).toBe('scan.completed');
    expect(headers[EVENT_ID_HEADER]).toBe(event.id);
    expect(headers[TIMESTAMP_HEADER]).toBe('2026-03-01T12:00:00.000Z');
    // Exactly `v1=<hex>`: a receiver comparing the whole header works.
    expect(headers[SIGNATURE_HEADER]).toBe(
      `v1=${specReceiverDigest(VECTOR.secret, '2026-03-01T12:00:00.000Z', event.body)}`,
    );
  });

  it('signs every attempt afresh with a new timestamp over the same body and event id', () => {
    const event = eventWithBody('e-retry');
    const clock = clockAt('2026-03-01T12:00:00.000Z', '2026-03-01T12:00:05.120Z');
    const first = buildDeliveryHeaders({ event, secrets: [VECTOR.secret], clock });
    const second = buildDeliveryHeaders({ event, secrets: [VECTOR.secret], clock });

    expect(second[TIMESTAMP_HEADER]).not.toBe(first[TIMESTAMP_HEADER]);
    expect(second[SIGNATURE_HEADER]).not.toBe(first[SIGNATURE_HEADER]);
    expect(second[EVENT_ID_HEADER]).toBe(first[EVENT_ID_HEADER]);
    for (const headers of [first, second]) {
      const digest = specReceiverDigest(VECTOR.secret, headers[TIMESTAMP_HEADER], event.body);
      expect(headers[SIGNATURE_HEADER]).toBe(`v1=${digest}`);
    }
  });

  it('carries one v1= value per secret, newest first, separated by ", " during a rotation', () => {
    const event = eventWithBody('e-rotate');
    const headers = buildDeliveryHeaders({
      event,
      secrets: ['ars_whsec_new', 'ars_whsec_old'],
      clock: clockAt('2026-03-01T12:00:00.000Z'),
    });
    const ts = headers[TIMESTAMP_HEADER];

    expect(headers[SIGNATURE_HEADER]).toBe(
      `v1=${specReceiverDigest('ars_whsec_new', ts, event.body)}, v1=${specReceiverDigest('ars_whsec_old', ts, event.body)}`,
    );
  });

  it('signs once when the same secret is listed twice', () => {
    const headers = buildDeliveryHeaders({
      event: eventWithBody('e1'),
      secrets: ['ars_whsec_a', 'ars_whsec_a'],
      clock: clockAt('2026-03-01T12:00:00.000Z'),
    });
    expect(parseSignatureHeader(headers[SIGNATURE_HEADER])).toHaveLength(1);
  });

  it('refuses to sign without a secret', () => {
    expect(() =>
      buildDeliveryHeaders({ event: eventWithBody('e1'), secrets: [], clock: systemClock }),
    ).toThrow(/secret/);
  });

  it('refuses a body that does not carry the event id', () => {
    const clock = systemClock;
    const secrets = ['ars_whsec_a'];
    const wrongId = { id: 'e1', type: 'scan.completed', body: JSON.stringify({ id: 'e2' }) };
    const noId = { id: 'e1', type: 'scan.completed', body: JSON.stringify({ data: {} }) };
    const notJson = { id: 'e1', type: 'scan.completed', body: 'id=e1' };
    for (const event of [wrongId, noId, notJson]) {
      expect(() => buildDeliveryHeaders({ event, secrets, clock })).toThrow(TypeError);
    }
  });

  it('describes its header names and scheme for the create response', () => {
    expect(SIGNATURE_DESCRIPTION).toEqual({
      header: 'x-service-signature',
      scheme: 'v1',
      timestamp_header: 'x-service-timestamp',
      event_id_header: 'x-service-event-id',
    });
  });
});

describe('parseSignatureHeader', () => {
  const a = 'a'.repeat(64);
  const b = 'b'.repeat(64);

  it('reads comma-, comma-space- and space-separated lists', () => {
    expect(parseSignatureHeader(`v1=${a}, v1=${b}`)).toEqual([a, b]);
    expect(parseSignatureHeader(`v1=${a},v1=${b}`)).toEqual([a, b]);
    expect(parseSignatureHeader(`v1=${a} v1=${b}`)).toEqual([a, b]);
  });

  it('ignores other schemes and malformed digests', () => {
    expect(parseSignatureHeader(`v0=${a}, v1=short, v1=${'z'.repeat(64)}, v1=${b}`)).toEqual([b]);
    expect(parseSignatureHeader('')).toEqual([]);
  });
});

describe('verifyDelivery', () => {
  const secret = 'ars_whsec_receiver';
  const event = eventWithBody('e-verify');
  const signedAt = new Date('2026-03-01T12:00:00.000Z');
  const headers = buildDeliveryHeaders({ event, secrets: [secret], clock: fixedClock(signedAt) });
  const atPlus = (seconds: number) => new Date(signedAt.getTime() + seconds * 1000);

  it('accepts a good delivery and returns the event id from the signed body', () => {
    const result = verifyDelivery({
      headers,
      rawBody: event.body,
      secrets: [secret],
      now: atPlus(1),
    });
    expect(result).toMatchObject({ ok: true, eventId: 'e-verify', eventType: 'scan.completed' });
  });

  it('reads headers from a Fetch Headers object and from Node header records in any case', () => {
    const fetchHeaders = new Headers(headers as unknown as Record<string, string>);
    const upper = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toUpperCase(), v]));
    for (const source of [fetchHeaders, upper]) {
      expect(
        verifyDelivery({ headers: source, rawBody: event.body, secrets: [secret], now: atPlus(0) })
          .ok,
      ).toBe(true);
    }
  });

  it('accepts when any of several secrets matches any of several v1= values', () => {
    const rotated = buildDeliveryHeaders({
      event,
      secrets: ['ars_whsec_new', secret],
      clock: fixedClock(signedAt),
    });
    for (const accepted of [[secret], ['ars_whsec_new'], ['ars_whsec_unrelated', secret]]) {
      const result = verifyDelivery({
        headers: rotated,
        rawBody: event.body,
        secrets: accepted,
        now: signedAt,
      });
      expect(result.ok).toBe(true);
    }
  });

  it('rejects a tampered body, a wrong secret and a missing header', () => {
    const now = atPlus(0);
    const tampered = event.body.replace('"score":1', '"score":9');
    expect(verifyDelivery({ headers, rawBody: tampered, secrets: [secret], now })).toEqual({
      ok: false,
      reason: 'no_matching_signature',
    });
    expect(verifyDelivery({ headers, rawBody: event.body, secrets: ['ars_whsec_x'], now })).toEqual(
      { ok: false, reason: 'no_matching_signature' },
    );
    const { [SIGNATURE_HEADER]: _dropped, ...withoutSignature } = headers;
    expect(
      verifyDelivery({ headers: withoutSignature, rawBody: event.body, secrets: [secret], now }),
    ).toEqual({ ok: false, reason: 'missing_header' });
  });

  it('accepts up to exactly five minutes of skew either way and rejects beyond', () => {
    const verifyAt = (now: Date) =>
      verifyDelivery({ headers, rawBody: event.body, secrets: [secret], now });
    expect(DEFAULT_TOLERANCE_SECONDS).toBe(300);
    expect(verifyAt(atPlus(300)).ok).toBe(true);
    expect(verifyAt(atPlus(-300)).ok).toBe(true);
    expect(verifyAt(atPlus(300.001))).toEqual({ ok: false, reason: 'timestamp_out_of_tolerance' });
    expect(verifyAt(atPlus(-300.001))).toEqual({ ok: false, reason: 'timestamp_out_of_tolerance' });
  });

  it('honours a custom tolerance', () => {
    const result = verifyDelivery({
      headers,
      rawBody: event.body,
      secrets: [secret],
      now: atPlus(31),
      toleranceSeconds: 30,
    });
    expect(result).toEqual({ ok: false, reason: 'timestamp_out_of_tolerance' });
  });

  it('rejects a timestamp that is not an ISO 8601 date-time with an offset', () => {
    for (const timestamp of ['1772366400', '2026-03-01 12:00:00', '2026-03-01T12:00:00', 'soon']) {
      const forged = { ...headers, [TIMESTAMP_HEADER]: timestamp };
      expect(
        verifyDelivery({ headers: forged, rawBody: event.body, secrets: [secret], now: signedAt }),
      ).toEqual({ ok: false, reason: 'malformed_timestamp' });
    }
  });

  it('rejects a replay whose event-id header was swapped, because the body id is signed', () => {
    const swapped = { ...headers, [EVENT_ID_HEADER]: 'another-id' };
    expect(
      verifyDelivery({ headers: swapped, rawBody: event.body, secrets: [secret], now: signedAt }),
    ).toEqual({ ok: false, reason: 'event_id_mismatch' });
  });

  it('rejects a correctly signed body that is not a JSON object with an id', () => {
    const body = '["no id"]';
    const ts = signedAt.toISOString();
    const forged = { ...headers, [SIGNATURE_HEADER]: `v1=${signatureFor(secret, ts, body)}` };
    expect(
      verifyDelivery({ headers: forged, rawBody: body, secrets: [secret], now: signedAt }),
    ).toEqual({ ok: false, reason: 'malformed_body' });
  });
});
