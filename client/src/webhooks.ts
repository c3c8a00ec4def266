/**
 * Verifies a webhook delivery the way the API signs it: `x-service-signature` carries
 * `v1=<hex>` values, each the HMAC-SHA256 of `timestamp + "." + raw body` keyed with the
 * endpoint secret (the whole string, as UTF-8); `x-service-timestamp` must lie within five
 * minutes of now; the event id in the signed body must equal `x-service-event-id`. During a
 * secret rotation the header carries one value per valid secret, and a receiver may hold both
 * secrets: any match passes. WebCrypto only (Node 20+, browsers, edge runtimes), no server code.
 */
import type { components } from './generated/openapi.ts';

type Schemas = components['schemas'];
export type WebhookEvent =
  | Schemas['ScanCompletedEvent']
  | Schemas['RunCompletedEvent']
  | Schemas['ScoreChangedEvent']
  | Schemas['WebhookTestEvent'];

export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

export type WebhookFailure =
  | 'missing_header'
  | 'malformed_timestamp'
  | 'timestamp_out_of_tolerance'
  | 'no_matching_signature'
  | 'malformed_body'
  | 'event_id_mismatch';

export class WebhookVerificationError extends Error {
  override readonly name = 'WebhookVerificationError';
  readonly reason: WebhookFailure;

  constructor(reason: WebhookFailure) {
    super(`webhook rejected: ${reason}`);
    this.reason = reason;
  }
}

export interface VerifyWebhookOptions {
  /** Allowed distance between the timestamp and now, both ways (default 300 s). */
  toleranceSeconds?: number;
  /** The clock, for tests. */
  now?: Date;
}

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:Z|[+-]\d{2}:\d{2})$/;
const V1_VALUE = /^v1=([0-9a-fA-F]{64})$/;
const encoder = new TextEncoder();

function header(headers: WebhookHeaders, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== name || value === undefined) continue;
    return Array.isArray(value) ? value.join(', ') : value;
  }
  return undefined;
}

function hexBytes(hex: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(hex.length / 2);
  for (let index = 0; index < bytes.length; index += 1) {
    bytes[index] = Number.parseInt(hex.slice(index * 2, index * 2 + 2), 16);
  }
  return bytes;
}

function bodyBytes(rawBody: string | Uint8Array | ArrayBuffer): Uint8Array {
  if (typeof rawBody === 'string') return encoder.encode(rawBody);
  return rawBody instanceof Uint8Array ? rawBody : new Uint8Array(rawBody);
}

async function anySignatureMatches(
  digests: Uint8Array<ArrayBuffer>[],
  secrets: readonly string[],
  timestamp: string,
  body: Uint8Array,
): Promise<boolean> {
  const prefix = encoder.encode(`${timestamp}.`);
  const signed = new Uint8Array(prefix.length + body.length);
  signed.set(prefix);
  signed.set(body, prefix.length);
  for (const secret of secrets) {
    if (secret.length === 0) continue;
    const key = await crypto.subtle.importKey(
      'raw',
      encoder.encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['verify'],
    );
    for (const digest of digests) {
      // subtle.verify compares in constant time.
      if (await crypto.subtle.verify('HMAC', key, digest, signed)) return true;
    }
  }
  return false;
}

/**
 * Checks a delivery and returns its parsed event; throws `WebhookVerificationError` with the
 * reason otherwise. Pass the raw body exactly as received (before any JSON parsing), the
 * request headers and the endpoint secret (or both secrets during a rotation).
 */
export async function verifyWebhook(
  rawBody: string | Uint8Array | ArrayBuffer,
  headers: WebhookHeaders,
  secret: string | readonly string[],
  options: VerifyWebhookOptions = {},
): Promise<WebhookEvent> {
  const timestamp = header(headers, 'x-service-timestamp');
  const signature = header(headers, 'x-service-signature');
  const eventId = header(headers, 'x-service-event-id');
  if (!timestamp || !signature || !eventId) throw new WebhookVerificationError('missing_header');
  const signedAt = ISO_DATE_TIME.test(timestamp) ? Date.parse(timestamp) : Number.NaN;
  if (Number.isNaN(signedAt)) throw new WebhookVerificationError('malformed_timestamp');
  const toleranceMs = (options.toleranceSeconds ?? 300) * 1000;
  if (Math.abs((options.now ?? new Date()).getTime() - signedAt) > toleranceMs) {
    throw new WebhookVerificationError('timestamp_out_of_tolerance');
  }
  const digests = signature
    .split(/[\s,]+/)
    .map((value) => V1_VALUE.exec(value)?.[1])
    .filter((hex): hex is string => hex !== undefined)
    .map(hexBytes);
  const bytes = bodyBytes(rawBody);
  const secrets = typeof secret === 'string' ? [secret] : secret;
  if (!(await anySignatureMatches(digests, secrets, timestamp, bytes))) {
    throw new WebhookVerificationError('no_matching_signature');
  }
  let event: unknown;
  try {
    event = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    throw new WebhookVerificationError('malformed_body');
  }
  const id = (event as { id?: unknown } | null)?.id;
  if (typeof id !== 'string') throw new WebhookVerificationError('malformed_body');
  if (id !== eventId) throw new WebhookVerificationError('event_id_mismatch');
  return event as WebhookEvent;
}
