import { describe, expect, it } from 'vitest';
import { parseRateLimits } from '#shared/domain/monitor/budget/limits';
import {
  batchSize,
  ceilingOf,
  cutRpm,
  intervalMs,
  paceOf,
  shardCount,
  shardOf,
  turnAt,
} from '#shared/domain/monitor/budget/pace';
import type { BudgetView } from '#shared/domain/monitor/budget/ports';

const NOW = 1_000_000;

function viewOf(accounts: Record<string, [number, number]>, next = NOW): BudgetView {
  return {
    next,
    accounts: Object.fromEntries(
      Object.entries(accounts).map(([id, [registered, granted]]) => [
        id,
        { registered, granted, touched: NOW },
      ]),
    ),
  };
}

describe('PROVIDER_RATE_LIMITS', () => {
  it('reads each family’s rpm and optional tpm, every family optional', () => {
    expect(parseRateLimits('{"openai":{"rpm":500,"tpm":500000},"google":{"rpm":60}}')).toEqual({
      openai: { rpm: 500, tpm: 500000 },
      google: { rpm: 60 },
    });
    expect(parseRateLimits(undefined)).toEqual({});
    expect(parseRateLimits(' ')).toEqual({});
  });

  it('refuses what is not the documented shape, naming the variable', () => {
    expect(() => parseRateLimits('{"openai":500}')).toThrow(/PROVIDER_RATE_LIMITS/);
    expect(() => parseRateLimits('{"mistral":{"rpm":5}}')).toThrow(/PROVIDER_RATE_LIMITS/);
    expect(() => parseRateLimits('{"openai":{"rpm":0}}')).toThrow(/PROVIDER_RATE_LIMITS/);
    expect(() => parseRateLimits('{"openai":{"rpm":5,"burst":2}}')).toThrow(/PROVIDER_RATE_LIMITS/);
    expect(() => parseRateLimits('not json')).toThrow(/must be JSON/);
  });
});

describe('the pace', () => {
  it('paces at 95 % of the configured limit, never above what the provider announced', () => {
    expect(ceilingOf('openai', undefined, { openai: { rpm: 200 } }).rpm).toBeCloseTo(190);
    const announced: BudgetView = { next: 0, accounts: {}, announced: { rpm: 100 } };
    expect(ceilingOf('openai', announced, { openai: { rpm: 200 } }).rpm).toBeCloseTo(95);
  });

  it('starts an unconfigured family from its default, probing until the provider announces', () => {
    expect(ceilingOf('anthropic', undefined, {})).toMatchObject({ probing: true });
    expect(ceilingOf('anthropic', undefined, {}).rpm).toBeCloseTo(47.5);
    const told: BudgetView = { next: 0, accounts: {}, announced: { rpm: 4000 } };
    expect(ceilingOf('anthropic', told, {})).toMatchObject({ probing: false });
    expect(ceilingOf('anthropic', told, {}).rpm).toBeCloseTo(3800);
    // Gemini announces nothing: its default is the pace, without probing.
    expect(ceilingOf('google', undefined, {})).toMatchObject({ probing: false });
  });

  it('cuts by 30 % on a 429 and grows back to the ceiling in half a minute of quiet', () => {
    const limits = { openai: { rpm: 100 } };
    const cut = cutRpm(paceOf('openai', undefined, limits, NOW));
    expect(cut).toBeCloseTo(66.5);
    const view: BudgetView = { next: 0, accounts: {}, cut: { rpm: cut, at: NOW } };
    expect(paceOf('openai', view, limits, NOW).rpm).toBeCloseTo(66.5);
    expect(paceOf('openai', view, limits, NOW + 15_000).rpm).toBeCloseTo(80.75);
    expect(paceOf('openai', view, limits, NOW + 60_000).rpm).toBeCloseTo(95);
  });

  it('spaces calls by requests, or by tokens where they bind', () => {
    expect(intervalMs({ rpm: 60, probing: false }, 1000)).toBe(1000);
    expect(intervalMs({ rpm: 600, tpm: 60_000, probing: false }, 1000)).toBe(1000);
    expect(intervalMs({ rpm: 600, tpm: 6_000_000, probing: false }, 1000)).toBe(100);
  });

  it('takes about six seconds of the pace at once, one call while probing', () => {
    expect(batchSize({ rpm: 180, probing: false }, 100)).toBe(18);
    expect(batchSize({ rpm: 180, probing: false }, 5)).toBe(5);
    // A rest under half a batch goes with it.
    expect(batchSize({ rpm: 180, probing: false }, 26)).toBe(26);
    expect(batchSize({ rpm: 180, probing: false }, 28)).toBe(18);
    expect(batchSize({ rpm: 10, probing: false }, 100)).toBe(4);
    expect(batchSize({ rpm: 30_000, probing: false }, 1000)).toBe(64);
    expect(batchSize({ rpm: 50, probing: true }, 100)).toBe(1);
  });

  it('shards a pace above 6,000 requests a minute, an account always on the same shard', () => {
    expect(shardCount(6000)).toBe(1);
    expect(shardCount(15_000)).toBe(3);
    expect(shardOf('account-a', 3)).toBe(shardOf('account-a', 3));
    expect(shardOf('account-a', 1)).toBe(0);
  });
});

describe('whose turn it is', () => {
  it('is now when nothing of the account is ahead of the batch', () => {
    const view = viewOf({ small: [10, 0], agency: [500, 0] });
    expect(turnAt(view, { account: 'small', position: 10, size: 10 }, NOW, 100)).toBe(NOW);
  });

  it('comes after the backlog and an equal share of every other account’s waiting work', () => {
    // The agency's third batch: 20 of its slots are ahead; the small account waits with 10, a
    // mid-size one with 50. Max-min fair: by the time the agency is served 20, the small account
    // is served its 10 and the mid-size one 20.
    const view = viewOf({ small: [10, 0], mid: [50, 0], agency: [30, 0] }, NOW + 2000);
    const turn = turnAt(view, { account: 'agency', position: 30, size: 10 }, NOW, 100);
    expect(turn).toBe(NOW + 2000 + (20 + 10 + 20) * 100);
  });

  it('leaves out accounts whose entries went stale', () => {
    const view = viewOf({ agency: [30, 0] });
    const stale = {
      ...view,
      accounts: { ...view.accounts, gone: { registered: 100, granted: 0, touched: 0 } },
    };
    expect(turnAt(stale, { account: 'agency', position: 30, size: 10 }, NOW, 100)).toBe(NOW + 2000);
  });
});
