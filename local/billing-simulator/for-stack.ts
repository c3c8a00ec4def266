/**
 * Billing on the local stack (`npm start`, the integration tests): with STRIPE_SECRET_KEY (or a
 * secret's ARN) set, the service talks to that Stripe; without, the bundled simulator starts on
 * loopback with a key, an endpoint secret and a Pro price made for this run, and the service's
 * STRIPE_* settings point at it, so the whole flow works on a fresh machine.
 */
import { randomBytes } from 'node:crypto';
import type { Environment } from '#shared/wiring/config';
import { type BillingSimulatorHandle, startBillingSimulator } from './server.ts';

/** The Pro price the simulator sells (49.00 EUR a month). */
export const SIMULATED_PRO_PRICE = {
  id: 'price_simulated_pro',
  product: 'prod_simulated_pro',
  unit_amount: 4900,
  currency: 'eur',
} as const;

/** The service's webhook route, on the stack's own URL. */
export const WEBHOOK_PATH = '/api/v1/billing/stripe-webhook';

export async function startStackBilling(
  variables: Environment,
  serviceUrl: () => string | undefined,
): Promise<{
  mode: 'stripe' | 'simulated';
  simulator: BillingSimulatorHandle | undefined;
  pointed: Record<string, string>;
}> {
  if (variables.STRIPE_SECRET_KEY?.trim() || variables.STRIPE_SECRETS_ARN?.trim()) {
    return { mode: 'stripe', simulator: undefined, pointed: {} };
  }
  const secretKey = `sk_test_simulated_${randomBytes(12).toString('hex')}`;
  const webhookSecret = `whsec_simulated_${randomBytes(18).toString('hex')}`;
  const simulator = await startBillingSimulator({
    secretKey,
    webhookSecret,
    price: SIMULATED_PRO_PRICE,
    webhookUrl: () => {
      const base = serviceUrl();
      return base ? `${base}${WEBHOOK_PATH}` : undefined;
    },
  });
  return {
    mode: 'simulated',
    simulator,
    pointed: {
      STRIPE_SECRET_KEY: secretKey,
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_PRICE_PRO: SIMULATED_PRO_PRICE.id,
      STRIPE_API_BASE: simulator.url,
    },
  };
}
