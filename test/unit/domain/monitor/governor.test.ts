import { describe, expect, it } from 'vitest';
import { createGovernor, type ReserveOutcome } from '#shared/domain/monitor/budget/governor';
import { type MemoryBudget, memoryBudget } from '#test/support/budget';

/**
 * The governor's store costs (issue 34: the budget's operations are a small fraction of the
 * provider calls): what a batch costs when its account's turn comes, when it comes back from a
 * wait, and when many accounts' batches arrive at once. Virtual clock; the in-memory budget has
 * the adapter's semantics and counts every operation.
 */
const FAMILY = 'openai' as const;
/** 600 a minute: paced at 570, a call every ~105 ms, a batch of 57 slots (about 6 s). */
const RPM = 600;

function governorOn(budget: MemoryBudget, clock: { now: number }) {
  return createGovernor({
    budget,
    limits: { [FAMILY]: { rpm: RPM } },
    clock: { now: () => new Date(clock.now) },
  });
}

const reserveFor = (account: string, pending: number, budget = {}) => ({
  family: FAMILY,
  account,
  pending,
  tokens: 100,
  budget,
});

function waitOf(outcome: ReserveOutcome) {
  if (outcome.kind !== 'wait') throw new Error(`expected a wait, got ${outcome.kind}`);
  return outcome;
}

describe('the governor', () => {
  it('gives every account’s first batch its slots at once, two operations each, however many accounts arrive', async () => {
    const budget = memoryBudget();
    const clock = { now: 1_000_000 };
    const governor = governorOn(budget, clock);
    // Eight accounts of one batch each: the pointer ends eight batches (48 s) ahead, beyond the
    // three batches a lone account may run ahead, yet none is sent away to wait for another's.
    const outcomes = [];
    for (let index = 0; index < 8; index += 1) {
      outcomes.push(await governor.reserve(reserveFor(`account-${index}`, 57)));
    }
    expect(outcomes.map((outcome) => outcome.kind)).toEqual(Array(8).fill('slots'));
    expect(budget.operations).toBe(16);
    expect(budget.view().next - clock.now).toBeGreaterThan(45_000);
  });

  it('works a waiting batch’s turn out again from its process’s newer view, with no store operation', async () => {
    const budget = memoryBudget();
    const clock = { now: 1_000_000 };
    const governor = governorOn(budget, clock);
    // The agency has a long queue; account-a's run waits behind ten batches of its own runs.
    const agency = await governor.reserve(reserveFor('agency', 2000));
    await budget.register({ family: FAMILY, shard: 0 }, 'account-a', 570, clock.now);
    const waiting = waitOf(await governor.reserve(reserveFor('account-a', 57)));
    const turn = waiting.budget.ticket?.at ?? 0;
    // A long wait comes back halfway; meanwhile a lane of the same process wrote to the record.
    expect(waiting.until).toBeLessThan(turn);
    clock.now = waiting.until - 10;
    await governor.reserve(reserveFor('agency', 1943, { ticket: agency.budget.ticket }));
    const before = budget.operations;
    clock.now = waiting.until;
    const again = waitOf(await governor.reserve(reserveFor('account-a', 57, waiting.budget)));
    expect(budget.operations).toBe(before);
    expect(again.budget.ticket?.seen).toBe(waiting.until - 10);
  });

  it('reads the record to work a turn out again only when its process has no view, at most twice a batch', async () => {
    const budget = memoryBudget();
    const clock = { now: 1_000_000 };
    const first = governorOn(budget, clock);
    await first.reserve(reserveFor('agency', 20_000));
    await budget.register({ family: FAMILY, shard: 0 }, 'account-a', 570, clock.now);
    let outcome = waitOf(await first.reserve(reserveFor('account-a', 57)));
    const reads: number[] = [];
    for (let wake = 0; wake < 4; wake += 1) {
      // Each wake lands in a process that never wrote to the record (a cold Lambda).
      const cold = governorOn(budget, clock);
      const before = budget.operations;
      clock.now = outcome.until;
      const next = await cold.reserve(reserveFor('account-a', 57, outcome.budget));
      reads.push(budget.operations - before);
      if (next.kind !== 'wait') break;
      outcome = next;
    }
    expect(reads.slice(0, 2)).toEqual([1, 1]);
    expect(reads.slice(2).every((count) => count === 0)).toBe(true);
  });
});
