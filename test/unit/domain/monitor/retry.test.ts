import { describe, expect, it } from 'vitest';
import type { RetrySettings } from '#shared/domain/monitor/config';
import { ProviderError } from '#shared/domain/monitor/provider-port';
import { decideFailure, retryDelay } from '#shared/domain/monitor/retry';

const SETTINGS: RetrySettings = {
  attempts: 5,
  baseSeconds: 2,
  maxSeconds: 60,
  hintMaxSeconds: 600,
};

const throttled = (hint: number | null) =>
  new ProviderError('openai', 'throttled', 'rate limited', {
    status: 429,
    retryAfterSeconds: hint,
  });

describe('decideFailure', () => {
  it('waits at least the provider’s retry hint, longer as attempts grow', () => {
    const first = decideFailure(throttled(20), 1, SETTINGS, 0);
    expect(first).toMatchObject({ kind: 'retry', waitSeconds: 20 });
    // The backoff passes the hint once it is larger: 2 * 2^5 = 64, capped at 60.
    const late = decideFailure(throttled(20), 4, { ...SETTINGS, attempts: 10 }, 0.999);
    expect(late.kind).toBe('retry');
    expect(late.kind === 'retry' && late.waitSeconds).toBeGreaterThanOrEqual(20);
    const later = decideFailure(throttled(20), 6, { ...SETTINGS, attempts: 10 }, 0.999);
    expect(later.kind === 'retry' && later.waitSeconds).toBe(60);
  });

  it('backs off exponentially without a hint, with jitter that never drops below half', () => {
    const delays = [1, 2, 3, 4].map((attempt) => retryDelay(attempt, 0, SETTINGS, 0));
    expect(delays).toEqual([1, 2, 4, 8]);
    expect([1, 2, 3, 4].map((attempt) => retryDelay(attempt, 0, SETTINGS, 0.999))).toEqual([
      2, 4, 8, 16,
    ]);
  });

  it('gives the family up when the hint announces a daily quota', () => {
    expect(decideFailure(throttled(3600), 1, SETTINGS, 0.5).kind).toBe('give_up');
  });

  it('gives the family up after the configured number of tries', () => {
    const outage = new ProviderError('google', 'unavailable', 'HTTP 503', { status: 503 });
    expect(decideFailure(outage, 4, SETTINGS, 0.5).kind).toBe('retry');
    expect(decideFailure(outage, 5, SETTINGS, 0.5)).toMatchObject({ kind: 'give_up' });
  });

  it('gives the family up at once when the account is refused, skips a refused prompt', () => {
    for (const status of [401, 402, 403, 404, 429]) {
      const refused = new ProviderError('anthropic', 'rejected', 'no', { status });
      expect(decideFailure(refused, 1, SETTINGS).kind, String(status)).toBe('give_up');
    }
    const filtered = new ProviderError('openai', 'rejected', 'content_filter', { status: 200 });
    expect(decideFailure(filtered, 1, SETTINGS).kind).toBe('skip_cell');
    const badRequest = new ProviderError('openai', 'rejected', 'bad prompt', { status: 400 });
    expect(decideFailure(badRequest, 1, SETTINGS).kind).toBe('skip_cell');
  });

  it('retries timeouts and unreadable bodies like outages', () => {
    for (const type of ['timeout', 'invalid_response'] as const) {
      expect(decideFailure(new ProviderError('perplexity', type, type), 1, SETTINGS, 0).kind).toBe(
        'retry',
      );
    }
  });

  it('treats an error that is not the provider’s (no key, bad settings) as a family that cannot answer', () => {
    expect(decideFailure(new Error('OPENAI_API_KEY is not set'), 1, SETTINGS)).toMatchObject({
      kind: 'give_up',
      reason: expect.stringContaining('not configured'),
    });
  });
});
