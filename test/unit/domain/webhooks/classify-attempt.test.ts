import { describe, expect, it } from 'vitest';
import { classifyAttempt } from '#shared/domain/webhooks/attempt';

describe('classifyAttempt', () => {
  it.each([200, 201, 202, 204, 299])('counts HTTP %s as delivered', (status) => {
    expect(classifyAttempt({ status, durationMs: 12 })).toEqual({
      outcome: 'delivered',
      status,
      errorClass: null,
      error: null,
      durationMs: 12,
      retryAfter: null,
    });
  });

  it('stops deliveries to the endpoint on 410 Gone', () => {
    const result = classifyAttempt({ status: 410, durationMs: 5 });
    expect(result.outcome).toBe('gone');
    expect(result.errorClass).toBe('http');
    expect(result.error).toMatch(/410 Gone/);
  });

  it.each([301, 302, 303, 307, 308])(
    'counts a %s redirect as a failure to retry, recording where it pointed',
    (status) => {
      const result = classifyAttempt({
        status,
        durationMs: 5,
        location: 'https://elsewhere.example/hook',
      });
      expect(result.outcome).toBe('retry');
      expect(result.errorClass).toBe('redirect');
      expect(result.error).toContain(`HTTP ${status}`);
      expect(result.error).toContain('https://elsewhere.example/hook');
      expect(result.error).toContain('not followed');
    },
  );

  it('clips a very long Location in the log text', () => {
    const location = `https://elsewhere.example/${'a'.repeat(5000)}`;
    const result = classifyAttempt({ status: 302, durationMs: 5, location });
    expect(result.error?.length).toBeLessThan(400);
  });

  it.each([400, 401, 403, 404, 408, 413, 422, 429, 500, 502, 503, 504])(
    'retries HTTP %s: no 4xx is permanent',
    (status) => {
      const result = classifyAttempt({ status, durationMs: 5 });
      expect(result).toMatchObject({
        outcome: 'retry',
        status,
        errorClass: 'http',
        error: `HTTP ${status}`,
      });
    },
  );

  it('passes Retry-After on for the retry schedule', () => {
    const result = classifyAttempt({ status: 429, durationMs: 5, retryAfter: '120' });
    expect(result.retryAfter).toBe('120');
  });

  it.each(['timeout', 'network', 'tls'])('retries a %s error and records its text', (kind) => {
    const result = classifyAttempt({
      error: { class: kind, message: `${kind} went wrong` },
      durationMs: 10_000,
    });
    expect(result).toEqual({
      outcome: 'retry',
      status: null,
      errorClass: kind,
      error: `${kind} went wrong`,
      durationMs: 10_000,
      retryAfter: null,
    });
  });

  it('fails a delivery the address policy blocked, without retrying it', () => {
    const result = classifyAttempt({
      error: { class: 'blocked', message: 'resolves to a non-public address' },
      durationMs: 1,
    });
    expect(result.outcome).toBe('failed');
    expect(result.errorClass).toBe('blocked');
  });

  it('refuses an attempt with neither a status nor an error', () => {
    expect(() => classifyAttempt({ durationMs: 1 })).toThrow(TypeError);
  });
});
