/**
 * The billing settings (docs/api.md "Plans and billing", docs/deploy.md "Billing"), read once by
 * config.ts: STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_PRO (the Pro price id),
 * STRIPE_API_BASE (Stripe's own API by default: the SDK's host, port and protocol are taken
 * from it, so tests and the local stack point it at a loopback server) and BILLING_GRACE_DAYS
 * (how long `past_due` keeps Pro, 7 by default). On AWS the two secrets come from the Secrets
 * Manager secret STRIPE_SECRETS_ARN names (wiring/billing.ts reads it on first use).
 */
import { z } from 'zod';

export const DEFAULT_STRIPE_API_BASE = 'https://api.stripe.com';
export const DEFAULT_GRACE_DAYS = 7;

/** The names of the two secret settings, in the environment and in the AWS secret alike. */
export const STRIPE_SECRET_NAMES = ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] as const;

export interface BillingConfig {
  secretKey: string | undefined;
  webhookSecret: string | undefined;
  pricePro: string | undefined;
  /** The API's origin (`https://api.stripe.com`); its host, port and protocol go to the SDK. */
  apiBase: URL;
  graceDays: number;
  /** On AWS: the secret holding STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET. */
  secretsArn: string | undefined;
}

const optionalText = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  z.string().trim().optional(),
);

const BillingSchema = z.object({
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  STRIPE_PRICE_PRO: optionalText,
  STRIPE_API_BASE: optionalText.pipe(
    z
      .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://api.stripe.com' })
      .optional(),
  ),
  BILLING_GRACE_DAYS: optionalText.pipe(
    z
      .string()
      .regex(/^\d{1,2}$/, 'must be a whole number of days from 0 to 60')
      .transform(Number)
      .refine((days) => days <= 60, 'must be a whole number of days from 0 to 60')
      .optional(),
  ),
  STRIPE_SECRETS_ARN: optionalText,
});

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** A loopback origin (what OFFLINE_DNS allows Stripe's API to be). */
export function isLoopbackUrl(url: URL): boolean {
  return LOOPBACK_HOSTS.has(url.hostname) || /^127\.\d+\.\d+\.\d+$/.test(url.hostname);
}

/** Reads and checks the billing variables; throws naming each bad one. */
export function loadBillingConfig(
  env: Readonly<Record<string, string | undefined>>,
): BillingConfig {
  const parsed = BillingSchema.safeParse(env);
  if (!parsed.success) {
    throw new Error(
      parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '),
    );
  }
  const values = parsed.data;
  return {
    secretKey: values.STRIPE_SECRET_KEY,
    webhookSecret: values.STRIPE_WEBHOOK_SECRET,
    pricePro: values.STRIPE_PRICE_PRO,
    apiBase: new URL(values.STRIPE_API_BASE ?? DEFAULT_STRIPE_API_BASE),
    graceDays: values.BILLING_GRACE_DAYS ?? DEFAULT_GRACE_DAYS,
    secretsArn: values.STRIPE_SECRETS_ARN,
  };
}

/**
 * Where Stripe sends a person after the billing forms: Checkout and the customer portal live on
 * Stripe's own hosts; any other API base (the simulator, a test server) serves both pages itself.
 */
export function paymentPageOrigins(billing: BillingConfig): string[] {
  return billing.apiBase.origin === DEFAULT_STRIPE_API_BASE
    ? ['https://checkout.stripe.com', 'https://billing.stripe.com']
    : [billing.apiBase.origin];
}
