/**
 * The payment provider port on Stripe's official SDK (`stripe`, which pins its API version,
 * 2026-11-18.endive for 23.2.0): customers, Checkout Sessions in subscription mode, customer
 * portal sessions, subscriptions, and events verified by the SDK's own webhook helper. The SDK's
 * host, port and protocol come from STRIPE_API_BASE (config.ts), so the same code talks to
 * Stripe, to the bundled simulator (local/billing-simulator) or to a test's loopback server.
 * Read from Stripe's API reference: "The Subscription object" (its period end lives on its items
 * since 2025-03-31.basil), "The Invoice object" (its subscription under
 * `parent.subscription_details`), "The Event object", "Create a Checkout Session", "Create a
 * portal session", "Cancel a subscription" (`DELETE /v1/subscriptions/{id}`: at once; a canceled
 * subscription cannot be canceled again, an unknown one is `resource_missing`), and "Check the
 * webhook signatures" (`t=`, `v1=`, five minutes).
 */
import Stripe from 'stripe';
import type {
  BillingProvider,
  CheckoutRequest,
  EventSubject,
  ProviderEvent,
} from '#shared/domain/billing/ports';
import type { ProviderSubscription } from '#shared/domain/billing/subscription';
import { BadRequestError, UnavailableError } from '#shared/domain/kernel/errors';

/** Stripe's recommended tolerance for a signature's timestamp, in seconds: five minutes. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  pricePro: string;
  apiBase: URL;
  /** Per request (the function's own timeout is longer). */
  timeoutMs?: number;
}

type Expandable = string | { id: string } | null | undefined;

const idOf = (value: Expandable): string | null =>
  value === null || value === undefined ? null : typeof value === 'string' ? value : value.id;

/** A Stripe subscription in the domain's words (its latest period end over its items). */
export function subscriptionOf(subscription: Stripe.Subscription): ProviderSubscription {
  const ends = subscription.items.data.map((item) => item.current_period_end);
  return {
    id: subscription.id,
    customer: idOf(subscription.customer) ?? '',
    status: subscription.status,
    current_period_end: ends.length > 0 ? Math.max(...ends) : null,
    cancel_at_period_end: subscription.cancel_at_period_end,
    account_id: subscription.metadata?.account_id ?? null,
  };
}

/** What an event's `data.object` is about, for the six types handled; `other` for the rest. */
export function subjectOf(event: Stripe.Event): EventSubject {
  const object = event.data.object as { object?: string };
  switch (object.object) {
    case 'checkout.session': {
      const session = object as Stripe.Checkout.Session;
      return {
        kind: 'checkout',
        accountId: session.client_reference_id,
        customer: idOf(session.customer),
        subscription: idOf(session.subscription),
      };
    }
    case 'subscription':
      return { kind: 'subscription', subscription: subscriptionOf(object as Stripe.Subscription) };
    case 'invoice': {
      const invoice = object as Stripe.Invoice;
      return {
        kind: 'invoice',
        customer: idOf(invoice.customer),
        subscription: idOf(invoice.parent?.subscription_details?.subscription),
      };
    }
    default:
      return { kind: 'other' };
  }
}

function refused(reason: string): BadRequestError {
  return new BadRequestError(
    'invalid_signature',
    `The Stripe-Signature header does not verify: ${reason}. Nothing was changed.`,
  );
}

/**
 * The SDK checks a timestamp's age only; one more than the tolerance ahead of our clock is
 * refused too (the window is the same both ways).
 */
function refuseFutureTimestamp(signature: string, receivedAt: Date): void {
  const stamp = /(?:^|,)\s*t=(\d+)/.exec(signature)?.[1];
  if (stamp && Number(stamp) - receivedAt.getTime() / 1000 > SIGNATURE_TOLERANCE_SECONDS) {
    throw refused('its timestamp lies more than five minutes ahead');
  }
}

/** A provider failure as the caller sees it: retry later (the provider retries its events too). */
function unavailable(error: unknown): never {
  if (error instanceof Stripe.errors.StripeError) {
    throw new UnavailableError(
      'service_unavailable',
      `The payment provider did not answer as expected (${error.type}${error.statusCode ? ` ${error.statusCode}` : ''}); please retry.`,
      { cause: error },
    );
  }
  throw error;
}

/** The SDK's client, its host, port and protocol taken from the API base. */
function clientFor(settings: StripeSettings): Stripe {
  const { apiBase } = settings;
  const protocol = apiBase.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(settings.secretKey, {
    host: apiBase.hostname.replace(/^\[|\]$/g, ''),
    port: apiBase.port || (protocol === 'http' ? 80 : 443),
    protocol,
    maxNetworkRetries: 1,
    timeout: settings.timeoutMs ?? 8000,
    telemetry: false,
    appInfo: { name: 'agent-readiness-api' },
  });
}

/** An event of a webhook request, verified by the SDK's own helper (and our future bound). */
function verifiedEvent(
  client: Stripe,
  webhookSecret: string,
  payload: Uint8Array,
  signature: string | undefined,
  receivedAt: Date,
): ProviderEvent {
  if (!signature) throw refused('the header is missing');
  refuseFutureTimestamp(signature, receivedAt);
  let event: Stripe.Event;
  try {
    event = client.webhooks.constructEvent(
      Buffer.from(payload),
      signature,
      webhookSecret,
      SIGNATURE_TOLERANCE_SECONDS,
      undefined,
      receivedAt.getTime(),
    );
  } catch (error) {
    if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
      throw refused(error.message.split('\n')[0] ?? 'no signature matches');
    }
    throw refused('the body is not an event');
  }
  return { id: event.id, type: event.type, created: event.created, subject: subjectOf(event) };
}

/** Statuses after which a subscription charges nothing any more (it cannot come back). */
const ENDED_STATUSES = new Set(['canceled', 'incomplete_expired']);

/**
 * Cancels at once. A 404 `resource_missing` (Stripe does not know it) or any refusal of a
 * subscription that has ended already (Stripe answers 400 to a second cancel) is `ended`: a
 * repeated cancel after a crash is done. Another refusal is thrown as is; 5xx and network
 * failures are UnavailableError (retry).
 */
async function cancelSubscription(client: Stripe, id: string): Promise<'canceled' | 'ended'> {
  try {
    await client.subscriptions.cancel(id);
    return 'canceled';
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) return unavailable(error);
    if (error.statusCode === 404 && error.code === 'resource_missing') return 'ended';
    const now = await client.subscriptions.retrieve(id).catch(unavailable);
    if (ENDED_STATUSES.has(now.status)) return 'ended';
    throw error;
  }
}

/** A Checkout Session in subscription mode for the Pro price, opened for the account. */
async function checkoutSession(client: Stripe, pricePro: string, request: CheckoutRequest) {
  const session = await client.checkout.sessions
    .create({
      mode: 'subscription',
      line_items: [{ price: pricePro, quantity: 1 }],
      client_reference_id: request.accountId,
      customer: request.customerId,
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
      subscription_data: { metadata: { account_id: request.accountId } },
    })
    .catch(unavailable);
  if (!session.url) throw unavailable(new Error('Checkout Session without a url'));
  return { id: session.id, url: session.url };
}

export function createStripeBilling(settings: StripeSettings): BillingProvider {
  const client = clientFor(settings);
  return {
    async createCustomer({ email, accountId }) {
      const customer = await client.customers
        .create(
          { email, metadata: { account_id: accountId } },
          // One customer per account even when a first checkout is retried.
          { idempotencyKey: `customer-${accountId}` },
        )
        .catch(unavailable);
      return { id: customer.id };
    },
    createCheckoutSession: (request) => checkoutSession(client, settings.pricePro, request),
    async createPortalSession({ customerId, returnUrl }) {
      const session = await client.billingPortal.sessions
        .create({ customer: customerId, return_url: returnUrl })
        .catch(unavailable);
      return { url: session.url };
    },
    async retrieveSubscription(id) {
      return subscriptionOf(await client.subscriptions.retrieve(id).catch(unavailable));
    },
    cancelSubscription: (id) => cancelSubscription(client, id),
    verifyEvent: async (payload, signature, receivedAt) =>
      verifiedEvent(client, settings.webhookSecret, payload, signature, receivedAt),
  };
}
