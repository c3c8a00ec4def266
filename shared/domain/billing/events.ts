/**
 * The payment provider's events (`POST /api/v1/billing/stripe-webhook`, docs/api.md "Plans and
 * billing"): verified, each event id taking effect once, the account following the newest state of
 * its subscription whatever order the events arrive in.
 *
 * - **Once.** A delivery claims the event (a conditional write with a lease); its effect (the
 *   account, its billing record, the audit event, the mail owed) is written in one transaction
 *   that also marks the event done, only while the claim is still this delivery's. A replay of a
 *   done event answers 2xx and changes nothing (it only sends a mail still owed). A delivery that
 *   dies between its claim and its effect leaves a claim whose lease runs out: the provider's
 *   retry takes it over. A delivery that fails gives its claim back at once.
 * - **Erasure.** An account whose erasure was requested takes no event (acknowledged, nothing
 *   changed; the effect's transaction is conditional on it too): the erasure cancels its
 *   subscription, and Stripe's `customer.subscription.deleted` that follows changes nothing.
 * - **Order.** A subscription event newer than the record applies its own object; an older one
 *   (or one at the same second), a Checkout or an invoice event, reads the subscription from the
 *   provider, which holds its latest state.
 */
import { randomUUID } from 'node:crypto';
import type { MailPort } from '#shared/domain/accounts/mail-port';
import type { Anonymous } from '#shared/domain/accounts/principal';
import { PAYMENT_PROVIDER_ACTOR } from '#shared/domain/audit/events';
import { type Clock, nowIso } from '#shared/domain/kernel/clock';
import { ConflictError, UnavailableError } from '#shared/domain/kernel/errors';
import type { Logger } from '#shared/domain/kernel/logger';
import type { OperationInput, RawBody } from '#shared/domain/kernel/operation';
import { planChangeEvent, planChangeMail } from './plan-change.ts';
import {
  type BillingProvider,
  type BillingState,
  type BillingStore,
  type EventEffect,
  HANDLED_EVENT_TYPES,
  type ProviderEvent,
} from './ports.ts';
import {
  accountAfter,
  type BillingRecord,
  isLive,
  isoOfSeconds,
  type ProviderSubscription,
  planDiffers,
} from './subscription.ts';

/** Longer than any delivery runs (the function's timeout): a live claim is never taken over. */
export const EVENT_LEASE_SECONDS = 60;
const APPLY_ATTEMPTS = 5;

export interface BillingEventDeps {
  /** Null when billing is not configured (no STRIPE_SECRET_KEY on AWS). */
  provider: BillingProvider | null;
  store: BillingStore;
  /** The address of the account's owner now (plan mails go to the owner). */
  owners: { ownerEmail(accountId: string): Promise<string | undefined> };
  mail: MailPort;
  /** BILLING_GRACE_DAYS: how long `past_due` keeps Pro. */
  graceDays: number;
  clock: Clock;
  logger: Logger;
  newToken?: () => string;
}

/** What the webhook answers (2xx): the event and what it did. */
export interface EventReceipt {
  received: true;
  event_id: string;
  type: string;
  outcome: 'applied' | 'unchanged' | 'replayed' | 'ignored';
}

export function requireProvider(provider: BillingProvider | null): BillingProvider {
  if (!provider) {
    throw new UnavailableError(
      'service_unavailable',
      'Billing is not configured on this deployment (STRIPE_SECRET_KEY is not set).',
    );
  }
  return provider;
}

function receipt(event: ProviderEvent, outcome: EventReceipt['outcome']): EventReceipt {
  return { received: true, event_id: event.id, type: event.type, outcome };
}

const isHandled = (type: string) => (HANDLED_EVENT_TYPES as readonly string[]).includes(type);

export async function receiveProviderEvent(
  input: OperationInput<undefined, undefined, RawBody, Anonymous>,
  deps: BillingEventDeps,
): Promise<EventReceipt> {
  const provider = requireProvider(deps.provider);
  const now = deps.clock.now();
  const signature = input.body.headers?.['stripe-signature'];
  const event = await provider.verifyEvent(input.body.bytes, signature, now);
  if (!isHandled(event.type)) return receipt(event, 'ignored');
  const token = deps.newToken?.() ?? randomUUID();
  const claim = await deps.store.claimEvent(event.id, token, now, EVENT_LEASE_SECONDS);
  if (claim.state === 'done') {
    await sendOwed(event.id, claim.mail, deps);
    return receipt(event, 'replayed');
  }
  if (claim.state === 'busy') throw inProgress(event.id);
  try {
    const outcome = await takeEffect(event, token, input.request.links.billingPage(), {
      ...deps,
      provider,
    });
    return receipt(event, outcome);
  } catch (error) {
    // Only a claim still held (not done) is given back; a done event stays done.
    await deps.store
      .releaseEvent(event.id, token)
      .catch((release: unknown) =>
        deps.logger.warn('billing event claim not released', { error: release as Error }),
      );
    throw error;
  }
}

function inProgress(eventId: string): ConflictError {
  return new ConflictError(
    'event_in_progress',
    `Event ${eventId} is being handled by another delivery; it is retried later.`,
  );
}

/** A mail the event owes the owner: sent, then no longer owed (a retry sends it again). */
async function sendOwed(
  eventId: string,
  mail: EventEffect['mail'],
  deps: BillingEventDeps,
): Promise<void> {
  if (!mail) return;
  await deps.mail.send(mail);
  await deps.store.mailSent(eventId);
}

interface Target {
  accountId: string;
  subscriptionId: string;
  customerId: string | null;
}

type Deps = BillingEventDeps & { provider: BillingProvider };

/** The account and subscription an event is about; null when it is none of ours. */
async function targetOf(event: ProviderEvent, deps: Deps): Promise<Target | null> {
  const subject = event.subject;
  const byCustomer = async (customer: string | null) =>
    customer ? await deps.store.accountOfCustomer(customer) : undefined;
  switch (subject.kind) {
    case 'checkout': {
      const accountId = (await byCustomer(subject.customer)) ?? subject.accountId;
      return accountId && subject.subscription
        ? { accountId, subscriptionId: subject.subscription, customerId: subject.customer }
        : null;
    }
    case 'subscription': {
      const { subscription } = subject;
      const accountId = (await byCustomer(subscription.customer)) ?? subscription.account_id;
      return accountId
        ? { accountId, subscriptionId: subscription.id, customerId: subscription.customer }
        : null;
    }
    case 'invoice': {
      const accountId = await byCustomer(subject.customer);
      return accountId && subject.subscription
        ? { accountId, subscriptionId: subject.subscription, customerId: subject.customer }
        : null;
    }
    default:
      return null;
  }
}

async function takeEffect(
  event: ProviderEvent,
  token: string,
  billingPage: string,
  deps: Deps,
): Promise<EventReceipt['outcome']> {
  const target = await targetOf(event, deps);
  for (let attempt = 1; attempt <= APPLY_ATTEMPTS; attempt += 1) {
    const state = target ? await deps.store.read(target.accountId) : undefined;
    // An account being erased (or erased) takes no event: its billing ends with the erasure.
    const effect =
      target && state && !state.erasing
        ? await effectOf(event, target, state, { token, billingPage }, deps)
        : null;
    if (!effect) {
      deps.logger.info('billing event not for a live account of this service', {
        event_id: event.id,
        type: event.type,
      });
      if (await deps.store.finishEvent(event.id, token, 'ignored')) return 'ignored';
    } else if (await deps.store.applyEvent(effect)) {
      await sendOwed(event.id, effect.mail, deps);
      return effect.outcome as EventReceipt['outcome'];
    }
    // Not written: another delivery took the event over, or the account changed meanwhile.
    if (!(await deps.store.holdsEvent(event.id, token))) throw inProgress(event.id);
  }
  throw new UnavailableError(
    'service_unavailable',
    'The account changed too often while this event was applied; it is retried later.',
  );
}

/**
 * The subscription state the event stands for: its own object when it is newer than what the
 * record holds, else the provider's current one.
 */
async function subscriptionFor(
  event: ProviderEvent,
  target: Target,
  record: BillingRecord | null,
  deps: Deps,
): Promise<{ subscription: ProviderSubscription; eventAt: number }> {
  const same = record?.subscription_id === target.subscriptionId;
  const storedAt = same ? (record?.event_at ?? 0) : 0;
  if (event.subject.kind === 'subscription' && event.created > storedAt) {
    return { subscription: event.subject.subscription, eventAt: event.created };
  }
  const subscription = await deps.provider.retrieveSubscription(target.subscriptionId);
  return { subscription, eventAt: Math.max(event.created, storedAt) };
}

async function effectOf(
  event: ProviderEvent,
  target: Target,
  state: BillingState,
  claim: { token: string; billingPage: string },
  deps: Deps,
): Promise<EventEffect | null> {
  const record = state.billing;
  const { subscription, eventAt } = await subscriptionFor(event, target, record, deps);
  const same = record?.subscription_id === subscription.id;
  // A late event of an earlier subscription never ends the one the account pays for now.
  if (!same && record?.subscription_id && isLive(record.status) && !isLive(subscription.status)) {
    return null;
  }
  const pastDueSince =
    subscription.status !== 'past_due'
      ? null
      : same && record?.status === 'past_due' && record.past_due_since
        ? record.past_due_since
        : (isoOfSeconds(eventAt) as string);
  const after = accountAfter(state.account, subscription.status, pastDueSince, deps.graceDays);
  const billing: BillingRecord = {
    customer_id: record?.customer_id ?? target.customerId ?? subscription.customer,
    subscription_id: subscription.id,
    status: subscription.status,
    current_period_end: isoOfSeconds(subscription.current_period_end),
    cancel_at_period_end: subscription.cancel_at_period_end,
    past_due_since: pastDueSince,
    event_at: eventAt,
    revision: (record?.revision ?? 0) + 1,
    updated_at: nowIso(deps.clock),
  };
  const changed = planDiffers(state.account, after);
  const change = {
    accountId: state.accountId,
    before: state.account,
    after,
    actor: PAYMENT_PROVIDER_ACTOR,
    details: {
      event_id: event.id,
      event_type: event.type,
      subscription_id: subscription.id,
      status: subscription.status,
    },
  };
  const owner = changed ? await deps.owners.ownerEmail(state.accountId) : undefined;
  return {
    eventId: event.id,
    token: claim.token,
    accountId: state.accountId,
    expectedRevision: record?.revision ?? 0,
    account: after,
    billing,
    audit: changed ? planChangeEvent(change, deps.clock) : null,
    mail: owner ? planChangeMail(owner, change, claim.billingPage, 'Stripe') : null,
    outcome: changed ? 'applied' : 'unchanged',
  };
}
