/**
 * The billing part of the IAM recording walk (test/support/iam/tour.ts, issue 40): a new owner
 * buys Pro through the dashboard's Checkout form and the bundled Stripe simulator's test card, so
 * the simulator's signed events reach the Stripe webhook function, then opens the billing portal.
 * The store is read from outside any function, so only the functions' own calls are recorded.
 */
import { expect } from 'vitest';
import { postBillingForm, signedInOwner, storeOf, waitFor } from '#test/support/billing';
import type { TestStack } from '#test/support/stack';

export async function walkBilling(stack: TestStack): Promise<void> {
  const owner = await signedInOwner(stack, 'iam-billing');
  const store = storeOf(stack);
  try {
    const checkout = await postBillingForm(owner, 'checkout');
    expect(checkout.status, checkout.text).toBe(303);
    const paid = await fetch(`${checkout.location}/pay`, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    await waitFor(
      async () => (await store.billing.read(owner.accountId))?.account?.plan,
      (plan) => plan === 'pro',
    );
    expect((await postBillingForm(owner, 'portal')).status).toBe(303);
  } finally {
    store.close();
  }
}
