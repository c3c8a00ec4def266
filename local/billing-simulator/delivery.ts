/**
 * How the billing simulator sends its events, as Stripe's webhook documentation describes it: a
 * POST of the event's JSON to the endpoint with `Stripe-Signature: t=<unix seconds>,v1=<hex>`,
 * where v1 is the HMAC-SHA256 of `<t>.<body>` under the endpoint's secret (written here from that
 * description, independently of the SDK that verifies it). An answer other than 2xx is retried
 * with growing waits, a few times, as Stripe's sandbox does; each attempt is signed afresh.
 */
import { createHmac } from 'node:crypto';

/** The `Stripe-Signature` header of `payload` at `timestamp` (unix seconds). */
export function signPayload(payload: string, secret: string, timestamp: number): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

export interface DeliveryOptions {
  secret: string;
  /** Where events go (the service's webhook route); unset while the service is not listening. */
  url: () => string | undefined;
  /** Waits between attempts, in ms; tests pass short ones. */
  retryDelaysMs?: readonly number[];
  onDelivery?: (entry: DeliveryLogEntry) => void;
}

export interface DeliveryLogEntry {
  event_id: string;
  type: string;
  status: number | null;
  error?: string;
}

/** One signed POST of a body; the status, or null when nothing answered. */
export async function postSigned(
  url: string,
  payload: string,
  signature: string,
): Promise<{ status: number | null; error?: string }> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': signature,
        'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks) agent-readiness simulator',
      },
      body: payload,
      signal: AbortSignal.timeout(30_000),
    });
    await response.arrayBuffer();
    return { status: response.status };
  } catch (error) {
    return { status: null, error: (error as Error).message };
  }
}

const DEFAULT_RETRY_DELAYS_MS = [1000, 5000, 30_000];

/**
 * Sends events one after another in the order given (the first attempt of each awaited, so a
 * flow's events reach the service in its order), and retries the refused ones in the background.
 */
export function createEventSender(options: DeliveryOptions) {
  const timers = new Set<NodeJS.Timeout>();
  const delays = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  let closed = false;
  const attempt = async (event: { id: string; type: string }, retry: number) => {
    const url = options.url();
    const payload = JSON.stringify(event);
    const outcome = url
      ? await postSigned(url, payload, signPayload(payload, options.secret, nowSeconds()))
      : { status: null, error: 'the service is not listening yet' };
    options.onDelivery?.({ event_id: event.id, type: event.type, ...outcome });
    const delivered = outcome.status !== null && outcome.status >= 200 && outcome.status < 300;
    const wait = delays[retry];
    if (!delivered && wait !== undefined && !closed) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        void attempt(event, retry + 1);
      }, wait);
      timer.unref();
      timers.add(timer);
    }
    return outcome;
  };
  return {
    async send(events: readonly { id: string; type: string }[]): Promise<void> {
      for (const event of events) await attempt(event, 0);
    },
    close(): void {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}

function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}
