/**
 * Signing of webhook deliveries, exactly as docs/api.md "Webhooks" says: HMAC-SHA256 keyed with
 * the endpoint secret over `timestamp + "." + raw body`, written in hex and sent as
 * `x-service-signature: v1=<hex>`.
 *
 * Two choices the contract leaves open, both made so that a receiver written from docs/api.md alone
 * computes the same digest:
 * - The HMAC key is the secret string exactly as the customer received it (prefix included),
 *   as UTF-8 bytes. Nothing is stripped or base64-decoded (unlike Standard Webhooks' `whsec_`).
 * - With one valid secret (always, except during a rotation's grace period) the header is
 *   exactly `v1=<hex>`. During a grace period it carries one `v1=` value per valid secret,
 *   newest first, joined by ", " (the way HTTP joins repeated field lines, RFC 9110 5.3).
 *
 * The timestamp is not part of the event: every attempt signs afresh with its own timestamp
 * over the same body bytes, so a retry hours later still passes the receiver's 5-minute check.
 * The event id is inside the signed body too; that copy is the one a receiver can trust.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { type Clock, nowIso } from '#shared/domain/kernel/clock';

export const EVENT_HEADER = 'x-service-event';
export const EVENT_ID_HEADER = 'x-service-event-id';
export const TIMESTAMP_HEADER = 'x-service-timestamp';
export const SIGNATURE_HEADER = 'x-service-signature';
export const SIGNATURE_SCHEME = 'v1';
/** Joins the `v1=` values of several secrets; see the module comment. */
export const SIGNATURE_SEPARATOR = ', ';

/** The `signature` object of the create response: names and scheme used on deliveries. */
export const SIGNATURE_DESCRIPTION = {
  header: SIGNATURE_HEADER,
  scheme: SIGNATURE_SCHEME,
  timestamp_header: TIMESTAMP_HEADER,
  event_id_header: EVENT_ID_HEADER,
} as const;

/** Default receiver tolerance: docs/api.md "Webhooks", five minutes, applied in both directions. */
export const DEFAULT_TOLERANCE_SECONDS = 300;

/** Recognisable by secret scanners and by people; the whole string is the HMAC key. */
export const WEBHOOK_SECRET_PREFIX = 'ars_whsec_';
const SECRET_RANDOM_BYTES = 32;
const HEX_DIGEST = /^[0-9a-f]{64}$/i;
/** ISO 8601 date-time with an explicit offset; local times without one are ambiguous. */
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:Z|[+-]\d{2}:\d{2})$/;

/** A new endpoint secret: the prefix and 32 random bytes in hex (256 bits). */
export function generateWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(SECRET_RANDOM_BYTES).toString('hex')}`;
}

/** Hex HMAC-SHA256 of `timestamp + "." + rawBody`; the bare digest, without `v1=`. */
export function signatureFor(
  secret: string,
  timestamp: string,
  rawBody: string | Uint8Array,
): string {
  if (secret.length === 0) {
    throw new TypeError('A webhook secret must not be empty');
  }
  return createHmac('sha256', Buffer.from(secret, 'utf8'))
    .update(`${timestamp}.`, 'utf8')
    .update(typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : rawBody)
    .digest('hex');
}

/** The event as it leaves: its body bytes are fixed once and reused by every attempt. */
export interface OutgoingEvent {
  id: string;
  /** Event name, e.g. `scan.completed`. */
  type: string;
  /** The exact JSON body sent; a JSON object whose `id` is this event's id. */
  body: string | Uint8Array;
}

// A type alias, not an interface, so it is assignable to plain header records.
export type DeliveryHeaders = {
  [EVENT_HEADER]: string;
  [EVENT_ID_HEADER]: string;
  [TIMESTAMP_HEADER]: string;
  [SIGNATURE_HEADER]: string;
};

export interface BuildDeliveryHeadersInput {
  event: OutgoingEvent;
  /** The secrets valid right now, newest first: one, or two during a rotation's grace period. */
  secrets: readonly string[];
  clock: Clock;
}

/**
 * The four service headers of one attempt. Call it once per attempt: the timestamp (and so the
 * signature) is new each time, the body and the event id are not.
 */
export function buildDeliveryHeaders(input: BuildDeliveryHeadersInput): DeliveryHeaders {
  const { event, secrets, clock } = input;
  if (secrets.length === 0) {
    throw new TypeError('At least one webhook secret is needed to sign a delivery');
  }
  assertBodyCarriesId(event);
  const timestamp = nowIso(clock);
  const values = [...new Set(secrets)].map(
    (secret) => `${SIGNATURE_SCHEME}=${signatureFor(secret, timestamp, event.body)}`,
  );
  return {
    [EVENT_HEADER]: event.type,
    [EVENT_ID_HEADER]: event.id,
    [TIMESTAMP_HEADER]: timestamp,
    [SIGNATURE_HEADER]: values.join(SIGNATURE_SEPARATOR),
  };
}

/**
 * The receiver's protection against a replay with a swapped `x-service-event-id` rests on the
 * id inside the signed body, so a body without it (or with another id) is a bug we refuse to send.
 */
function assertBodyCarriesId(event: OutgoingEvent): void {
  const text = typeof event.body === 'string' ? event.body : Buffer.from(event.body).toString();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new TypeError(`The body of event ${event.id} is not JSON`);
  }
  const id = (parsed as { id?: unknown } | null)?.id;
  if (id !== event.id) {
    throw new TypeError(`The body of event ${event.id} must carry "id": "${event.id}"`);
  }
}

/** The `v1=` digests of a signature header; other schemes and malformed values are ignored. */
export function parseSignatureHeader(header: string): string[] {
  const digests: string[] = [];
  // Commas (our separator, and how HTTP joins repeated lines) and spaces both separate values.
  for (const part of header.split(/[\s,]+/)) {
    const [scheme, value] = part.split('=', 2);
    if (scheme === SIGNATURE_SCHEME && value !== undefined && HEX_DIGEST.test(value)) {
      digests.push(value);
    }
  }
  return digests;
}

export type HeaderSource = Headers | Record<string, string | readonly string[] | undefined>;

export interface VerifyDeliveryInput {
  headers: HeaderSource;
  rawBody: string | Uint8Array;
  /** Every secret the receiver accepts (during a rotation: the new and the old one). */
  secrets: readonly string[];
  now?: Date;
  toleranceSeconds?: number;
}

export type VerifyFailure =
  | 'missing_header'
  | 'malformed_timestamp'
  | 'timestamp_out_of_tolerance'
  | 'no_matching_signature'
  | 'malformed_body'
  | 'event_id_mismatch';

export type VerifyResult =
  | { ok: true; eventId: string; eventType: string; timestamp: string; body: unknown }
  | { ok: false; reason: VerifyFailure };

/**
 * Receiver-side check: timestamp within the tolerance (both directions), then at least one
 * `v1=` value equal to the HMAC under one of the secrets (constant-time), then the body parsed
 * and its `id` compared with the header. The returned `eventId` is the body's.
 */
export function verifyDelivery(input: VerifyDeliveryInput): VerifyResult {
  const timestamp = readHeader(input.headers, TIMESTAMP_HEADER);
  const signature = readHeader(input.headers, SIGNATURE_HEADER);
  const eventId = readHeader(input.headers, EVENT_ID_HEADER);
  const eventType = readHeader(input.headers, EVENT_HEADER);
  if (!timestamp || !signature || !eventId || !eventType) {
    return { ok: false, reason: 'missing_header' };
  }
  const signedAt = ISO_DATE_TIME.test(timestamp) ? Date.parse(timestamp) : Number.NaN;
  if (Number.isNaN(signedAt)) {
    return { ok: false, reason: 'malformed_timestamp' };
  }
  const tolerance = input.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  const now = (input.now ?? new Date()).getTime();
  if (Math.abs(now - signedAt) > tolerance * 1000) {
    return { ok: false, reason: 'timestamp_out_of_tolerance' };
  }
  if (!anySignatureMatches(parseSignatureHeader(signature), input, timestamp)) {
    return { ok: false, reason: 'no_matching_signature' };
  }
  let body: unknown;
  try {
    body = JSON.parse(Buffer.from(input.rawBody).toString('utf8'));
  } catch {
    return { ok: false, reason: 'malformed_body' };
  }
  const bodyId = (body as { id?: unknown } | null)?.id;
  if (typeof bodyId !== 'string') {
    return { ok: false, reason: 'malformed_body' };
  }
  if (bodyId !== eventId) {
    return { ok: false, reason: 'event_id_mismatch' };
  }
  return { ok: true, eventId: bodyId, eventType, timestamp, body };
}

function anySignatureMatches(
  received: readonly string[],
  input: VerifyDeliveryInput,
  timestamp: string,
): boolean {
  const bodyBytes =
    typeof input.rawBody === 'string' ? Buffer.from(input.rawBody, 'utf8') : input.rawBody;
  for (const secret of input.secrets) {
    if (secret.length === 0) continue;
    // Both sides are 32-byte digests, so timingSafeEqual never sees a length mismatch.
    const expected = Buffer.from(signatureFor(secret, timestamp, bodyBytes), 'hex');
    for (const value of received) {
      if (timingSafeEqual(expected, Buffer.from(value, 'hex'))) {
        return true;
      }
    }
  }
  return false;
}

function readHeader(headers: HeaderSource, name: string): string | undefined {
  if (headers instanceof Headers) {
    return headers.get(name) ?? undefined;
  }
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === name && value !== undefined) {
      return typeof value === 'string' ? value : value.join(', ');
    }
  }
  return undefined;
}
