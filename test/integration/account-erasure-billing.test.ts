import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIMULATED_PRO_PRICE, WEBHOOK_PATH } from '#local/billing-simulator/for-stack';
import {
  type BillingSimulatorHandle,
  startBillingSimulator,
} from '#local/billing-simulator/server';
import { createDocumentClient } from '#shared/adapters/dynamodb/client';
import { KEYS } from '#shared/adapters/dynamodb/keys';
import { OWNER_SCOPES } from '#test/support/account-data';
import {
  eventAbout,
  type Owner,
  postBillingForm,
  sendEvent,
  signedInOwner,
  waitFor,
} from '#test/support/billing';
import { callJson, startTestStack, type TestStack } from '#test/support/stack';

/**
 * The erasure ends the account's billing (docs/data-model.md "Billing"), through the local front
 * against the Stripe simulator: a Pro account erased has its subscription canceled at Stripe
 * (`DELETE /v1/subscriptions/{id}`, retried through a Stripe outage), its customer link and
 * billing record deleted, and Stripe's later events answered 2xx without effect; a stack stopped
 * between the cancel and the deletes finishes the erasure after its restart. The simulator is the
 * test's own (STRIPE_API_BASE points at it), so it outlives the stack's restart as Stripe would.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'erasure-billing-'));
const secretKey = `sk_test_erasure_${randomBytes(8).toString('hex')}`;
const webhookSecret = `whsec_erasure_${randomBytes(12).toString('hex')}`;
let stack: TestStack | undefined;
let simulator: BillingSimulatorHandle;
let env: Record<string, string>;

beforeAll(async () => {
  simulator = await startBillingSimulator({
    secretKey,
    webhookSecret,
    price: SIMULATED_PRO_PRICE,
    webhookUrl: () => (stack ? `${stack.baseUrl}${WEBHOOK_PATH}` : undefined),
    retryDelaysMs: [200, 400, 800],
  });
  env = {
    // The workflow's pauses and retry intervals scaled down (its 2 s first retry: 0.4 s).
    WORKFLOW_TIME_SCALE: '0.2',
    STRIPE_SECRET_KEY: secretKey,
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_PRICE_PRO: SIMULATED_PRO_PRICE.id,
    STRIPE_API_BASE: simulator.url,
  };
  stack = await startTestStack(env, dataDir);
}, 180_000);
afterAll(async () => {
  await stack?.close();
  await simulator?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const running = (): TestStack => {
  if (!stack) throw new Error('the stack is not running');
  return stack;
};

async function readItem(key: { pk: string; sk: string }) {
  const live = running();
  const doc = createDocumentClient({ region: 'us-east-1', endpoint: live.dynamoEndpoint });
  try {
    const { Item } = await doc.send(
      new GetCommand({ TableName: live.tableName, Key: key, ConsistentRead: true }),
    );
    return Item;
  } finally {
    doc.destroy();
  }
}

/** A new owner who bought Pro through Checkout and the simulator's test card. */
async function proOwner(label: string): Promise<{ owner: Owner; key: string; customer: string }> {
  const owner = await signedInOwner(running(), label);
  const checkout = await postBillingForm(owner, 'checkout');
  expect(checkout.status).toBe(303);
  const paid = await fetch(`${checkout.location}/pay`, { method: 'POST', redirect: 'manual' });
  expect(paid.status).toBe(303);
  const user = await waitFor(
    () => readItem(KEYS.user(owner.accountId)),
    (item) => (item?.account as { plan?: string } | undefined)?.plan === 'pro',
  );
  const customer = String((user?.billing as { customer_id?: string } | undefined)?.customer_id);
  expect(await readItem(KEYS.billingCustomer(customer))).toMatchObject({
    account_id: owner.accountId,
  });
  const key = await running().createKey(OWNER_SCOPES, { email: owner.email });
  return { owner, key, customer };
}

function subscriptionOf(customer: string) {
  const subscription = simulator.world.subscriptionsOf(customer)[0];
  if (!subscription) throw new Error(`no subscription for ${customer}`);
  return subscription;
}

const cancelsOf = (subscriptionId: string) =>
  simulator.requests.filter(
    (call) => call.method === 'DELETE' && call.path === `/v1/subscriptions/${subscriptionId}`,
  );

/** The deliveries of the simulator's events of `type` about the subscription. */
function deliveriesOf(type: string, subscriptionId: string) {
  const ids = new Set(
    simulator.world.events
      .filter(
        (event) =>
          event.type === type && (event.data.object as { id: string }).id === subscriptionId,
      )
      .map((event) => event.id),
  );
  return simulator.deliveries.filter((entry) => ids.has(entry.event_id));
}

async function erase(key: string, accountId: string) {
  const answer = await callJson(running().baseUrl, '/api/v1/account', {
    method: 'DELETE',
    key,
    body: { confirm: accountId },
  });
  expect(answer.status).toBe(202);
}

const erasureDone = (accountId: string) =>
  waitFor(
    () => readItem(KEYS.account(accountId)),
    (item) => item?.erasure_status === 'done',
    60_000,
  );

describe('erasing an account that pays through Stripe', () => {
  it('cancels the subscription (through an outage), deletes the link, and later events change nothing', async () => {
    const { owner, key, customer } = await proOwner('erased-pro');
    const subscription = subscriptionOf(customer);
    expect(subscription.status).toBe('active');
    // Two 500s: the SDK's own retry, then the workflow's retry of the step.
    simulator.injectFault({
      method: 'DELETE',
      path: new RegExp(`/${subscription.id}$`),
      kind: 'fail',
      times: 2,
    });
    await erase(key, owner.accountId);
    await erasureDone(owner.accountId);

    expect(subscription.status).toBe('canceled');
    expect(cancelsOf(subscription.id)).toHaveLength(3);
    expect(await readItem(KEYS.billingCustomer(customer))).toBeUndefined();
    expect(await readItem(KEYS.user(owner.accountId))).toBeUndefined();
    // Stripe's event of our own cancel was answered 2xx and did nothing.
    await waitFor(
      async () => deliveriesOf('customer.subscription.deleted', subscription.id),
      (entries) => entries.some((entry) => entry.status === 200),
    );
    // A later event about the subscription, for instance a late update: 2xx, nothing comes back.
    const late = await sendEvent(
      running(),
      eventAbout('customer.subscription.updated', { ...subscription, status: 'active' }),
    );
    expect(late.status).toBe(200);
    expect(late.body.outcome).toBe('ignored');
    expect(await readItem(KEYS.user(owner.accountId))).toBeUndefined();
    expect(await readItem(KEYS.billingCustomer(customer))).toBeUndefined();
    expect((await readItem(KEYS.account(owner.accountId)))?.erasure_status).toBe('done');
  });

  it('finishes after the stack stops between the cancel and the deletes', async () => {
    const { owner, key, customer } = await proOwner('erased-crash');
    const subscription = subscriptionOf(customer);
    // Stripe cancels, and the step never hears of it: the process dies before its deletes.
    simulator.injectFault({
      method: 'DELETE',
      path: new RegExp(`/${subscription.id}$`),
      kind: 'hold',
      times: 1,
    });
    await erase(key, owner.accountId);
    await waitFor(
      async () => subscription.status,
      (status) => status === 'canceled',
    );
    // Stripe's event of that cancel reaches the account while it is being erased: 2xx, no change.
    await waitFor(
      async () => deliveriesOf('customer.subscription.deleted', subscription.id),
      (entries) => entries.some((entry) => entry.status === 200),
    );
    const user = await readItem(KEYS.user(owner.accountId));
    expect(user?.account).toMatchObject({ plan: 'pro', subscription: 'active' });
    expect(user?.billing).toMatchObject({ subscription_id: subscription.id, status: 'active' });
    expect(await readItem(KEYS.billingCustomer(customer))).toMatchObject({
      account_id: owner.accountId,
    });
    await running().close();
    stack = undefined;

    stack = await startTestStack(env, dataDir);
    expect(stack.resumed.accountJobs).toContain(owner.accountId);
    await erasureDone(owner.accountId);
    // The repeated cancel was refused as Stripe refuses a second one, and counted as done.
    expect(cancelsOf(subscription.id).length).toBeGreaterThanOrEqual(2);
    expect(subscription.status).toBe('canceled');
    expect(await readItem(KEYS.billingCustomer(customer))).toBeUndefined();
    expect(await readItem(KEYS.user(owner.accountId))).toBeUndefined();
  });
});
