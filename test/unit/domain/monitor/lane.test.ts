import { describe, expect, it } from 'vitest';
import type { RetrySettings } from '#shared/domain/monitor/config';
import { ProviderError } from '#shared/domain/monitor/provider-port';
import { laneRange, laneShare, runLane } from '#shared/domain/monitor/steps/lane';

const RETRY: RetrySettings = { attempts: 3, baseSeconds: 2, maxSeconds: 60, hintMaxSeconds: 600 };

function lane(items: number[], fail: (item: number) => Error | undefined, budgetMs = 60_000) {
  const done: number[] = [];
  const skipped: number[] = [];
  const gaveUp: string[] = [];
  let now = 0;
  return {
    done,
    skipped,
    gaveUp,
    run: (attempt = 0) =>
      runLane({
        pending: items,
        attempt,
        budgetMs,
        retry: RETRY,
        clock: () => now,
        random: () => 0,
        async work(item) {
          now += 10;
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
      }),
  };
}

describe('lanes', () => {
  it('shares items round-robin, every item in exactly one lane', () => {
    const items = Array.from({ length: 10 }, (_, i) => i);
    const shares = laneRange(3).map((l) => laneShare(items, l, 3));
    expect(shares).toEqual([
      [0, 3, 6, 9],
      [1, 4, 7],
      [2, 5, 8],
    ]);
  });

  it('works through its items and reports done', async () => {
    const work = lane([1, 2, 3], () => undefined);
    expect(await work.run()).toEqual({ status: 'done', wait_seconds: 0, attempt: 0 });
    expect(work.done).toEqual([1, 2, 3]);
  });

  it('hands back to the state machine once its budget is used, after making progress', async () => {
    const work = lane([1, 2, 3, 4], () => undefined, 15);
    expect(await work.run()).toMatchObject({ status: 'continue' });
    expect(work.done).toEqual([1, 2]);
    const tight = lane([1, 2], () => undefined, 0);
    expect(await tight.run()).toMatchObject({ status: 'continue' });
    expect(tight.done).toEqual([1]);
  });

  it('ends with retry and the wait when a call is throttled, counting the attempt', async () => {
    const throttle = new ProviderError('openai', 'throttled', '429', { retryAfterSeconds: 7 });
    const work = lane([1, 2], (item) => (item === 2 ? throttle : undefined));
    expect(await work.run(1)).toEqual({ status: 'retry', wait_seconds: 7, attempt: 1 });
    expect(work.done).toEqual([1]);
  });

  it('skips a refused prompt and goes on', async () => {
    const refused = new ProviderError('openai', 'rejected', 'refused', { status: 200 });
    const work = lane([1, 2, 3], (item) => (item === 2 ? refused : undefined));
    expect((await work.run()).status).toBe('done');
    expect(work.done).toEqual([1, 3]);
    expect(work.skipped).toEqual([2]);
  });

  it('gives the family up when the tries run out', async () => {
    const down = new ProviderError('google', 'unavailable', '503', { status: 503 });
    const work = lane([1], () => down);
    expect((await work.run(2)).status).toBe('gave_up');
    expect(work.gaveUp[0]).toMatch(/after 3 tries/);
  });

  it('lets errors that are not the provider’s fail the task', async () => {
    const work = lane([1], () => new Error('store unavailable'));
    await expect(work.run()).rejects.toThrow('store unavailable');
  });
});
