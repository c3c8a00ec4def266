/**
 * The billing area's dependencies with the payment provider (docs/api.md "Plans and billing"):
 * the Stripe adapter built from the configuration (STRIPE_API_BASE's host, port and protocol;
 * on AWS the two secrets read once from STRIPE_SECRETS_ARN, on first use), the billing store, the
 * owner lookup, the mail port. Without a key or a secret the provider is null: billing is not
 * configured, and its routes answer 503.
 */
import type { BillingConfig } from '#shared/adapters/stripe/config';
import { STRIPE_SECRET_NAMES } from '#shared/adapters/stripe/config';
import { createStripeBilling, type StripeSettings } from '#shared/adapters/stripe/stripe-billing';
import type { BillingDeps } from '#shared/domain/billing/checkout';
import type { BillingEventDeps } from '#shared/domain/billing/events';
import type { BillingProvider } from '#shared/domain/billing/ports';
import { UnavailableError } from '#shared/domain/kernel/errors';
import type { BillingFormDeps } from '#shared/surfaces/dashboard/billing';
import { getBillingPageDeps, getBillingStore, getOwnerLookup } from '#shared/wiring/billing-store';
import { lazy } from '#shared/wiring/lazy';
import { getLogger } from '#shared/wiring/logger';
import { getMailPort } from '#shared/wiring/mail';
import { getClock } from '#shared/wiring/platform';
import { readSecretFields } from '#shared/wiring/secret-fields';

/** The adapter's settings: the variables, with the secret's values on AWS. */
async function stripeSettings(billing: BillingConfig): Promise<StripeSettings> {
  const secrets = billing.secretsArn
    ? await readSecretFields(billing.secretsArn, STRIPE_SECRET_NAMES)
    : {};
  const secretKey = secrets.STRIPE_SECRET_KEY ?? billing.secretKey;
  const webhookSecret = secrets.STRIPE_WEBHOOK_SECRET ?? billing.webhookSecret;
  const missing = [
    secretKey ? null : 'STRIPE_SECRET_KEY',
    webhookSecret ? null : 'STRIPE_WEBHOOK_SECRET',
    billing.pricePro ? null : 'STRIPE_PRICE_PRO',
  ].filter((name) => name !== null);
  if (!secretKey || !webhookSecret || !billing.pricePro) {
    throw new UnavailableError(
      'service_unavailable',
      `Billing is not fully configured on this deployment (${missing.join(', ')} missing).`,
    );
  }
  return { secretKey, webhookSecret, pricePro: billing.pricePro, apiBase: billing.apiBase };
}

/**
 * The provider, its settings read on first use (a failed read is not kept: the next call reads
 * again, as a secret store may recover).
 */
export const getBillingProvider = lazy(({ config }): BillingProvider | null => {
  const { billing } = config;
  if (!billing.secretKey && !billing.secretsArn) return null;
  let built: Promise<BillingProvider> | undefined;
  const provider = () => {
    built ??= stripeSettings(billing)
      .then(createStripeBilling)
      .catch((error: unknown) => {
        built = undefined;
        throw error;
      });
    return built;
  };
  return {
    createCustomer: async (input) => (await provider()).createCustomer(input),
    createCheckoutSession: async (input) => (await provider()).createCheckoutSession(input),
    createPortalSession: async (input) => (await provider()).createPortalSession(input),
    retrieveSubscription: async (id) => (await provider()).retrieveSubscription(id),
    cancelSubscription: async (id) => (await provider()).cancelSubscription(id),
    verifyEvent: async (payload, signature, at) =>
      (await provider()).verifyEvent(payload, signature, at),
  };
});

export const getBillingEventDeps = lazy(
  ({ config }): BillingEventDeps => ({
    provider: getBillingProvider(),
    store: getBillingStore(),
    owners: getOwnerLookup(),
    // The mail port is built on the first mail, not when the route starts.
    mail: { send: async (message) => getMailPort().send(message) },
    graceDays: config.billing.graceDays,
    clock: getClock(),
    logger: getLogger(),
  }),
);

/** What the checkout and portal forms need. */
export const getBillingDeps = lazy(
  (): BillingDeps => ({
    provider: getBillingProvider(),
    store: getBillingStore(),
    clock: getClock(),
  }),
);

/** The billing forms' dependencies: the page's, with the provider. */
export const getBillingFormDeps = lazy(
  (): BillingFormDeps => ({ ...getBillingPageDeps(), ...getBillingDeps() }),
);
