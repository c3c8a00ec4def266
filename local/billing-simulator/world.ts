/**
 * What the billing simulator holds and what happens in it: customers, Checkout Sessions,
 * subscriptions, invoices and portal sessions, and the life of a subscription with the events
 * Stripe sends for each step (in the order its documentation gives for a Checkout in subscription
 * mode: the subscription created `incomplete`, its first invoice paid, the subscription updated to
 * `active`, the session completed). Each step returns its events; the server sends them.
 */
import {
  type CheckoutSession,
  eventObject,
  type Invoice,
  invoiceObject,
  renewPeriod,
  type SimulatedEvent,
  type SimulatedPrice,
  type StripeObject,
  type Subscription,
  subscriptionObject,
} from './objects.ts';

export class BillingWorld {
  readonly customers = new Map<string, StripeObject>();
  readonly sessions = new Map<string, CheckoutSession>();
  readonly subscriptions = new Map<string, Subscription>();
  readonly invoices = new Map<string, Invoice>();
  readonly portalSessions = new Map<string, StripeObject>();
  /** Every event made, oldest first (tests and `GET /v1/events/{id}` read them). */
  readonly events: SimulatedEvent[] = [];

  constructor(
    readonly price: SimulatedPrice,
    private readonly now: () => number = () => Math.floor(Date.now() / 1000),
  ) {}

  private event(type: string, object: unknown): SimulatedEvent {
    const made = eventObject(type, object, this.now());
    this.events.push(made);
    return made;
  }

  /** The customer's subscriptions, newest first. */
  subscriptionsOf(customer: string): Subscription[] {
    return [...this.subscriptions.values()]
      .filter((subscription) => subscription.customer === customer)
      .sort((a, b) => b.created - a.created);
  }

  /** "Pay with a test card": the subscription starts and the session completes. */
  completeCheckout(session: CheckoutSession): SimulatedEvent[] {
    const subscription = subscriptionObject(session, this.now());
    this.subscriptions.set(subscription.id, subscription);
    const created = this.event('customer.subscription.created', subscription);
    const invoice = this.payInvoice(
      invoiceObject(subscription, session._price.unit_amount, this.now()),
    );
    invoice.billing_reason = 'subscription_create';
    subscription.latest_invoice = invoice.id;
    const paid = this.event('invoice.paid', invoice);
    subscription.status = 'active';
    const updated = this.event('customer.subscription.updated', subscription);
    session.status = 'complete';
    session.payment_status = 'paid';
    session.subscription = subscription.id;
    const completed = this.event('checkout.session.completed', session);
    return [created, paid, updated, completed];
  }

  private payInvoice(invoice: Invoice): Invoice {
    invoice.status = 'paid';
    invoice.amount_paid = invoice.amount_due;
    this.invoices.set(invoice.id, invoice);
    return invoice;
  }

  /** A renewal whose payment fails: the invoice stays open, the subscription goes `past_due`. */
  failRenewal(subscription: Subscription): SimulatedEvent[] {
    renewPeriod(subscription);
    const invoice = invoiceObject(subscription, this.price.unit_amount, this.now());
    this.invoices.set(invoice.id, invoice);
    subscription.latest_invoice = invoice.id;
    const failed = this.event('invoice.payment_failed', invoice);
    subscription.status = 'past_due';
    return [failed, this.event('customer.subscription.updated', subscription)];
  }

  /** The overdue invoice paid with a new card: the subscription is `active` again. */
  payOverdue(subscription: Subscription): SimulatedEvent[] {
    const open = [...this.invoices.values()].find(
      (invoice) =>
        invoice.status === 'open' &&
        invoice.parent.subscription_details.subscription === subscription.id,
    );
    const events: SimulatedEvent[] = [];
    if (open) events.push(this.event('invoice.paid', this.payInvoice(open)));
    subscription.status = 'active';
    events.push(this.event('customer.subscription.updated', subscription));
    return events;
  }

  /** Cancelled at the end of the period (still active until then), or at once. */
  cancel(subscription: Subscription, atPeriodEnd: boolean): SimulatedEvent[] {
    if (atPeriodEnd) {
      subscription.cancel_at_period_end = true;
      return [this.event('customer.subscription.updated', subscription)];
    }
    subscription.status = 'canceled';
    subscription.canceled_at = this.now();
    subscription.ended_at = this.now();
    return [this.event('customer.subscription.deleted', subscription)];
  }

  /** Retries exhausted on an overdue subscription: it ends `unpaid` (Stripe's setting). */
  markUnpaid(subscription: Subscription): SimulatedEvent[] {
    subscription.status = 'unpaid';
    return [this.event('customer.subscription.updated', subscription)];
  }
}
