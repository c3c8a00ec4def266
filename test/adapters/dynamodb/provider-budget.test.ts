import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalDynamoClient, ensureBudgetTable, startDynalite } from '#local/dynamo-local';
import { createDocumentClient } from '#shared/adapters/dynamodb/client';
import { createProviderBudget } from '#shared/adapters/dynamodb/provider-budget';
import type { BudgetKey, ProviderBudget, TakeRequest } from '#shared/domain/monitor/budget/ports';

/**
 * The provider budget on dynalite: registrations and grants per account, the pointer taken in
 * spaced slots (added to while current, set from now once behind), many lanes at once never
 * taking the same slot, stale accounts pruned, one cut per window and the hold it sets.
 */
let close: () => Promise<void>;
let budget: ProviderBudget;
const key = { family: 'openai', shard: 0 } as const;

beforeAll(async () => {
  const dynamo = await startDynalite(null);
  const raw = createLocalDynamoClient(dynamo.endpoint);
  await ensureBudgetTable(raw, 'budget');
  raw.destroy();
  const doc = createDocumentClient({ region: 'us-east-1', endpoint: dynamo.endpoint });
  budget = createProviderBudget({ doc, tableName: 'budget' });
  close = async () => {
    doc.destroy();
    await dynamo.close();
  };
});

afterAll(() => close?.());

const takeOf = (overrides: Partial<TakeRequest>): TakeRequest => ({
  account: 'a',
  slots: 3,
  spanMs: 3000,
  toleranceMs: 1000,
  now: 1_000_000,
  register: 0,
  prune: [],
  horizon: (overrides.now ?? 1_000_000) + 60_000,
  ...overrides,
});

/** A take that must succeed. */
async function taken(request: TakeRequest, on: BudgetKey = key) {
  const result = await budget.take(on, request);
  if (result.firstAt === null) throw new Error('nothing taken');
  return { view: result.view, firstAt: result.firstAt };
}

describe('provider budget', () => {
  it('registers slots per account and answers with the record', async () => {
    const view = await budget.register(key, 'a', 5, 1_000_000);
    expect(view.accounts.a).toEqual({ registered: 5, granted: 0, touched: 1_000_000 });
    const again = await budget.register(key, 'b', 2, 1_000_010);
    expect(again.accounts.b?.registered).toBe(2);
    expect(again.accounts.a?.registered).toBe(5);
  });

  it('takes slots from now when the pointer is behind, then adds to it', async () => {
    const first = await taken(takeOf({ now: 2_000_000 }));
    expect(first.firstAt).toBe(2_000_000);
    expect(first.view.next).toBe(2_003_000);
    const second = await taken(takeOf({ account: 'b', slots: 2, spanMs: 2000, now: 2_000_100 }));
    expect(second.firstAt).toBe(2_003_000);
    expect(second.view.next).toBe(2_005_000);
    expect(second.view.accounts.a?.granted).toBe(3);
    expect(second.view.accounts.b?.granted).toBe(2);
  });

  it('never gives two lanes the same slot, however many take at once', async () => {
    const many = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        taken(takeOf({ account: `lane${index % 4}`, slots: 1, spanMs: 100, now: 3_000_000 })),
      ),
    );
    const starts = many.map((one) => one.firstAt).sort((x, y) => x - y);
    expect(new Set(starts).size).toBe(20);
    for (let index = 1; index < starts.length; index += 1) {
      expect((starts[index] ?? 0) - (starts[index - 1] ?? 0)).toBe(100);
    }
  });

  it('registers the next batch with a take, and prunes accounts that went stale', async () => {
    await budget.register(key, 'old', 1, 100);
    const result = await taken(
      takeOf({ account: 'c', now: 4_000_000, register: 4, prune: ['old'] }),
    );
    expect(result.view.accounts.c).toMatchObject({ granted: 3, registered: 4 });
    expect(result.view.accounts.old).toBeUndefined();
  });

  it('takes nothing when the pointer is beyond the horizon', async () => {
    const far = { family: 'google', shard: 0 } as const;
    const booked = await budget.take(far, takeOf({ spanMs: 100_000, now: 6_000_000 }));
    expect(booked.view.next).toBe(6_100_000);
    const refused = await budget.take(far, takeOf({ now: 6_000_000, horizon: 6_050_000 }));
    // Nothing taken, and the answer is the record as read after the refusal: the lane works its
    // turn out from it with no read of its own.
    expect(refused.firstAt).toBeNull();
    expect(refused.view.next).toBe(6_100_000);
    expect((await budget.read(far)).accounts.a?.granted).toBe(3);
  });

  it('follows a pointer that fell behind after a refusal, with the stale accounts still there', async () => {
    const lone = { family: 'perplexity', shard: 0 } as const;
    await budget.register(lone, 'gone', 1, 100);
    await taken(takeOf({ account: 'x', now: 7_000_000 }), lone);
    // The caller thinks the pointer current, asks to prune an account already pruned and one
    // still stale; the pointer fell behind: one refusal, one read, then the take from now.
    const later = await taken(
      takeOf({ account: 'x', now: 8_000_000, behind: false, prune: ['gone', 'never-there'] }),
      lone,
    );
    expect(later.firstAt).toBe(8_000_000);
    expect(later.view.accounts.gone).toBeUndefined();
    expect(later.view.accounts.x?.granted).toBe(6);
  });

  it('cuts the pace once per window and holds the pointer for the hint', async () => {
    const cut = { rpm: 90, at: 5_000_000, windowMs: 2000, holdUntil: 5_010_000 };
    expect(await budget.cut(key, cut)).toBe(true);
    expect(await budget.cut(key, { ...cut, rpm: 45, at: 5_000_500 })).toBe(false);
    const view = await budget.read(key);
    expect(view.cut).toEqual({ rpm: 90, at: 5_000_000 });
    expect(view.next).toBe(5_010_000);
    await budget.announce(key, { rpm: 180, tpm: 1000 });
    expect((await budget.read(key)).announced).toEqual({ rpm: 180, tpm: 1000 });
  });
});
