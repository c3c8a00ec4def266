/**
 * The billing simulator's objects, in the shapes of Stripe's API reference as this service's
 * adapter reads them (written from the reference, API version 2026-11-18.endive): customers,
 * Checkout Sessions, subscriptions (their period on each item), invoices (their subscription under
 * `parent.subscription_details`), customer portal sessions and events. Kept in memory: the
 * simulator is a stand-in for one test run or one `npm start`, not a store.
 */
import { randomBytes } from 'node:crypto';

/** The API version the events say they were rendered with (the SDK's pinned one). */
export const SIMULATED_API_VERSION = '2026-11-18.endive';

const MONTH_SECONDS = 30 * 86_400;

export type StripeObject = Record<string, unknown> & { id: string; object: string };

/** `cus_…`, `sub_…`: Stripe's prefix and a random tail. */
export function newId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
}

export interface SimulatedPrice {
  id: string;
  product: string;
  /** Minor units (cents). */
  unit_amount: number;
  currency: string;
}

export function priceObject(price: SimulatedPrice): StripeObject {
  return {
    id: price.id,
    object: 'price',
    active: true,
    currency: price.currency,
    product: price.product,
    type: 'recurring',
    recurring: { interval: 'month', interval_count: 1 },
    unit_amount: price.unit_amount,
    livemode: false,
  };
}

export function customerObject(
  email: string | null,
  metadata: Record<string, string>,
  now: number,
): StripeObject {
  return {
    id: newId('cus'),
    object: 'customer',
    email,
    metadata,
    created: now,
    livemode: false,
  };
}

export interface SessionInput {
  customer: string | null;
  customerEmail: string | null;
  clientReferenceId: string | null;
  price: SimulatedPrice;
  successUrl: string;
  cancelUrl: string | null;
  subscriptionMetadata: Record<string, string>;
}

export function checkoutSessionObject(
  input: SessionInput,
  pageUrl: (id: string) => string,
  now: number,
) {
  const id = newId('cs_test');
  return {
    id,
    object: 'checkout.session',
    mode: 'subscription',
    status: 'open',
    payment_status: 'unpaid',
    url: pageUrl(id),
    customer: input.customer,
    customer_email: input.customerEmail,
    client_reference_id: input.clientReferenceId,
    success_url: input.successUrl,
    cancel_url: input.cancelUrl,
    subscription: null as string | null,
    amount_total: input.price.unit_amount,
    currency: input.price.currency,
    metadata: {},
    created: now,
    expires_at: now + 86_400,
    livemode: false,
    // Kept for the checkout page and completion; not part of the API's answer.
    _price: input.price,
    _subscription_metadata: input.subscriptionMetadata,
  };
}

export type CheckoutSession = ReturnType<typeof checkoutSessionObject>;

/** A session as the API answers it (the simulator's own fields left out). */
export function publicSession(session: CheckoutSession): StripeObject {
  const { _price, _subscription_metadata, ...visible } = session;
  return visible;
}

export function subscriptionObject(session: CheckoutSession, now: number) {
  const id = newId('sub');
  return {
    id,
    object: 'subscription',
    customer: session.customer as string,
    status: 'incomplete',
    cancel_at_period_end: false,
    canceled_at: null as number | null,
    ended_at: null as number | null,
    created: now,
    start_date: now,
    collection_method: 'charge_automatically',
    currency: session._price.currency,
    latest_invoice: null as string | null,
    metadata: session._subscription_metadata,
    items: {
      object: 'list',
      data: [
        {
          id: newId('si'),
          object: 'subscription_item',
          subscription: id,
          price: priceObject(session._price),
          quantity: 1,
          current_period_start: now,
          current_period_end: now + MONTH_SECONDS,
          created: now,
        },
      ],
      has_more: false,
      url: `/v1/subscription_items?subscription=${id}`,
    },
    livemode: false,
  };
}

export type Subscription = ReturnType<typeof subscriptionObject>;

/** The subscription's next period: both ends move on by one month. */
export function renewPeriod(subscription: Subscription): void {
  for (const item of subscription.items.data) {
    item.current_period_start = item.current_period_end;
    item.current_period_end += MONTH_SECONDS;
  }
}

export function invoiceObject(subscription: Subscription, amount: number, now: number) {
  return {
    id: newId('in'),
    object: 'invoice',
    customer: subscription.customer,
    status: 'open',
    amount_due: amount,
    amount_paid: 0,
    currency: subscription.currency,
    billing_reason: 'subscription_cycle',
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: { subscription: subscription.id, metadata: subscription.metadata },
    },
    created: now,
    livemode: false,
  };
}

export type Invoice = ReturnType<typeof invoiceObject>;

export function portalSessionObject(
  customer: string,
  returnUrl: string | null,
  pageUrl: (id: string) => string,
  now: number,
): StripeObject {
  const id = newId('bps');
  return {
    id,
    object: 'billing_portal.session',
    customer,
    return_url: returnUrl,
    url: pageUrl(id),
    created: now,
    livemode: false,
  };
}

/** An event as sent: its type and creation time are read by the sender and by tests. */
export type SimulatedEvent = StripeObject & {
  type: string;
  created: number;
  data: { object: unknown };
};

/** An event with a snapshot of `object` as it is now (later changes do not alter it). */
export function eventObject(type: string, object: unknown, created: number): SimulatedEvent {
  return {
    id: newId('evt'),
    object: 'event',
    api_version: SIMULATED_API_VERSION,
    created,
    data: { object: structuredClone(object) },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
}
