/**
 * Receiving webhooks from the Agent-Readiness API: a complete verifier for your side.
 *
 * No dependencies beyond node:crypto. Copy it, keep the order of the checks:
 *   1. verify the signature over the RAW body bytes, before any JSON parsing;
 *   2. reject a timestamp more than five minutes away from your clock;
 *   3. only then parse, and take the event id from the signed body (a header can be swapped);
 *   4. deduplicate on that id: retries (and replays) carry the same id.
 *
 * The signature is HMAC-SHA256(secret, timestamp + "." + rawBody) in hex, sent as
 * `x-service-signature: v1=<hex>`. The key is the secret string exactly as you received it,
 * `ars_whsec_` prefix included. Right after you rotate the secret the header carries two values,
 * `v1=<new>, v1=<old>`; pass both secrets (or whichever you hold) and any match counts.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

const TOLERANCE_SECONDS = 5 * 60;
/** Keep ids longer than the sender keeps retrying (about 28 hours; up to 57 with Retry-After). */
const DEDUP_WINDOW_MS = 3 * 24 * 60 * 60 * 1000;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:Z|[+-]\d{2}:\d{2})$/;

export type IncomingHeaders = Record<string, string | string[] | undefined>;

/** Remembers event ids already processed. Use your database or Redis in production. */
export interface SeenEvents {
  /** Records `id`; false when it was already there. Must be atomic when you run several copies. */
  addIfNew(id: string, nowMs: number): boolean;
}

export function memorySeenEvents(windowMs = DEDUP_WINDOW_MS): SeenEvents {
  const seenAt = new Map<string, number>();
  return {
    addIfNew(id, nowMs) {
      for (const [key, at] of seenAt) {
        if (nowMs - at > windowMs) seenAt.delete(key);
      }
      if (seenAt.has(id)) return false;
      seenAt.set(id, nowMs);
      return true;
    },
  };
}

export interface WebhookEvent {
  id: string;
  type: string;
  [field: string]: unknown;
}

export type ReceiveResult =
  /** New and authentic: process it, then answer 2xx. */
  | { status: 'accepted'; event: WebhookEvent }
  /** Authentic but already processed: answer 2xx so the sender stops retrying. */
  | { status: 'duplicate'; eventId: string }
  /** Not authentic, stale or malformed: answer 400 (or 401) and do nothing. */
  | { status: 'rejected'; reason: string };

export interface ReceiveOptions {
  /** Your endpoint secret(s); two while a rotation's grace period lasts. */
  secrets: string[];
  seen: SeenEvents;
  nowMs?: number;
}

export function receiveWebhook(
  rawBody: Buffer | string,
  headers: IncomingHeaders,
  options: ReceiveOptions,
): ReceiveResult {
  const timestamp = header(headers, 'x-service-timestamp');
  const signature = header(headers, 'x-service-signature');
  const headerId = header(headers, 'x-service-event-id');
  if (!timestamp || !signature || !headerId) {
    return { status: 'rejected', reason: 'missing webhook headers' };
  }
  const nowMs = options.nowMs ?? Date.now();
  const signedAtMs = ISO_DATE_TIME.test(timestamp) ? Date.parse(timestamp) : Number.NaN;
  if (Number.isNaN(signedAtMs)) {
    return { status: 'rejected', reason: 'malformed timestamp' };
  }
  if (Math.abs(nowMs - signedAtMs) > TOLERANCE_SECONDS * 1000) {
    return { status: 'rejected', reason: 'timestamp too old (or too far in the future)' };
  }
  const body = typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : rawBody;
  if (!signatureMatches(signature, timestamp, body, options.secrets)) {
    return { status: 'rejected', reason: 'bad signature' };
  }
  // Only now is the body trusted enough to parse.
  let event: WebhookEvent;
  try {
    event = JSON.parse(body.toString('utf8')) as WebhookEvent;
  } catch {
    return { status: 'rejected', reason: 'body is not JSON' };
  }
  if (typeof event?.id !== 'string' || typeof event.type !== 'string') {
    return { status: 'rejected', reason: 'body carries no event id or type' };
  }
  // The header is not covered by the signature; the body id is. They must agree.
  if (event.id !== headerId) {
    return { status: 'rejected', reason: 'event id header does not match the signed body' };
  }
  if (!options.seen.addIfNew(event.id, nowMs)) {
    return { status: 'duplicate', eventId: event.id };
  }
  return { status: 'accepted', event };
}

function signatureMatches(
  header: string,
  timestamp: string,
  body: Buffer,
  secrets: string[],
): boolean {
  const received = header
    .split(/[\s,]+/)
    .filter((part) => /^v1=[0-9a-fA-F]{64}$/.test(part))
    .map((part) => Buffer.from(part.slice(3), 'hex'));
  for (const secret of secrets) {
    const expected = createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest();
    // Equal lengths (32 bytes) guaranteed above, so timingSafeEqual cannot throw.
    if (received.some((candidate) => timingSafeEqual(candidate, expected))) {
      return true;
    }
  }
  return false;
}

/** Node's `request.headers` has lower-case names, as used here. */
function header(headers: IncomingHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}
