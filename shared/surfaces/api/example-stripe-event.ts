/**
 * The Stripe side of the docs' examples (docs/decisions.md "Docs examples that run"): the event
 * the webhook route's example sends, the customer it is about (the one the Upgrade form made for
 * the examples' account), and where the billing forms' examples send the browser. The run puts
 * the real customer and pages in place of these stand-ins and signs the body with the stack's
 * STRIPE_WEBHOOK_SECRET.
 */

/** The account's Stripe customer and the event's id, as the examples show them. */
export const EXAMPLE_STRIPE_IDS = {
  customer: 'cus_Qm8XvT2bLk7Wc9Yp',
  event: 'evt_1QdR7mXvT2bLk7Wc',
} as const;

/** Where the billing forms send the browser (Stripe's pages; the simulator's in the run). */
export const EXAMPLE_STRIPE_PAGES = {
  checkout: 'https://checkout.stripe.com/c/pay/cs_test_a1Rk7Tq2Lx9Vb4Hn',
  portal: 'https://billing.stripe.com/p/session/test_Yb6Hn3Sd5Fg0JaQm',
} as const;
/** A `Stripe-Signature` as Stripe sends it; the run signs the body with the stack's secret. */
export const EXAMPLE_STRIPE_SIGNATURE =
  't=1795599000,v1=5f0c3e9a8b7d6c5e4f3a2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c2d1e';

/** 2026-11-25T09:30:00Z, the examples' moment, and a month later: the subscription's period. */
const EXAMPLE_SECONDS = 1_795_599_000;
const PERIOD_END = EXAMPLE_SECONDS + 30 * 86_400;

/**
 * The event Stripe sends when a subscription starts (API version 2026-11-18.endive: the period
 * on the subscription's items), about the account's customer; trimmed to the fields the service
 * reads and a few that show the shape.
 */
const STRIPE_EVENT = {
  id: EXAMPLE_STRIPE_IDS.event,
  object: 'event',
  api_version: '2026-11-18.endive',
  created: EXAMPLE_SECONDS,
  type: 'customer.subscription.created',
  livemode: false,
  pending_webhooks: 1,
  request: { id: null, idempotency_key: null },
  data: {
    object: {
      id: 'sub_1QdR7nXvT2bLk7Wc',
      object: 'subscription',
      customer: EXAMPLE_STRIPE_IDS.customer,
      status: 'active',
      cancel_at_period_end: false,
      created: EXAMPLE_SECONDS,
      items: {
        object: 'list',
        data: [
          {
            id: 'si_Rk7Tq2Lx9Vb4Hn1M',
            object: 'subscription_item',
            current_period_start: EXAMPLE_SECONDS,
            current_period_end: PERIOD_END,
            price: {
              id: 'price_1QdPro0Monthly0',
              object: 'price',
              recurring: { interval: 'month' },
            },
            quantity: 1,
          },
        ],
      },
      metadata: {},
    },
  },
};

/** The event's body as the example sends it. */
export const STRIPE_EVENT_TEXT = JSON.stringify(STRIPE_EVENT, null, 2);
