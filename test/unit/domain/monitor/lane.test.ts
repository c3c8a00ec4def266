import { describe, expect, it } from 'vitest';
import { createGovernor } from '#shared/domain/monitor/budget/governor';
import type { RetrySettings } from '#shared/domain/monitor/config';
import { ProviderError } from '#shared/domain/monitor/provider-port';
import { type LaneResult, LaneStepSchema, runLane } from '#shared/domain/monitor/steps/lane';
import { type MemoryBudget, memoryBudget } from '#test/support/budget';

const RETRY: RetrySettings = { attempts: 3, baseSeconds: 2, maxSeconds: 60, hintMaxSeconds: 600 };

/** A lane over `items` on a virtual clock: each call takes 10 ms, sleeps advance the clock. */
function lane(
  items: number[],
  fail: (item: number) => Error | undefined,
  options: { budgetMs?: number; rpm?: number; budget?: MemoryBudget; account?: string } = {},
) {
  const done: number[] = [];
  const skipped: number[] = [];
  const gaveUp: string[] = [];
  const sentAt: number[] = [];
  const queued: [number, number][] = [];
  const clock = { now: 1_000_000 };
  const budget = options.budget ?? memoryBudget();
  const governor = createGovernor({
    budget,
    limits: { openai: { rpm: options.rpm ?? 60_000 } },
    clock: { now: () => new Date(clock.now) },
  });
  const run = (step: Partial<LaneResult> = {}) =>
    runLane({
      family: 'openai',
      account: options.account ?? 'account-a',
      concurrency: 2,
      pending: items,
      step: LaneStepSchema.parse(step),
      budgetMs: options.budgetMs ?? 60_000,
      retry: RETRY,
      throttleGiveUpMs: 600_000,
      governor,
      tokens: 100,
      clock: () => clock.now,
      random: () => 0,
      sleep: async (ms) => {
        clock.now += ms;
      },
      async queued(since, until) {
        queued.push([since, until]);
      },
      async work(item, called) {
        sentAt.push(clock.now);
        clock.now += 10;
        called();
        const error = fail(item);
        if (error) throw error;
        done.push(item);
      },
      async skip(item) {
        skipped.push(item);
      },
      async giveUp(reason) {
        gaveUp.push(reason);
      },
    });
  return { done, skipped, gaveUp, sentAt, queued, clock, budget, run };
}

describe('a lane', () => {
  it('sends every item at a slot of the shared pace and reports done', async () => {
    const work = lane([1, 2, 3, 4], () => undefined, { rpm: 600 });
    const result = await work.run();
    expect(result.status).toBe('done');
    expect(work.done).toEqual([1, 2, 3, 4]);
    // 95 % of 600 a minute: a call every 105 ms or more, never two closer.
    for (let index = 1; index < work.sentAt.length; index += 1) {
      expect((work.sentAt[index] ?? 0) - (work.sentAt[index - 1] ?? 0)).toBeGreaterThanOrEqual(105);
    }
    // One registration and one take for the batch: two store operations for four calls.
    expect(work.budget.operations).toBe(2);
  });

  it('hands back a queued wait when its turn is far off, without spending an attempt', async () => {
    const budget = memoryBudget();
    // Another account has a minute of work ahead, and the pointer is busy for ten seconds.
    await budget.register({ family: 'openai', shard: 0 }, 'agency', 600, 1_000_000);
    await budget.register({ family: 'openai', shard: 0 }, 'account-a', 5, 1_000_000);
    await budget.take(
      { family: 'openai', shard: 0 },
      {
        account: 'agency',
        slots: 100,
        spanMs: 10_000,
        toleranceMs: 500,
        now: 1_000_000,
        register: 0,
        prune: [],
        horizon: 2_000_000,
      },
    );
    const work = lane([1, 2], () => undefined, { rpm: 600, budget });
    const result = await work.run({ attempt: 1 });
    expect(result.status).toBe('queued');
    expect(result.attempt).toBe(1);
    expect(result.wait_seconds).toBeGreaterThanOrEqual(9);
    expect(result.budget.ticket).toBeDefined();
    expect(work.done).toEqual([]);
    expect(work.queued).toHaveLength(1);
    // Woken at its turn, it takes its slots and sends.
    work.clock.now = result.budget.ticket?.at ?? 0;
    expect((await work.run(result)).status).toBe('done');
    expect(work.done).toEqual([1, 2]);
  });

  it('hands back to the state machine once its time budget is used, after making progress', async () => {
    const work = lane([1, 2, 3, 4], () => undefined, { budgetMs: 0 });
    expect(await work.run()).toMatchObject({ status: 'continue' });
    expect(work.done).toEqual([1]);
  });

  it('retries a throttled call after the hint without counting an attempt, and cuts the pace', async () => {
    const throttle = new ProviderError('openai', 'throttled', '429', {
      status: 429,
      retryAfterSeconds: 7,
    });
    const work = lane([2], () => throttle);
    const result = await work.run({ attempt: 1 });
    expect(result).toMatchObject({ status: 'retry', wait_seconds: 7, attempt: 1, throttles: 1 });
    expect(result.throttled_since).not.toBeNull();
    expect(work.budget.view().cut).toBeDefined();
  });

  it('gives the family up when 429s go on without an answer for too long', async () => {
    const throttle = new ProviderError('openai', 'throttled', '429', {
      status: 429,
      retryAfterSeconds: 1,
    });
    const work = lane([1], () => throttle);
    const result = await work.run({ throttles: 40, throttled_since: 1_000_000 - 600_000 });
    expect(result.status).toBe('gave_up');
    expect(work.gaveUp[0]).toMatch(/rate limited/);
  });

  it('counts an outage as an attempt and gives the family up when the tries run out', async () => {
    const down = new ProviderError('google', 'unavailable', '503', { status: 503 });
    const first = await lane([1], () => down).run();
    expect(first).toMatchObject({ status: 'retry', attempt: 1 });
    const work = lane([1], () => down);
    expect((await work.run({ attempt: 2 })).status).toBe('gave_up');
    expect(work.gaveUp[0]).toMatch(/after 3 tries/);
  });

  it('skips a refused prompt and goes on', async () => {
    const refused = new ProviderError('openai', 'rejected', 'refused', { status: 200 });
    const work = lane([1, 2, 3], (item) => (item === 2 ? refused : undefined));
    expect((await work.run()).status).toBe('done');
    expect(work.done).toEqual([1, 3]);
    expect(work.skipped).toEqual([2]);
  });

  it('lets errors that are not the provider’s fail the task', async () => {
    const work = lane([1], () => new Error('store unavailable'));
    await expect(work.run()).rejects.toThrow('store unavailable');
  });
});
