/**
 * When a failed webhook delivery is tried again.
 *
 * The schedule is a list of delays in seconds (`WEBHOOK_RETRY_DELAYS_S`, comma-separated): the
 * first attempt goes out at once, delay i is waited after failed attempt i, so a delivery gets at
 * most `schedule.length + 1` attempts. The default is Svix's open-source schedule (5 s, 5 min,
 * 30 min, 2 h, 5 h, 10 h, 10 h): 8 attempts over about 27.6 hours, long enough to ride out a
 * receiver's deploy or a night-long outage, short enough that a receiver's dedup store (we ask
 * for 3 days) always outlives the retries.
 *
 * Jitter: each scheduled delay is multiplied by a factor drawn uniformly from [0.8, 1.2] and
 * rounded to whole seconds (Step Functions waits in whole seconds), so the retries of many
 * deliveries that failed together (one receiver outage) do not come back in lock-step.
 *
 * `Retry-After` (seconds or an HTTP date) can only lengthen a wait: the delay is
 * max(jittered delay, Retry-After), and Retry-After counts for at most
 * max(2 x scheduled delay, 1 hour). A receiver can therefore slow us down, but can neither make
 * us hammer it (Retry-After: 0) nor park a delivery for days (Retry-After: 1 year); the whole
 * retry horizon stays bounded (at most about 57 hours with the default schedule).
 */

export const RETRY_DELAYS_ENV = 'WEBHOOK_RETRY_DELAYS_S';
export const DEFAULT_RETRY_DELAYS_S: readonly number[] = Object.freeze([
  5, 300, 1_800, 7_200, 18_000, 36_000, 36_000,
]);
/** Jittered delays lie in [(1 - JITTER_RATIO) x delay, (1 + JITTER_RATIO) x delay]. */
export const JITTER_RATIO = 0.2;
/** Retry-After may always ask for up to this long, whatever the schedule says. */
export const RETRY_AFTER_MIN_CAP_S = 3_600;
/** Limits on a configured schedule; beyond them the value is almost certainly a typo. */
export const MAX_SCHEDULE_ENTRIES = 20;
export const MAX_SINGLE_DELAY_S = 7 * 24 * 3_600;

/** A bad WEBHOOK_RETRY_DELAYS_S: a configuration error, raised at start, never per request. */
export class RetryScheduleError extends Error {
  constructor(message: string) {
    super(`Invalid ${RETRY_DELAYS_ENV}: ${message}`);
    this.name = 'RetryScheduleError';
  }
}

/**
 * Parses "5,300,1800": whole seconds, comma-separated (spaces around entries allowed), from
 * 0 to 7 days each, never shorter than the one before, at most 20 entries.
 */
export function parseRetrySchedule(text: string): readonly number[] {
  const entries = text.split(',').map((entry) => entry.trim());
  const delays = entries.map((entry, index) => {
    if (!/^\d+$/.test(entry)) {
      const shown = entry === '' ? 'an empty entry' : `"${entry}"`;
      throw new RetryScheduleError(
        `entry ${index + 1} is ${shown}; expected whole seconds such as "5,300,1800"`,
      );
    }
    return Number(entry);
  });
  return validateRetrySchedule(delays);
}

/** Checks a schedule given as numbers, with the same rules as the parser. */
export function validateRetrySchedule(delays: readonly number[]): readonly number[] {
  if (delays.length === 0) {
    throw new RetryScheduleError('the schedule needs at least one delay');
  }
  if (delays.length > MAX_SCHEDULE_ENTRIES) {
    throw new RetryScheduleError(
      `${delays.length} delays given; at most ${MAX_SCHEDULE_ENTRIES} are allowed`,
    );
  }
  delays.forEach((delay, index) => {
    if (!Number.isSafeInteger(delay) || delay < 0 || delay > MAX_SINGLE_DELAY_S) {
      throw new RetryScheduleError(
        `entry ${index + 1} (${delay}) must be whole seconds from 0 to ${MAX_SINGLE_DELAY_S}`,
      );
    }
    const previous = delays[index - 1];
    if (previous !== undefined && delay < previous) {
      throw new RetryScheduleError(
        `entry ${index + 1} (${delay}) is shorter than the one before (${previous}); delays grow`,
      );
    }
  });
  return Object.freeze([...delays]);
}

/** The schedule from configuration: unset or blank means the default. */
export function resolveRetrySchedule(
  configured: string | readonly number[] | null | undefined,
): readonly number[] {
  if (configured === undefined || configured === null) {
    return DEFAULT_RETRY_DELAYS_S;
  }
  if (typeof configured === 'string') {
    return configured.trim() === '' ? DEFAULT_RETRY_DELAYS_S : parseRetrySchedule(configured);
  }
  return validateRetrySchedule(configured);
}

/** The largest number of attempts one delivery gets under `schedule`. */
export function maxAttempts(schedule: readonly number[]): number {
  return schedule.length + 1;
}

export interface NextDelayInput {
  /** Attempts already made for this delivery, the one that just failed included (>= 1). */
  attemptsMade: number;
  schedule: readonly number[];
  /** The receiver's Retry-After header, if it sent one. */
  retryAfter?: string | null;
  now: Date;
  /** Uniform in [0, 1), e.g. Math.random; injected so tests are exact. */
  random: () => number;
}

/** Seconds to wait before the next attempt, or null when the delivery has no attempts left. */
export function nextDelaySeconds(input: NextDelayInput): number | null {
  const { attemptsMade, schedule } = input;
  if (!Number.isSafeInteger(attemptsMade) || attemptsMade < 1) {
    throw new RangeError(`attemptsMade must be a whole number >= 1, got ${attemptsMade}`);
  }
  const scheduled = schedule[attemptsMade - 1];
  if (scheduled === undefined) {
    return null;
  }
  const jittered = jitter(scheduled, input.random());
  const requested = parseRetryAfter(input.retryAfter, input.now);
  if (requested === null) {
    return jittered;
  }
  const cap = Math.max(2 * scheduled, RETRY_AFTER_MIN_CAP_S);
  return Math.max(jittered, Math.min(requested, cap));
}

function jitter(delay: number, draw: number): number {
  const unit = Number.isFinite(draw) ? Math.min(Math.max(draw, 0), 1) : 0.5;
  const factor = 1 + JITTER_RATIO * (2 * unit - 1);
  return Math.round(delay * factor);
}

const IMF_FIXDATE = /^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/;
const RFC850_DATE = /^[A-Z][a-z]+, \d{2}-[A-Z][a-z]{2}-\d{2} \d{2}:\d{2}:\d{2} GMT$/;
const ASCTIME_DATE = /^[A-Z][a-z]{2} [A-Z][a-z]{2} [ \d]\d \d{2}:\d{2}:\d{2} \d{4}$/;

/**
 * Retry-After as whole seconds from `now` (RFC 9110 10.2.3: delay-seconds or an HTTP date in
 * any of its three formats); a date in the past is 0. Null when absent or unreadable, so a
 * malformed header simply falls back to the schedule.
 */
export function parseRetryAfter(value: string | null | undefined, now: Date): number | null {
  const text = value?.trim();
  if (!text) {
    return null;
  }
  if (/^\d+$/.test(text)) {
    return Number(text);
  }
  let at = Number.NaN;
  if (IMF_FIXDATE.test(text) || RFC850_DATE.test(text)) {
    at = Date.parse(text);
  } else if (ASCTIME_DATE.test(text)) {
    // asctime carries no zone; HTTP dates are always GMT.
    at = Date.parse(`${text} GMT`);
  }
  if (Number.isNaN(at)) {
    return null;
  }
  return Math.max(0, Math.ceil((at - now.getTime()) / 1000));
}
