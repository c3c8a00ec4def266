/**
 * The route manifest's billing entry (an addition; docs/api.md "Plans and billing"): the endpoint
 * Stripe sends its events to. It takes no key: the Stripe-Signature header, verified against
 * STRIPE_WEBHOOK_SECRET, is its credential. Not an MCP tool.
 */
import { EventReceiptSchema } from '#shared/domain/billing/schemas';
import type { RouteDefinition } from '#shared/surfaces/http/route';

/** Stripe's events are small; this leaves room for the largest subscription objects. */
const MAX_EVENT_BYTES = 256 * 1024;

export const BILLING_ROUTES = {
  receive_stripe_event: {
    operationId: 'receive_stripe_event',
    area: 'billing',
    method: 'POST',
    path: '/api/v1/billing/stripe-webhook',
    summary: "Stripe's events about the accounts' subscriptions",
    description:
      "Public (no key). Verifies the `Stripe-Signature` header against STRIPE_WEBHOOK_SECRET with a five-minute tolerance either way (400 `invalid_signature`, nothing changed, otherwise) and acts on `checkout.session.completed`, `customer.subscription.created`, `customer.subscription.updated`, `customer.subscription.deleted`, `invoice.payment_failed` and `invoice.paid`; other verified events are acknowledged and ignored. Each event id takes effect once: a replay answers 200 with `outcome` `replayed` and changes nothing. Events may come twice, late or out of order: the account follows its subscription's newest state, read from Stripe when an event is older than what the account holds. `active` and `trialing` make the account Pro; `past_due` keeps Pro through BILLING_GRACE_DAYS (default 7); `canceled`, `unpaid`, `incomplete_expired` and `paused` end the subscription. Every plan change is written with its audit event (`plan.changed`) and mailed to the owner. 409 `event_in_progress` while another delivery of the same event is being handled; 503 when payments are not configured or Stripe cannot be reached (Stripe retries).",
    tag: 'Billing',
    auth: 'none',
    request: {
      rawBody: {
        maxBytes: MAX_EVENT_BYTES,
        mediaTypes: ['application/json'],
        description: 'The event exactly as Stripe sent it (its signature covers these bytes).',
        headers: ['stripe-signature'],
      },
    },
    response: { status: 200, schema: EventReceiptSchema },
    errors: ['invalid_signature', 'event_in_progress', 'service_unavailable'],
    data: 'readwrite',
    handler: 'functions/http/billing/stripe-webhook.ts',
    sendsMail: true,
    payments: 'provider',
    mcpTool: false,
    addition: true,
  },
} as const satisfies Record<string, RouteDefinition>;
