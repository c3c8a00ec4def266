/**
 * The billing area's ports: the payment provider (Stripe, through its official SDK in
 * shared/adapters/stripe; the bundled simulator locally) and the store of the accounts' billing
 * records and of the provider's events taken (shared/adapters/dynamodb/billing-repository.ts).
 */

import type { MailMessage } from '#shared/domain/accounts/mail-port';
import type { Account } from '#shared/domain/accounts/ports';
import type { AuditEvent } from '#shared/domain/audit/events';
import type { BillingRecord, ProviderSubscription } from './subscription.ts';

/** The six event types the service acts on; any other verified event is acknowledged only. */
export const HANDLED_EVENT_TYPES = [
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.payment_failed',
  'invoice.paid',
] as const;

/** What an event is about, read from its `data.object` by the adapter. */
export type EventSubject =
  /** A Checkout Session completed: the account it was opened for, its customer and subscription. */
  | {
      kind: 'checkout';
      accountId: string | null;
      customer: string | null;
      subscription: string | null;
    }
  /** A subscription as it was when the event happened. */
  | { kind: 'subscription'; subscription: ProviderSubscription }
  /** An invoice of a subscription (paid, or a payment failed). */
  | { kind: 'invoice'; customer: string | null; subscription: string | null }
  | { kind: 'other' };

/** A verified event of the provider. */
export interface ProviderEvent {
  id: string;
  type: string;
  /** When the provider created it (epoch seconds): the order of a subscription's events. */
  created: number;
  subject: EventSubject;
}

/** What Checkout is opened with (docs/api.md "Plans and billing"). */
export interface CheckoutRequest {
  customerId: string;
  accountId: string;
  successUrl: string;
  cancelUrl: string;
}

/** The payment provider, as the billing rules use it. */
export interface BillingProvider {
  /** A customer for the account, with the owner's address (the same key makes it once). */
  createCustomer(input: { email: string; accountId: string }): Promise<{ id: string }>;
  /** A Checkout Session in subscription mode for the Pro price: where to send the person. */
  createCheckoutSession(input: CheckoutRequest): Promise<{ id: string; url: string }>;
  /** A customer portal session for the customer: where to send the person. */
  createPortalSession(input: { customerId: string; returnUrl: string }): Promise<{ url: string }>;
  /** The subscription as the provider holds it now. */
  retrieveSubscription(id: string): Promise<ProviderSubscription>;
  /**
   * Cancels the subscription at once (no further charge). `ended` when it had ended before or the
   * provider does not know it: either way nothing is charged any more, so a repeated cancel is done.
   * A provider failure (5xx, network) is an UnavailableError: retry later.
   */
  cancelSubscription(id: string): Promise<'canceled' | 'ended'>;
  /**
   * The event of a webhook request, once its `Stripe-Signature` is verified against the endpoint
   * secret within five minutes of `receivedAt`; a BadRequestError `invalid_signature` otherwise.
   */
  verifyEvent(
    payload: Uint8Array,
    signature: string | undefined,
    receivedAt: Date,
  ): Promise<ProviderEvent>;
}

/** An account as billing reads it: its plan, its billing record, its own user's address. */
export interface BillingState {
  accountId: string;
  account: Account | null;
  billing: BillingRecord | null;
  /** The account's erasure was requested: no provider event changes it any more. */
  erasing: boolean;
}

/** The state of one provider event in the store. */
export type EventClaim =
  /** This delivery holds the event now (no other delivery may act on it until it is released). */
  | { state: 'claimed' }
  /** The event took effect before; a mail it owed may still be unsent. */
  | { state: 'done'; mail: MailMessage | null }
  /** Another delivery holds it, within its lease. */
  | { state: 'busy' };

/** One event's effect, written in one transaction (the account, its event, the audit event). */
export interface EventEffect {
  eventId: string;
  /** The claim this delivery holds: the write happens only while it still holds it. */
  token: string;
  accountId: string;
  /** The record's revision read before: the write happens only if nobody wrote it since. */
  expectedRevision: number;
  account: Account | null;
  billing: BillingRecord;
  /** The plan change's audit event, when the plan changed. */
  audit: AuditEvent | null;
  /** The mail the change owes the owner (sent after the write, then cleared). */
  mail: MailMessage | null;
  /** What happened, kept with the event (`applied`, `unchanged`, ...). */
  outcome: string;
}

export interface BillingStore {
  read(accountId: string): Promise<BillingState | undefined>;
  /** The account a customer was made for, if it is one of ours. */
  accountOfCustomer(customerId: string): Promise<string | undefined>;
  /**
   * Links a new customer to the account unless one is linked already; the customer linked
   * afterwards (the first one wins when two checkouts race).
   */
  linkCustomer(accountId: string, customerId: string, at: string): Promise<string>;
  /** Takes the event for this delivery for `leaseSeconds`, unless it is done or held. */
  claimEvent(eventId: string, token: string, now: Date, leaseSeconds: number): Promise<EventClaim>;
  /** Gives a claim back (the delivery failed): the next delivery may take it at once. */
  releaseEvent(eventId: string, token: string): Promise<void>;
  /** Writes the effect; false (nothing written) when the claim or the record changed meanwhile. */
  applyEvent(effect: EventEffect): Promise<boolean>;
  /** Marks an event done without any change to an account (not ours, or nothing to do). */
  finishEvent(eventId: string, token: string, outcome: string): Promise<boolean>;
  /** The event's mail went out: it is not owed any more. */
  mailSent(eventId: string): Promise<void>;
  /** Whether this delivery still holds the event's claim. */
  holdsEvent(eventId: string, token: string): Promise<boolean>;
  /**
   * The erasure's end of billing: the customer's link (if it still names this account) and the
   * account's billing record deleted. Idempotent: what is gone already stays gone.
   */
  forgetBilling(accountId: string, customerId: string | null): Promise<void>;
}
