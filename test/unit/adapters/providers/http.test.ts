import { describe, expect, it } from 'vitest';
import {
  errorTypeForStatus,
  parseGoDuration,
  retryAfterFromHeaders,
  throttleDelayFromHeaders,
} from '#shared/adapters/providers/http';

const NOW = Date.parse('2026-05-01T12:00:00Z');

describe('retryAfterFromHeaders', () => {
  it('prefers retry-after-ms over retry-after', () => {
    expect(retryAfterFromHeaders({ 'retry-after-ms': '250', 'retry-after': '9' }, NOW)).toBe(0.25);
  });

  it('reads retry-after as seconds or as an HTTP date', () => {
    expect(retryAfterFromHeaders({ 'retry-after': '7' }, NOW)).toBe(7);
    expect(retryAfterFromHeaders({ 'retry-after': 'Fri, 01 May 2026 12:01:30 GMT' }, NOW)).toBe(90);
  });

  it('reads the reset of the exhausted OpenAI limit as a Go duration', () => {
    const headers = {
      'x-ratelimit-remaining-requests': '0',
      'x-ratelimit-reset-requests': '6m0s',
      'x-ratelimit-remaining-tokens': '100',
      'x-ratelimit-reset-tokens': '8m',
    };
    expect(throttleDelayFromHeaders(headers, NOW)).toBe(360);
  });

  it('reads the reset of the exhausted Anthropic limit as an RFC 3339 instant', () => {
    const headers = {
      'anthropic-ratelimit-tokens-remaining': '0',
      'anthropic-ratelimit-tokens-reset': '2026-05-01T12:00:42Z',
      'anthropic-ratelimit-requests-remaining': '10',
      'anthropic-ratelimit-requests-reset': '2026-05-01T12:05:00Z',
    };
    expect(throttleDelayFromHeaders(headers, NOW)).toBe(42);
  });

  it('reads x-ratelimit-reset as a delay, or as epoch seconds when it is that large', () => {
    expect(throttleDelayFromHeaders({ 'x-ratelimit-reset': '12' }, NOW)).toBe(12);
    expect(throttleDelayFromHeaders({ 'x-ratelimit-reset': String(NOW / 1000 + 30) }, NOW)).toBe(
      30,
    );
  });

  it('ignores the reset of limits that are not exhausted', () => {
    const headers = {
      'x-ratelimit-remaining-tokens': '150000',
      'x-ratelimit-reset-tokens': '6m0s',
    };
    expect(throttleDelayFromHeaders(headers, NOW)).toBeNull();
  });

  it('returns null when no header announces a delay', () => {
    expect(retryAfterFromHeaders({ 'retry-after': 'soon', 'content-type': 'x' }, NOW)).toBeNull();
  });
});

describe('parseGoDuration', () => {
  it('sums hours, minutes, seconds and milliseconds', () => {
    expect(parseGoDuration('1h2m3.5s')).toBe(3723.5);
    expect(parseGoDuration('12ms')).toBe(0.012);
    expect(parseGoDuration('later')).toBeNull();
  });
});

describe('errorTypeForStatus', () => {
  it('classifies statuses the way the official SDKs decide whether to retry', () => {
    expect(errorTypeForStatus(429, {})).toBe('throttled');
    expect(errorTypeForStatus(529, {})).toBe('unavailable');
    expect(errorTypeForStatus(409, {})).toBe('unavailable');
    expect(errorTypeForStatus(403, {})).toBe('rejected');
    expect(errorTypeForStatus(400, { 'x-should-retry': 'true' })).toBe('unavailable');
  });
});
