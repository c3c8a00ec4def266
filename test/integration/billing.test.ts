import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BillingSimulatorHandle } from '#local/billing-simulator/server';
import { getOutbox } from '#shared/wiring/mail';
import {
  eventAbout,
  type Owner,
  postBillingForm,
  sendEvent,
  signedInOwner,
  simulatorOf,
  storeOf,
  waitFor,
} from '#test/support/billing';
import { callJson, startTestStack, type TestStack } from '#test/support/stack';

/**
 * Plans bought and managed through Stripe (issue 40), through the local front against the bundled
 * Stripe simulator: Checkout with its parameters, every event type, signatures refused, replays,
 * events out of order, the grace period, the end of a subscription, the portal.
 */
let stack: TestStack;
let simulator: BillingSimulatorHandle;
let store: ReturnType<typeof storeOf>;

beforeAll(async () => {
  stack = await startTestStack();
  simulator = simulatorOf(stack);
  store = storeOf(stack);
});
afterAll(async () => {
  store?.close();
  await stack?.close();
});

const accountOf = async (owner: Owner) => (await store.billing.read(owner.accountId))?.account;

/** Checkout, then "Pay with a test card" on the simulator's page: the session's id. */
async function buyPro(owner: Owner): Promise<string> {
  const checkout = await postBillingForm(owner, 'checkout');
  expect(checkout.status).toBe(303);
  const paid = await fetch(`${checkout.location}/pay`, { method: 'POST', redirect: 'manual' });
  expect(paid.status).toBe(303);
  await waitFor(
    () => accountOf(owner),
    (account) => account?.plan === 'pro',
  );
  return String(checkout.location?.split('/').at(-1));
}

function subscriptionOf(owner: Owner) {
  const customer = [...simulator.world.customers.values()].find(
    (entry) => (entry.metadata as Record<string, string>).account_id === owner.accountId,
  );
  const subscription = customer ? simulator.world.subscriptionsOf(customer.id)[0] : undefined;
  if (!subscription) throw new Error(`no subscription for ${owner.email}`);
  return subscription;
}

describe('Checkout', () => {
  it('opens a Checkout Session with its parameters and answers 303 to its url', async () => {
    const owner = await signedInOwner(stack, 'checkout');
    const before = simulator.requests.length;
    const answer = await postBillingForm(owner, 'checkout');
    expect(answer.status).toBe(303);
    expect(answer.location).toMatch(new RegExp(`^${simulator.url}/c/pay/cs_test_`));
    const calls = simulator.requests.slice(before);
    const customer = calls.find((call) => call.path === '/v1/customers');
    expect(customer?.params).toMatchObject({
      email: owner.email,
      'metadata[account_id]': owner.accountId,
    });
    const session = calls.find((call) => call.path === '/v1/checkout/sessions');
    const customerId = (await store.billing.read(owner.accountId))?.billing?.customer_id;
    expect(customerId).toMatch(/^cus_/);
    expect(session?.params).toMatchObject({
      mode: 'subscription',
      'line_items[0][price]': String(stack.variables.STRIPE_PRICE_PRO),
      'line_items[0][quantity]': '1',
      client_reference_id: owner.accountId,
      customer: customerId,
      success_url: `${stack.baseUrl}/dashboard/billing?notice=checkout_complete`,
      cancel_url: `${stack.baseUrl}/dashboard/billing?notice=checkout_canceled`,
    });
    // A second checkout reuses the account's customer.
    const again = simulator.requests.length;
    expect((await postBillingForm(owner, 'checkout')).status).toBe(303);
    expect(simulator.requests.slice(again).map((call) => call.path)).toEqual([
      '/v1/checkout/sessions',
    ]);
  });

  it('makes the account Pro once the test card pays: audited, mailed, manual runs open', async () => {
    const owner = await signedInOwner(stack, 'buyer');
    await buyPro(owner);
    const account = await accountOf(owner);
    expect(account).toMatchObject({ plan: 'pro', subscription: 'active', grace_until: null });
    const changes = await store.planEvents(owner.accountId);
    expect(changes).toHaveLength(1);
    expect(changes[0]?.actor).toEqual({ type: 'payment_provider', id: 'stripe' });
    expect(changes[0]?.details).toMatchObject({
      from: { plan: 'free', subscription: 'active' },
      to: { plan: 'pro', subscription: 'active' },
    });
    const mails = getOutbox()
      .messages()
      .filter((mail) => mail.to === owner.email && mail.subject.includes('Pro plan'));
    expect(mails.map((mail) => mail.subject)).toEqual(['Your account is on the Pro plan']);
    expect(mails[0]?.text).toContain(`${stack.baseUrl}/dashboard/billing`);
    // Every event of the flow was taken with a 2xx.
    expect(simulator.deliveries.filter((entry) => entry.status !== 200)).toEqual([]);
    const page = await owner.browser.get('/dashboard/billing');
    expect(page.text).toContain('Manage billing');
    expect(page.text).not.toContain('Upgrade to Pro</button>');
  });

  it('sends an owner who pays already to Manage billing instead (409, no session)', async () => {
    const owner = await signedInOwner(stack, 'twice');
    await buyPro(owner);
    const before = simulator.requests.length;
    const again = await postBillingForm(owner, 'checkout');
    expect(again.status).toBe(409);
    expect(again.text).toContain('Manage billing');
    expect(simulator.requests.slice(before)).toEqual([]);
  });

  it('opens the customer portal for the account (303 to its url)', async () => {
    const owner = await signedInOwner(stack, 'portal');
    const none = await postBillingForm(owner, 'portal');
    expect(none.status).toBe(404);
    await buyPro(owner);
    const before = simulator.requests.length;
    const answer = await postBillingForm(owner, 'portal');
    expect(answer.status).toBe(303);
    expect(answer.location).toMatch(new RegExp(`^${simulator.url}/p/session/bps_`));
    const call = simulator.requests.slice(before).find((entry) => entry.path.includes('portal'));
    expect(call?.params).toEqual({
      customer: (await store.billing.read(owner.accountId))?.billing?.customer_id,
      return_url: `${stack.baseUrl}/dashboard/billing?notice=billing_returned`,
    });
  });
});

describe('the webhook', () => {
  it('refuses a bad, a stale, a future and a missing signature with 400, changing nothing', async () => {
    const owner = await signedInOwner(stack, 'signatures');
    await postBillingForm(owner, 'checkout');
    const customer = String((await store.billing.read(owner.accountId))?.billing?.customer_id);
    const subscription = {
      id: 'sub_forged',
      object: 'subscription',
      customer,
      status: 'active',
      cancel_at_period_end: false,
      metadata: {},
      items: { object: 'list', data: [] },
    };
    const event = eventAbout('customer.subscription.updated', subscription);
    const now = Math.floor(Date.now() / 1000);
    const refused = [
      await sendEvent(stack, event, { secret: 'whsec_not_the_endpoint_secret' }),
      await sendEvent(stack, event, { timestamp: now - 301 }),
      await sendEvent(stack, event, { timestamp: now + 400 }),
      await sendEvent(stack, event, { header: null }),
    ];
    for (const answer of refused) {
      expect(answer.status).toBe(400);
      expect((answer.body.error as { code: string }).code).toBe('invalid_signature');
    }
    expect(await accountOf(owner)).toMatchObject({ plan: 'free' });
    // Nothing was claimed: the same event, signed properly, still takes effect.
    expect((await sendEvent(stack, event)).body.outcome).toBe('applied');
    expect(await accountOf(owner)).toMatchObject({ plan: 'pro' });
  });

  it('takes each event once: a replay answers 2xx and changes nothing', async () => {
    const owner = await signedInOwner(stack, 'replay');
    await buyPro(owner);
    const subscription = subscriptionOf(owner);
    const [failed, pastDue] = simulator.world.failRenewal(subscription);
    if (!failed || !pastDue) throw new Error('no events');
    expect((await sendEvent(stack, failed)).body.outcome).toBe('applied');
    const mailsBefore = getOutbox().messages().length;
    const eventsBefore = (await store.planEvents(owner.accountId)).length;
    for (const event of [failed, failed, pastDue, pastDue]) {
      const answer = await sendEvent(stack, event);
      expect(answer.status).toBe(200);
    }
    expect((await sendEvent(stack, failed)).body.outcome).toBe('replayed');
    expect((await store.planEvents(owner.accountId)).length).toBe(eventsBefore);
    expect(getOutbox().messages().length).toBe(mailsBefore);
  });
});
