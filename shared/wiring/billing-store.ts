/**
 * The billing store and what reads it without the payment provider: the billing page, the
 * account view and the plan mails' owner lookup. Apart from the provider's wiring (billing.ts),
 * so a function that only reads billing records bundles no payment SDK.
 */
import { createBillingRepository } from '#shared/adapters/dynamodb/billing-repository';
import { createUsersRepository } from '#shared/adapters/dynamodb/users-repository';
import { paymentPageOrigins } from '#shared/adapters/stripe/config';
import { ownerEmailOf } from '#shared/domain/billing/owner';
import type { BillingPageDeps } from '#shared/surfaces/dashboard/billing';
import { lazy } from '#shared/wiring/lazy';
import { getClock, getConfig, getStore } from '#shared/wiring/platform';
import { getTeamStore } from '#shared/wiring/team';

export const getBillingStore = lazy(() => {
  const { doc, tableName } = getStore();
  return createBillingRepository(doc, tableName);
});

/** The address of an account's owner now (plan mails go there). */
export const getOwnerLookup = lazy(() => {
  const { doc, tableName } = getStore();
  const users = createUsersRepository(doc, tableName);
  return {
    ownerEmail: (accountId: string) => ownerEmailOf(accountId, { team: getTeamStore(), users }),
  };
});

/**
 * Whether this deployment takes payments: the Pro price, and a Stripe key locally (or the
 * simulator's) or the secret holding it on AWS. The billing page shows its forms only then.
 */
export function billingConfigured(): boolean {
  const { billing } = getConfig();
  return Boolean(billing.pricePro && (billing.secretKey || billing.secretsArn));
}

/** The billing page's dependencies (no payment SDK: the page only reads). */
export const getBillingPageDeps = lazy(
  ({ config }): BillingPageDeps => ({
    store: getBillingStore(),
    owners: getOwnerLookup(),
    limits: config.batch.limits,
    configured: billingConfigured(),
    paymentOrigins: paymentPageOrigins(config.billing),
    clock: getClock(),
  }),
);
