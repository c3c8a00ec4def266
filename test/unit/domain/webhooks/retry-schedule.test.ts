import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RETRY_DELAYS_S,
  JITTER_RATIO,
  MAX_SCHEDULE_ENTRIES,
  MAX_SINGLE_DELAY_S,
  maxAttempts,
  nextDelaySeconds,
  parseRetryAfter,
  parseRetrySchedule,
  RETRY_AFTER_MIN_CAP_S,
  RetryScheduleError,
  resolveRetrySchedule,
} from '#shared/domain/webhooks/retry-schedule';

const now = new Date('2026-03-01T12:00:00.000Z');
const middle = () => 0.5;
const lowest = () => 0;
const highest = () => 0.999_999_999;

/** A small seeded generator, so the sweep below is repeatable. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

describe('default schedule', () => {
  it('is the Svix-style schedule: 8 attempts over about 27.6 hours, growing', () => {
    expect(DEFAULT_RETRY_DELAYS_S).toEqual([5, 300, 1800, 7200, 18000, 36000, 36000]);
    expect(maxAttempts(DEFAULT_RETRY_DELAYS_S)).toBe(8);
    const totalHours = DEFAULT_RETRY_DELAYS_S.reduce((sum, delay) => sum + delay, 0) / 3600;
    expect(totalHours).toBeGreaterThan(27);
    expect(totalHours).toBeLessThan(28);
  });

  it('cannot be changed by a caller', () => {
    expect(Object.isFrozen(DEFAULT_RETRY_DELAYS_S)).toBe(true);
  });
});

describe('parseRetrySchedule', () => {
  it('reads comma-separated whole seconds, spaces allowed', () => {
    expect(parseRetrySchedule('5,300,1800')).toEqual([5, 300, 1800]);
    expect(parseRetrySchedule(' 1 , 1 ,2 ')).toEqual([1, 1, 2]);
    expect(parseRetrySchedule('0')).toEqual([0]);
  });

  it.each([
    ['', /entry 1 is an empty entry/],
    ['5,,300', /entry 2 is an empty entry/],
    ['5,300,', /entry 3 is an empty entry/],
    ['5,1.5', /entry 2 is "1.5"/],
    ['5,-1', /entry 2 is "-1"/],
    ['5s,300', /entry 1 is "5s"/],
    ['1e3', /entry 1 is "1e3"/],
    ['5;300', /entry 1 is "5;300"/],
    ['300,5', /entry 2 \(5\) is shorter than the one before \(300\)/],
    [`${MAX_SINGLE_DELAY_S + 1}`, /must be whole seconds from 0 to/],
    [Array.from({ length: MAX_SCHEDULE_ENTRIES + 1 }, () => '1').join(','), /at most 20/],
  ])('refuses %j with a clear configuration error', (text, message) => {
    const attempt = () => parseRetrySchedule(text);
    expect(attempt).toThrow(RetryScheduleError);
    expect(attempt).toThrow(/^Invalid WEBHOOK_RETRY_DELAYS_S: /);
    expect(attempt).toThrow(message);
  });
});

describe('resolveRetrySchedule', () => {
  it('uses the default when the variable is unset or blank', () => {
    expect(resolveRetrySchedule(undefined)).toBe(DEFAULT_RETRY_DELAYS_S);
    expect(resolveRetrySchedule(null)).toBe(DEFAULT_RETRY_DELAYS_S);
    expect(resolveRetrySchedule('  ')).toBe(DEFAULT_RETRY_DELAYS_S);
  });

  it('parses a string and validates a list', () => {
    expect(resolveRetrySchedule('1,2')).toEqual([1, 2]);
    expect(resolveRetrySchedule([1, 2])).toEqual([1, 2]);
    expect(() => resolveRetrySchedule([2, 1])).toThrow(RetryScheduleError);
    expect(() => resolveRetrySchedule([])).toThrow(/at least one delay/);
    expect(() => resolveRetrySchedule([Number.NaN])).toThrow(RetryScheduleError);
  });
});

describe('nextDelaySeconds: schedule and exhaustion', () => {
  it('waits delay i after failed attempt i, then gives up after schedule length + 1 attempts', () => {
    const schedule = [10, 20, 30];
    const delays = [1, 2, 3, 4, 5].map((attemptsMade) =>
      nextDelaySeconds({ attemptsMade, schedule, now, random: middle }),
    );
    expect(delays).toEqual([10, 20, 30, null, null]);
    expect(maxAttempts(schedule)).toBe(4);
  });

  it('gives up when exhausted even if the receiver sent Retry-After', () => {
    expect(
      nextDelaySeconds({ attemptsMade: 2, schedule: [10], retryAfter: '5', now, random: middle }),
    ).toBeNull();
  });

  it.each([0, -1, 1.5, Number.NaN])('refuses attemptsMade = %s', (attemptsMade) => {
    expect(() => nextDelaySeconds({ attemptsMade, schedule: [1], now, random: middle })).toThrow(
      RangeError,
    );
  });
});

describe('nextDelaySeconds: jitter', () => {
  it('stays within +-20 % of the scheduled delay, reaching both ends', () => {
    expect(JITTER_RATIO).toBe(0.2);
    const schedule = [1000];
    expect(nextDelaySeconds({ attemptsMade: 1, schedule, now, random: lowest })).toBe(800);
    expect(nextDelaySeconds({ attemptsMade: 1, schedule, now, random: highest })).toBe(1200);
  });

  it('keeps every delay of the default schedule within its bounds over many draws', () => {
    const random = seeded(42);
    DEFAULT_RETRY_DELAYS_S.forEach((scheduled, index) => {
      const seen = new Set<number>();
      for (let draw = 0; draw < 500; draw++) {
        const delay = nextDelaySeconds({
          attemptsMade: index + 1,
          schedule: DEFAULT_RETRY_DELAYS_S,
          now,
          random,
        });
        expect(delay).not.toBeNull();
        expect(Number.isInteger(delay)).toBe(true);
        expect(delay).toBeGreaterThanOrEqual(Math.round(scheduled * 0.8));
        expect(delay).toBeLessThanOrEqual(Math.round(scheduled * 1.2));
        seen.add(delay as number);
      }
      // Jitter actually spreads the retries (the 5 s entry can only take 4, 5 or 6).
      expect(seen.size).toBeGreaterThanOrEqual(Math.min(3, Math.round(scheduled * 0.4) + 1));
    });
  });

  it('keeps a zero delay at zero and tolerates a random source out of range', () => {
    expect(nextDelaySeconds({ attemptsMade: 1, schedule: [0], now, random: highest })).toBe(0);
    expect(nextDelaySeconds({ attemptsMade: 1, schedule: [100], now, random: () => 7 })).toBe(120);
    expect(nextDelaySeconds({ attemptsMade: 1, schedule: [100], now, random: () => -3 })).toBe(80);
  });
});

describe('nextDelaySeconds: Retry-After', () => {
  const schedule = [60, 7200];
  const delay = (retryAfter: string | null, attemptsMade = 1, random = middle) =>
    nextDelaySeconds({ attemptsMade, schedule, retryAfter, now, random });

  it('lengthens the wait to what the receiver asks within the cap', () => {
    expect(delay('90')).toBe(90);
    expect(delay('600')).toBe(600);
  });

  it('never shortens the scheduled (jittered) delay', () => {
    expect(delay('0')).toBe(60);
    expect(delay('10')).toBe(60);
    expect(delay('10', 1, highest)).toBe(72);
  });

  it('is capped at max(2 x scheduled delay, 1 hour)', () => {
    expect(RETRY_AFTER_MIN_CAP_S).toBe(3600);
    // 2 x 60 s is less than an hour, so an hour is the cap for the first retry.
    expect(delay('86400')).toBe(3600);
    // 2 x 7200 s is more than an hour.
    expect(delay('86400', 2)).toBe(14_400);
    expect(delay('99999999999999999999', 2)).toBe(14_400);
  });

  it('reads an HTTP date relative to now, in all three RFC 9110 formats', () => {
    expect(delay('Sun, 01 Mar 2026 12:10:00 GMT')).toBe(600);
    expect(delay('Sunday, 01-Mar-26 12:10:00 GMT')).toBe(600);
    expect(delay('Sun Mar  1 12:10:00 2026')).toBe(600);
  });

  it('treats a date in the past as "no extra wait"', () => {
    expect(parseRetryAfter('Sun, 01 Mar 2026 11:00:00 GMT', now)).toBe(0);
    expect(delay('Sun, 01 Mar 2026 11:00:00 GMT')).toBe(60);
  });

  it('ignores an unreadable header and falls back to the schedule', () => {
    for (const value of ['soon', '-5', '1.5', '2026-03-01T12:10:00Z', '', null]) {
      expect(parseRetryAfter(value, now)).toBeNull();
      expect(delay(value)).toBe(60);
    }
  });

  it('rounds a date a fraction of a second away up to a whole second', () => {
    const justBefore = new Date('2026-03-01T12:09:59.250Z');
    expect(parseRetryAfter('Sun, 01 Mar 2026 12:10:00 GMT', justBefore)).toBe(1);
  });
});
