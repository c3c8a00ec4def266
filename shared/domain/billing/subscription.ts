/**
 * What the payment provider's subscription means for the account (docs/api.md "Plans and
 * billing"): the provider's word for a subscription (its status, read from Stripe's reference),
 * the account's billing record that remembers it, and the one rule that turns a subscription into
 * the account's plan. `active` and `trialing` give Pro; `past_due` keeps Pro through the grace
 * period; `canceled`, `unpaid`, `incomplete_expired` and `paused` end it; `incomplete` (the first
 * payment not made yet) changes nothing.
 */
import type { Account } from '#shared/domain/accounts/ports';

export type { BillingRecord } from '#shared/domain/accounts/ports';

// Stripe's subscription statuses (API reference "The Subscription object", `status`):
// incomplete, incomplete_expired, trialing, active, past_due, canceled, unpaid, paused.

/** A subscription as the provider last described it, in the provider's own words. */
export interface ProviderSubscription {
  id: string;
  customer: string;
  /** A status this code does not know is kept as sent and changes nothing. */
  status: string;
  /** End of the period paid for (epoch seconds), null when the provider gave none. */
  current_period_end: number | null;
  cancel_at_period_end: boolean;
  /** The account the subscription was bought for (its metadata), when it says. */
  account_id: string | null;
}

/** What a subscription status does to the plan. */
export type Standing = 'pro' | 'grace' | 'ended' | 'none';

export function standingOf(status: string | null | undefined): Standing {
  switch (status) {
    case 'active':
    case 'trialing':
      return 'pro';
    case 'past_due':
      return 'grace';
    case 'canceled':
    case 'unpaid':
    case 'incomplete_expired':
    case 'paused':
      return 'ended';
    default:
      return 'none';
  }
}

/** A subscription the customer is still paying for (or about to): it gives or keeps Pro. */
export function isLive(status: string | null | undefined): boolean {
  const standing = standingOf(status);
  return standing === 'pro' || standing === 'grace';
}

const DAY_MS = 86_400_000;

/**
 * The account after the subscription (`status`), from the account as it is: Pro while live (with
 * `grace_until` while past due), ended once the subscription ends (only a Pro account: a free
 * account whose first payment never happened stays free), unchanged otherwise.
 */
export function accountAfter(
  current: Account | null,
  status: string,
  pastDueSince: string | null,
  graceDays: number,
): Account | null {
  switch (standingOf(status)) {
    case 'pro':
      return { plan: 'pro', subscription: 'active', grace_until: null };
    case 'grace': {
      const since = Date.parse(pastDueSince ?? '');
      const until = new Date((Number.isNaN(since) ? 0 : since) + graceDays * DAY_MS);
      return { plan: 'pro', subscription: 'active', grace_until: until.toISOString() };
    }
    case 'ended':
      return current?.plan === 'pro'
        ? { plan: 'pro', subscription: 'ended', grace_until: null }
        : current;
    default:
      return current;
  }
}

/** Whether two accounts differ in what the plan rules read (plan, subscription, grace). */
export function planDiffers(before: Account | null, after: Account | null): boolean {
  if (before === null || after === null) return before !== after;
  return (
    before.plan !== after.plan ||
    before.subscription !== after.subscription ||
    (before.grace_until ?? null) !== (after.grace_until ?? null)
  );
}

/** Epoch seconds as the stored ISO string; null for none. */
export function isoOfSeconds(seconds: number | null): string | null {
  return seconds === null ? null : new Date(seconds * 1000).toISOString();
}
