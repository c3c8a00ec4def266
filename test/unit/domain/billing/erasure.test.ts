import { describe, expect, it } from 'vitest';
import { endBillingOfErasedAccount, mustCancel } from '#shared/domain/billing/erasure';
import type { BillingState, BillingStore } from '#shared/domain/billing/ports';
import type { BillingRecord } from '#shared/domain/billing/subscription';
import { UnavailableError } from '#shared/domain/kernel/errors';

/**
 * The erasure's billing rule (shared/domain/billing/erasure.ts): which subscriptions it cancels,
 * and that it never forgets a subscription it could not cancel.
 */
const record = (
  status: string | null,
  subscription_id: string | null = 'sub_1',
): BillingRecord => ({
  customer_id: 'cus_1',
  subscription_id,
  status,
  current_period_end: null,
  cancel_at_period_end: false,
  past_due_since: null,
  event_at: 0,
  revision: 1,
  updated_at: '2026-12-06T00:00:00.000Z',
});

describe('mustCancel', () => {
  it('cancels every subscription that may still charge', () => {
    for (const status of ['active', 'trialing', 'past_due', 'unpaid', 'incomplete', 'paused']) {
      expect(mustCancel(record(status)), status).toBe(true);
    }
  });

  it('leaves alone one that ended, and an account without a subscription', () => {
    expect(mustCancel(record('canceled'))).toBe(false);
    expect(mustCancel(record('incomplete_expired'))).toBe(false);
    expect(mustCancel(record(null, null))).toBe(false);
    expect(mustCancel(null)).toBe(false);
  });
});

describe('endBillingOfErasedAccount', () => {
  /** The store's two calls the rule makes, recorded (the rest is never called here). */
  function storeWith(state: BillingState | undefined) {
    const forgotten: (string | null)[] = [];
    const store = {
      read: async () => state,
      forgetBilling: async (_account: string, customer: string | null) => {
        forgotten.push(customer);
      },
    } as unknown as BillingStore;
    return { store, forgotten };
  }
  const logger = { debug() {}, info() {}, warn() {}, error() {} } as never;

  it('does nothing for an account that never had billing', async () => {
    const { store, forgotten } = storeWith({
      accountId: 'a',
      account: null,
      billing: null,
      erasing: true,
    });
    expect(await endBillingOfErasedAccount('a', { provider: null, store, logger })).toBe('none');
    expect(forgotten).toEqual([]);
  });

  it('keeps a live subscription (retried) when billing is not configured', async () => {
    const { store, forgotten } = storeWith({
      accountId: 'a',
      account: null,
      billing: record('active'),
      erasing: true,
    });
    await expect(
      endBillingOfErasedAccount('a', { provider: null, store, logger }),
    ).rejects.toBeInstanceOf(UnavailableError);
    expect(forgotten).toEqual([]);
  });

  it('forgets a customer whose subscription ended without calling the provider', async () => {
    const { store, forgotten } = storeWith({
      accountId: 'a',
      account: null,
      billing: record('canceled'),
      erasing: true,
    });
    expect(await endBillingOfErasedAccount('a', { provider: null, store, logger })).toBe(
      'forgotten',
    );
    expect(forgotten).toEqual(['cus_1']);
  });
});
