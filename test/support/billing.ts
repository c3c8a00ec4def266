import { expect } from 'vitest';
import { signPayload } from '#local/billing-simulator/delivery';
import { WEBHOOK_PATH } from '#local/billing-simulator/for-stack';
import { eventObject, type SimulatedEvent } from '#local/billing-simulator/objects';
import type { BillingSimulatorHandle } from '#local/billing-simulator/server';
import { systemClock } from '#shared/adapters/clock/system-clock';
import { createAuditLogRepository } from '#shared/adapters/dynamodb/audit-log-repository';
import { createBillingRepository } from '#shared/adapters/dynamodb/billing-repository';
import { createDocumentClient } from '#shared/adapters/dynamodb/client';
import type { AuditEvent } from '#shared/domain/audit/events';
import { csrfOf, DashboardHttp } from '#test/browser/support/dashboard-http';
import type { TestStack } from './stack.ts';

/**
 * Billing through the local front against the bundled simulator (local/billing-simulator): a
 * signed-in owner, the forms, the simulator's pages and events, and the store read back.
 */
export interface Owner {
  email: string;
  accountId: string;
  browser: DashboardHttp;
  csrf: string;
}

export function simulatorOf(stack: TestStack): BillingSimulatorHandle {
  if (!stack.billingSimulator) throw new Error('the stack runs without the billing simulator');
  return stack.billingSimulator;
}

/** A new user (free plan) signed in to the dashboard: the owner of their own account. */
export async function signedInOwner(stack: TestStack, label: string): Promise<Owner> {
  const email = `${label}-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const user = await stack.operator.createUser({ email, plan: 'free' });
  const browser = new DashboardHttp(stack.baseUrl);
  const csrf = await browser.signIn(email);
  return { email, accountId: user.id, browser, csrf };
}

/** Posts a billing form; the 303's location. */
export async function postBillingForm(owner: Owner, form: 'checkout' | 'portal') {
  const page = await owner.browser.get('/dashboard/billing');
  return owner.browser.post(`/dashboard/billing/${form}`, { csrf_token: csrfOf(page.text) });
}

/** The store's view of billing and the audit log, on the stack's own store. */
export function storeOf(stack: TestStack) {
  const doc = createDocumentClient({
    region: stack.config.AWS_REGION,
    endpoint: stack.dynamoEndpoint,
  });
  const audit = createAuditLogRepository(doc, stack.tableName, systemClock);
  return {
    billing: createBillingRepository(doc, stack.tableName),
    async planEvents(accountId: string): Promise<AuditEvent[]> {
      const page = await audit.list(accountId, 100, undefined);
      return page.events.filter((event) => event.action === 'plan.changed');
    },
    close: () => doc.destroy(),
  };
}

/** Polls until `read` satisfies `done` (no fixed sleeps), or fails after `timeoutMs`. */
export async function waitFor<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) {
      expect.fail(`not reached in ${timeoutMs} ms; last: ${JSON.stringify(value)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Sends one event to the webhook, signed as told; the status and the JSON answer. */
export async function sendEvent(
  stack: TestStack,
  event: SimulatedEvent,
  signing: { secret?: string; timestamp?: number; header?: string | null } = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const payload = JSON.stringify(event);
  const timestamp = signing.timestamp ?? Math.floor(Date.now() / 1000);
  const secret = signing.secret ?? String(stack.variables.STRIPE_WEBHOOK_SECRET);
  const header =
    signing.header === undefined ? signPayload(payload, secret, timestamp) : signing.header;
  const response = await fetch(`${stack.baseUrl}${WEBHOOK_PATH}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(header ? { 'stripe-signature': header } : {}),
    },
    body: payload,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** An event of `type` about `object` as the simulator makes them (created `secondsAgo` ago). */
export function eventAbout(type: string, object: unknown, secondsAgo = 0): SimulatedEvent {
  return eventObject(type, object, Math.floor(Date.now() / 1000) - secondsAgo);
}
