import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '#local/admin/main';
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

/** The events of a fresh Checkout, made but not sent: the test sends them its own way. */
async function checkoutEvents(owner: Owner) {
  const checkout = await postBillingForm(owner, 'checkout');
  const session = simulator.world.sessions.get(String(checkout.location?.split('/').at(-1)));
  if (!session) throw new Error('no session');
  const [created, paid, updated, completed] = simulator.world.completeCheckout(session);
  if (!created || !paid || !updated || !completed) throw new Error('no events');
  const subscription = simulator.world.subscriptions.get(String(session.subscription));
  if (!subscription) throw new Error('no subscription');
  return { created, paid, updated, completed, subscription };
}

describe('events in any order', () => {
  it('acts on each of the six event types, and acknowledges others', async () => {
    const owner = await signedInOwner(stack, 'types');
    const flow = await checkoutEvents(owner);
    const plan = async () => {
      const account = await accountOf(owner);
      return `${account?.plan}/${account?.subscription}${account?.grace_until ? '/grace' : ''}`;
    };
    const steps: [string, string, string][] = [];
    const send = async (event: Parameters<typeof sendEvent>[1]) => {
      const answer = await sendEvent(stack, event);
      expect(answer.status).toBe(200);
      steps.push([event.type, String(answer.body.outcome), await plan()]);
    };
    await send(flow.created);
    await send(flow.paid);
    await send(flow.updated);
    await send(flow.completed);
    for (const event of simulator.world.failRenewal(flow.subscription)) await send(event);
    for (const event of simulator.world.payOverdue(flow.subscription)) await send(event);
    for (const event of simulator.world.cancel(flow.subscription, false)) await send(event);
    await send(eventAbout('customer.created', { id: 'cus_other', object: 'customer' }));
    expect(steps).toEqual([
      // The subscription as created: incomplete (the first payment not made yet) changes nothing.
      ['customer.subscription.created', 'unchanged', 'free/active'],
      // An invoice carries no subscription: it is read from Stripe, active by now.
      ['invoice.paid', 'applied', 'pro/active'],
      ['customer.subscription.updated', 'unchanged', 'pro/active'],
      ['checkout.session.completed', 'unchanged', 'pro/active'],
      ['invoice.payment_failed', 'applied', 'pro/active/grace'],
      ['customer.subscription.updated', 'unchanged', 'pro/active/grace'],
      ['invoice.paid', 'applied', 'pro/active'],
      ['customer.subscription.updated', 'unchanged', 'pro/active'],
      ['customer.subscription.deleted', 'applied', 'pro/ended'],
      ['customer.created', 'ignored', 'pro/ended'],
    ]);
  });

  it('follows the newest state when `updated` arrives before `created`', async () => {
    const owner = await signedInOwner(stack, 'order');
    const flow = await checkoutEvents(owner);
    // `created` as Stripe made it a minute earlier, when the subscription was still incomplete.
    const created = eventAbout(
      'customer.subscription.created',
      { ...flow.subscription, status: 'incomplete' },
      60,
    );
    expect((await sendEvent(stack, flow.updated)).body.outcome).toBe('applied');
    const reads = simulator.requests.length;
    expect((await sendEvent(stack, created)).body.outcome).toBe('unchanged');
    expect(await accountOf(owner)).toMatchObject({ plan: 'pro', subscription: 'active' });
    // The older event made the service read the subscription from Stripe.
    expect(simulator.requests.slice(reads).map((call) => `${call.method} ${call.path}`)).toEqual([
      `GET /v1/subscriptions/${flow.subscription.id}`,
    ]);
    // An event late by a day changes nothing either.
    const stale = eventAbout(
      'customer.subscription.deleted',
      { ...flow.subscription, status: 'canceled' },
      86_400,
    );
    expect((await sendEvent(stack, stale)).body.outcome).toBe('unchanged');
    expect(await accountOf(owner)).toMatchObject({ plan: 'pro', subscription: 'active' });
  });

  it('takes over an event whose delivery died between its claim and its change, once', async () => {
    const owner = await signedInOwner(stack, 'died');
    const flow = await checkoutEvents(owner);
    // A delivery claimed `updated` two minutes ago and died before writing anything.
    const twoMinutesAgo = new Date(Date.now() - 120_000);
    expect(await store.billing.claimEvent(flow.updated.id, 'dead', twoMinutesAgo, 60)).toEqual({
      state: 'claimed',
    });
    expect((await sendEvent(stack, flow.updated)).body.outcome).toBe('applied');
    expect((await sendEvent(stack, flow.updated)).body.outcome).toBe('replayed');
    expect(await store.planEvents(owner.accountId)).toHaveLength(1);
    // A delivery that holds its claim now: the retry waits (409), nothing changes meanwhile.
    const [failed] = simulator.world.failRenewal(flow.subscription);
    if (!failed) throw new Error('no event');
    expect(await store.billing.claimEvent(failed.id, 'alive', new Date(), 60)).toEqual({
      state: 'claimed',
    });
    const busy = await sendEvent(stack, failed);
    expect(busy.status).toBe(409);
    expect((busy.body.error as { code: string }).code).toBe('event_in_progress');
    expect((await accountOf(owner))?.grace_until ?? null).toBeNull();
    await store.billing.releaseEvent(failed.id, 'alive');
    expect((await sendEvent(stack, failed)).body.outcome).toBe('applied');
    expect(await store.planEvents(owner.accountId)).toHaveLength(2);
  });
});

/** A key of the owner's account for the case routes. */
const keyOf = (owner: Owner) =>
  stack.createKey(['monitor:read', 'monitor:write', 'account:manage'], { email: owner.email });

/**
 * A case that is archived: starting a run on it asks for the plan first (402 `plan_required`),
 * then refuses the archived case (409): a probe of the plan rule that starts no run.
 */
async function archivedCase(key: string): Promise<string> {
  const created = await callJson(stack.baseUrl, '/api/v1/cases', {
    method: 'POST',
    key,
    body: { name: 'Probe', domain: 'probe.example', category: 'tools', status: 'archived' },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return String((created.body.case as { id: string }).id);
}

async function runAnswer(key: string, caseId: string): Promise<string> {
  const answer = await callJson(stack.baseUrl, `/api/v1/cases/${caseId}/runs`, {
    method: 'POST',
    key,
    body: {},
  });
  return answer.body.error?.code ?? String(answer.status);
}

const mailsTo = (email: string) =>
  getOutbox()
    .messages()
    .filter((mail) => mail.to === email)
    .map((mail) => mail.subject);

describe('a failed renewal and the end of a subscription', () => {
  it('keeps Pro through the grace period, with a banner and a mail, until paid', async () => {
    const owner = await signedInOwner(stack, 'grace');
    await buyPro(owner);
    const key = await keyOf(owner);
    const probe = await archivedCase(key);
    await simulator.send(simulator.world.failRenewal(subscriptionOf(owner)));
    const account = await waitFor(
      () => accountOf(owner),
      (found) => Boolean(found?.grace_until),
    );
    const graceDays = (Date.parse(String(account?.grace_until)) - Date.now()) / 86_400_000;
    expect(graceDays).toBeGreaterThan(6.99);
    expect(graceDays).toBeLessThanOrEqual(7);
    expect(await runAnswer(key, probe)).toBe('case_archived');
    const view = await callJson(stack.baseUrl, '/api/v1/account', { key });
    expect(view.body.account).toMatchObject({
      plan: 'pro',
      subscription: 'active',
      billing: { provider: 'stripe', status: 'past_due', grace_until: account?.grace_until },
    });
    for (const path of ['/dashboard', '/dashboard/billing']) {
      expect((await owner.browser.get(path)).text).toContain('A payment for the Pro plan failed');
    }
    expect(mailsTo(owner.email)).toContain('A payment for your Pro plan failed');
    await simulator.send(simulator.world.payOverdue(subscriptionOf(owner)));
    await waitFor(
      () => accountOf(owner),
      (found) => found?.grace_until === null,
    );
    expect(mailsTo(owner.email)).toContain('Payment received: your Pro plan continues');
    expect((await owner.browser.get('/dashboard')).text).not.toContain(
      'payment for the Pro plan failed',
    );
  });

  it('ends the subscription once a grace period has run out', async () => {
    const owner = await signedInOwner(stack, 'overdue');
    const flow = await checkoutEvents(owner);
    // The renewal failed eight days ago; Stripe still retries, so the subscription is past due.
    flow.subscription.status = 'past_due';
    const eightDaysAgo = eventAbout('customer.subscription.updated', flow.subscription, 8 * 86_400);
    expect((await sendEvent(stack, eightDaysAgo)).body.outcome).toBe('applied');
    const key = await keyOf(owner);
    expect(await runAnswer(key, await archivedCase(key))).toBe('plan_required');
    const view = await callJson(stack.baseUrl, '/api/v1/account', { key });
    expect(view.body.account).toMatchObject({ plan: 'pro', subscription: 'ended' });
    expect((await owner.browser.get('/dashboard/billing')).text).not.toContain(
      'A payment for the Pro plan failed',
    );
  });

  it('ends it when cancelled: runs answer 402, results stay readable, no monthly run', async () => {
    const { getMonitorDeps } = await import('#shared/wiring/monitor');
    const { scheduleMonthlyRuns } = await import('#shared/domain/monitor/schedule');
    const owner = await signedInOwner(stack, 'ends');
    await buyPro(owner);
    const key = await keyOf(owner);
    const created = await callJson(stack.baseUrl, '/api/v1/cases', {
      method: 'POST',
      key,
      body: {
        name: 'Acme',
        domain: 'acme.example',
        category: 'analytics',
        competitors: ['Globex'],
      },
    });
    const caseId = String((created.body.case as { id: string }).id);
    const started = await callJson(stack.baseUrl, `/api/v1/cases/${caseId}/runs`, {
      method: 'POST',
      key,
      body: {},
    });
    expect(started.status).toBe(200);
    const runId = String((started.body.run as { id: string }).id);
    const runPath = `/api/v1/cases/${caseId}/runs/${runId}`;
    await waitFor(
      () => callJson(stack.baseUrl, runPath, { key }),
      (run) => ['done', 'failed'].includes(String((run.body.run as { status: string }).status)),
      120_000,
    );
    await simulator.send(simulator.world.cancel(subscriptionOf(owner), false));
    await waitFor(
      () => accountOf(owner),
      (found) => found?.subscription === 'ended',
    );
    expect(mailsTo(owner.email)).toContain('Your Pro subscription has ended');
    expect(await runAnswer(key, caseId)).toBe('plan_required');
    expect((await callJson(stack.baseUrl, `/api/v1/cases/${caseId}`, { key })).status).toBe(200);
    const runs = await callJson(stack.baseUrl, `/api/v1/cases/${caseId}/runs`, { key });
    expect((runs.body.runs as { id: string }[]).map((run) => run.id)).toEqual([runId]);
    expect((await callJson(stack.baseUrl, runPath, { key })).status).toBe(200);
    const monthly = await scheduleMonthlyRuns(getMonitorDeps());
    expect(monthly.created.map((entry) => entry.case_id)).not.toContain(caseId);
    expect(monthly.skipped).toContainEqual({ case_id: caseId, reason: 'not_eligible' });
  });
});

describe('who may change the plan', () => {
  it('shows a member who is not the owner the page without forms, and refuses their posts (403)', async () => {
    // Until sessions switch accounts (teams, stage 2), a member's session is built as the gate
    // builds it and handed to the same page and forms the routes serve.
    const { sessionPrincipal } = await import('#shared/domain/accounts/sessions');
    const billing = await import('#shared/surfaces/dashboard/billing');
    const { getBillingFormDeps } = await import('#shared/wiring/billing');
    const { linksFor } = await import('#shared/surfaces/http/links');
    const owner = await signedInOwner(stack, 'team');
    const member = { id: 'ses_member', user_id: crypto.randomUUID(), csrf_token: 'csrf' };
    const admin = sessionPrincipal(
      { ...member, email: 'admin@example.com' },
      { accountId: owner.accountId, role: 'admin' },
      [],
    );
    const input = {
      params: undefined,
      query: {},
      body: undefined,
      principal: admin,
      request: {
        id: 'req',
        baseUrl: stack.baseUrl,
        sourceIp: '127.0.0.1',
        links: linksFor(stack.baseUrl),
      },
    };
    const deps = getBillingFormDeps();
    const page = await billing.billingOverview(input, deps);
    expect(page.status).toBe(200);
    expect(page.body).toContain(`(<strong>${owner.email}</strong>) can upgrade or manage billing`);
    expect(page.body).not.toContain('/dashboard/billing/checkout');
    expect(page.body).not.toContain('/dashboard/billing/portal');
    const before = simulator.requests.length;
    for (const post of [billing.checkoutFromForm, billing.portalFromForm]) {
      const refused = await post({ ...input, query: undefined }, deps);
      expect(refused.status).toBe(403);
      expect(refused.body).toContain('Only the account&#39;s owner changes its plan');
    }
    expect(simulator.requests.slice(before)).toEqual([]);
    // The owner's own page has the Upgrade form.
    expect((await owner.browser.get('/dashboard/billing')).text).toContain(
      'action="/dashboard/billing/checkout"',
    );
  });
});

describe('the operator', () => {
  it('still sets the plan with set-account (and set-plan), saying when it overrides Stripe', async () => {
    const owner = await signedInOwner(stack, 'operator');
    const env = { ...stack.variables, DATA_DIR: '/nonexistent-billing-test' };
    const admin = async (...args: string[]) => {
      let stdout = '';
      let stderr = '';
      const code = await runAdmin(
        args,
        { stdout: (text) => (stdout += text), stderr: (text) => (stderr += text) },
        env,
      );
      return { code, json: JSON.parse(stdout || '{}') as Record<string, unknown>, stderr };
    };
    const plain = await admin('set-plan', '--email', owner.email, '--plan', 'pro');
    expect(plain.code).toBe(0);
    expect(plain.json.overrides_stripe).toBeUndefined();
    expect(plain.stderr).toContain(
      `[outbox] mail to ${owner.email}: Your account is on the Pro plan`,
    );
    await admin('set-account', '--email', owner.email, '--plan', 'free');
    await buyPro(owner);
    const subscription = subscriptionOf(owner);
    const override = await admin(
      'set-account',
      '--email',
      owner.email,
      '--plan',
      'pro',
      '--subscription',
      'ended',
    );
    expect(override.code).toBe(0);
    expect(override.json.account).toEqual({ plan: 'pro', subscription: 'ended' });
    expect(override.json.overrides_stripe).toMatchObject({
      subscription_id: subscription.id,
      status: 'active',
    });
    expect(override.stderr).toContain('This overrides a plan managed by Stripe');
    const actors = (await store.planEvents(owner.accountId)).map((event) => event.actor.type);
    expect(actors).toEqual(['operator', 'payment_provider', 'operator', 'operator']);
  });
});
