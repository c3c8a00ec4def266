/**
 * The end of an account's billing when the account is erased (docs/data-model.md "Billing",
 * "Export and erasure"): a step of the erasure, run by the `account-job` workflow before its
 * pages. The subscription is canceled at the provider at once (nothing is charged again), then
 * the customer's link and the account's billing record are deleted. Every part is idempotent, so
 * a step repeated after a crash (the cancel done, the deletes not) finishes: a subscription that
 * ended already, or that the provider does not know, counts as canceled. A provider failure
 * (5xx, network) is an UnavailableError, which the workflow retries as any other erasure step.
 */
import { UnavailableError } from '#shared/domain/kernel/errors';
import type { Logger } from '#shared/domain/kernel/logger';
import type { BillingProvider, BillingStore } from './ports.ts';

/** Statuses in which a subscription can never charge again: nothing to cancel. */
const ENDED_STATUSES: ReadonlySet<string> = new Set(['canceled', 'incomplete_expired']);

/**
 * Whether the erasure cancels the subscription the record names: every subscription but one
 * known to have ended (an `unpaid` or `past_due` one may still be charged; a stale `active` one
 * that ended meanwhile is answered `ended` by the provider).
 */
export function mustCancel(
  record: { subscription_id: string | null; status: string | null } | null,
): boolean {
  if (!record?.subscription_id) return false;
  return !ENDED_STATUSES.has(record.status ?? '');
}

export interface ErasureBillingDeps {
  /** Null when billing is not configured on this deployment. */
  provider: BillingProvider | null;
  store: BillingStore;
  logger: Logger;
}

/** What the erasure's billing step did (for the log and the tests). */
export type BillingEnd = 'none' | 'forgotten' | 'canceled' | 'ended';

/** Cancels the account's subscription, then deletes its customer link and billing record. */
export async function endBillingOfErasedAccount(
  accountId: string,
  deps: ErasureBillingDeps,
): Promise<BillingEnd> {
  const state = await deps.store.read(accountId);
  const record = state?.billing ?? null;
  if (!record) return 'none';
  let outcome: BillingEnd = 'forgotten';
  if (mustCancel(record)) {
    if (!deps.provider) {
      // The erasure stays open (retried, then resumed) rather than forget a live subscription.
      throw new UnavailableError(
        'service_unavailable',
        'The account has a subscription to cancel and billing is not configured here.',
      );
    }
    outcome = await deps.provider.cancelSubscription(record.subscription_id as string);
  }
  await deps.store.forgetBilling(accountId, record.customer_id);
  deps.logger.info('billing ended for an erased account', { account_id: accountId, outcome });
  return outcome;
}
