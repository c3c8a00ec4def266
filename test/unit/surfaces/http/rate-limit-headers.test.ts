import { describe, expect, it } from 'vitest';
import { systemClock } from '#shared/adapters/clock/system-clock';
import type { Principal } from '#shared/domain/accounts/principal';
import type { LimitState } from '#shared/domain/kernel/rate-limit';
import { fixedWindow } from '#shared/domain/kernel/rate-limit';
import { limitRequestRate } from '#shared/surfaces/api/request-rate';
import { rateLimitHeaders } from '#shared/surfaces/http/rate-limit-headers';
import { fixedClock } from '#test/support/clock';
import { recordingLogger } from '#test/support/logger';

const logger = recordingLogger();

const KEY: Principal = {
  kind: 'key',
  keyId: 'k1',
  accountId: 'u1',
  memberId: 'u1',
  role: 'owner',
  email: 'a@example.com',
  scopes: new Set(),
  plugin: false,
};

describe('RateLimit fields (draft-ietf-httpapi-ratelimit-headers-11)', () => {
  it('writes each policy as a quoted name with q and w, and its state with r and t', () => {
    expect(
      rateLimitHeaders([
        {
          policy: 'anon-scans',
          quota: 3,
          windowSeconds: 86_400,
          remaining: 2,
          resetSeconds: 43_200,
        },
      ]),
    ).toEqual({
      'ratelimit-policy': '"anon-scans";q=3;w=86400',
      ratelimit: '"anon-scans";r=2;t=43200',
    });
  });

  it('lists several policies in one field, a cap without a window in the policy only, the last state of a policy wins', () => {
    const headers = rateLimitHeaders([
      { policy: 'key-requests', quota: 600, windowSeconds: 60, remaining: 599, resetSeconds: 12 },
      { policy: 'batch-size', quota: 10, unit: 'domains' },
      {
        policy: 'batch-daily',
        quota: 50,
        windowSeconds: 86_400,
        remaining: 50,
        resetSeconds: 9,
        unit: 'domains',
      },
      {
        policy: 'batch-daily',
        quota: 50,
        windowSeconds: 86_400,
        remaining: 47,
        resetSeconds: 9,
        unit: 'domains',
      },
    ]);
    expect(headers['ratelimit-policy']).toBe(
      '"key-requests";q=600;w=60, "batch-size";q=10;ars-unit="domains", ' +
        '"batch-daily";q=50;w=86400;ars-unit="domains"',
    );
    expect(headers.ratelimit).toBe('"key-requests";r=599;t=12, "batch-daily";r=47;t=9');
  });

  it('writes nothing when no limit was met', () => {
    expect(rateLimitHeaders([])).toEqual({});
  });
});

describe('per-key request rate', () => {
  const route = { auth: 'required' } as const;

  function counter() {
    const counts = new Map<string, number>();
    return {
      counts,
      async hit(keyId: string, windowStart: number) {
        const name = `${keyId}@${windowStart}`;
        counts.set(name, (counts.get(name) ?? 0) + 1);
        return counts.get(name) as number;
      },
    };
  }

  it('lets the quota through, then answers 429 rate_limited with Retry-After up to the window end', async () => {
    const store = counter();
    const now = Date.UTC(2026, 10, 25, 12, 0, 45);
    const reports: LimitState[] = [];
    const deps = { counter: store, perMinute: 3, clock: fixedClock(new Date(now)) };
    for (let request = 0; request < 3; request += 1) {
      await limitRequestRate(route, KEY, (state) => reports.push(state), deps, logger);
    }
    expect(reports.map((state) => state.remaining)).toEqual([2, 1, 0]);
    const refused = await limitRequestRate(
      route,
      KEY,
      (state) => reports.push(state),
      deps,
      logger,
    ).catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: 'rate_limited', retryAfterSeconds: 15 });
    expect(reports.at(-1)).toMatchObject({
      policy: 'key-requests',
      remaining: 0,
      resetSeconds: 15,
    });
    // The next minute is a new window.
    const later = { ...deps, clock: fixedClock(new Date(now + 15_000)), logger };
    await expect(
      limitRequestRate(route, KEY, () => undefined, later, logger),
    ).resolves.toBeUndefined();
  });

  it('counts nothing for anonymous callers, routes without keys, or a limit of 0, and lets a request through when the counter fails', async () => {
    const store = counter();
    const deps = { counter: store, perMinute: 1, clock: systemClock, logger };
    await limitRequestRate(route, { kind: 'anonymous' }, () => undefined, deps, logger);
    await limitRequestRate({ auth: 'none' }, KEY, () => undefined, deps, logger);
    await limitRequestRate(route, KEY, () => undefined, { ...deps, perMinute: 0 }, logger);
    expect(store.counts.size).toBe(0);
    const failing = {
      perMinute: 1,
      clock: systemClock,
      counter: { hit: () => Promise.reject(new Error('ProvisionedThroughputExceededException')) },
    };
    await expect(
      limitRequestRate(route, KEY, () => undefined, failing, logger),
    ).resolves.toBeUndefined();
    expect(logger.at('warn').map((line) => line.message)).toEqual(['request rate not counted']);
  });

  it('fixes windows on the minute and never says 0 seconds to the reset', () => {
    expect(fixedWindow(Date.UTC(2026, 0, 1, 0, 0, 59, 900), 60)).toEqual({
      start: Date.UTC(2026, 0, 1, 0, 0, 0) / 1000,
      resetSeconds: 1,
    });
  });
});
