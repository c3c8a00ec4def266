import { describe, expect, it } from 'vitest';
import {
  DEFAULT_IN_FLIGHT_MS,
  IN_FLIGHT_MARGIN_MS,
  inFlightExpiry,
} from '#shared/domain/kernel/idempotency';

/** Issue 36, point 10: an in-flight claim lapses at the request's deadline plus a margin. */
describe('inFlightExpiry', () => {
  const now = Date.UTC(2026, 0, 1, 12, 0, 0, 250);

  it('is the remaining time plus the margin, rounded up to whole seconds', () => {
    expect(inFlightExpiry(now, 10_000)).toBe(
      Math.ceil((now + 10_000 + IN_FLIGHT_MARGIN_MS) / 1000),
    );
    expect(inFlightExpiry(now, 10_000) - now / 1000).toBeLessThanOrEqual(13);
  });

  it('takes the longest integration time when the remaining time is unknown or spent', () => {
    const fallback = Math.ceil((now + DEFAULT_IN_FLIGHT_MS + IN_FLIGHT_MARGIN_MS) / 1000);
    expect(inFlightExpiry(now, undefined)).toBe(fallback);
    expect(inFlightExpiry(now, 0)).toBe(fallback);
    expect(inFlightExpiry(now, Number.NaN)).toBe(fallback);
  });

  it('is never near the 24 hours a stored response is kept', () => {
    expect(inFlightExpiry(now, 900_000) - now / 1000).toBeLessThan(24 * 60 * 60);
  });
});
