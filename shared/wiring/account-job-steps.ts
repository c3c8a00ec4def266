/**
 * The account-job workflow step's dependencies: the routes' (account-jobs.ts) and billing besides,
 * as the erasure cancels the account's subscription through the Stripe adapter (its secret from
 * STRIPE_SECRETS_ARN on AWS). Apart from account-jobs.ts so only the step bundles the payment SDK.
 */
import type { AccountJobStepDeps } from '#shared/domain/accounts/account-jobs';
import { getAccountJobDeps } from '#shared/wiring/account-jobs';
import { getBillingProvider } from '#shared/wiring/billing';
import { getBillingStore } from '#shared/wiring/billing-store';
import { lazy } from '#shared/wiring/lazy';
import { getLogger } from '#shared/wiring/logger';

export const getAccountJobStepDeps = lazy(
  (): AccountJobStepDeps => ({
    ...getAccountJobDeps(),
    billing: { provider: getBillingProvider(), store: getBillingStore(), logger: getLogger() },
  }),
);
