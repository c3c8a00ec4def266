import { describe, expect, it } from 'vitest';
import { askCanned, fixture } from './fixture-server.ts';

/**
 * An answer that is not an answer (refused, filtered, cut off, paused) must never come back as
 * a success with empty text: the monitor would record it as "brand not mentioned".
 */
describe('answers that are not answers', () => {
  it('google: a candidate stopped for SAFETY is rejected, not an empty answer', async () => {
    const { result, error } = await askCanned('google', {
      body: fixture('google', 'finish-safety.json'),
    });
    expect(result).toBeUndefined();
    expect(error?.type).toBe('rejected');
    expect(error?.message).toContain('SAFETY');
  });

  it('google: output cut off by the token limit before any text is rejected, naming the limit', async () => {
    const { error } = await askCanned('google', {
      body: fixture('google', 'max-tokens-empty.json'),
    });
    expect(error?.type).toBe('rejected');
    expect(error?.message).toContain('MAX_TOKENS');
  });

  it('anthropic: a refusal is rejected', async () => {
    const { error } = await askCanned('anthropic', { body: fixture('anthropic', 'refusal.json') });
    expect(error?.type).toBe('rejected');
    expect(error?.message).toContain('refusal');
  });

  it('anthropic: a paused turn is a retryable error, not a finished answer', async () => {
    const { error } = await askCanned('anthropic', {
      body: fixture('anthropic', 'pause-turn.json'),
    });
    expect(error?.type).toBe('unavailable');
    expect(error?.message).toContain('pause_turn');
  });

  it('anthropic: hitting our own search cap after successful searches keeps the grounded answer', async () => {
    const { result, error } = await askCanned('anthropic', {
      body: fixture('anthropic', 'max-uses-after-results.json'),
    });
    expect(error).toBeUndefined();
    expect(result?.text).toBe('Example Payroll is a common choice.');
    expect(result?.searched).toBe(true);
    expect(result?.citations).toEqual([
      {
        url: 'https://www.example.org/payroll',
        domain: 'example.org',
        title: 'Payroll guide',
        cited: true,
      },
    ]);
  });

  it('anthropic: a search throttled inside a 200 takes its delay from the rate-limit headers', async () => {
    const { error } = await askCanned('anthropic', {
      headers: {
        'anthropic-ratelimit-requests-remaining': '0',
        'anthropic-ratelimit-requests-reset': new Date(Date.now() + 30_000).toISOString(),
      },
      body: fixture('anthropic', 'search-error-in-200.json').replace(
        '"unavailable"',
        '"too_many_requests"',
      ),
    });
    expect(error?.type).toBe('throttled');
    expect(error?.retryAfterSeconds).toBeGreaterThanOrEqual(29);
    expect(error?.retryAfterSeconds).toBeLessThanOrEqual(30);
  });

  it('openai: a refusal part is rejected and quotes the refusal', async () => {
    const { error } = await askCanned('openai', { body: fixture('openai', 'refusal.json') });
    expect(error?.type).toBe('rejected');
    expect(error?.message).toContain("I can't help with that request.");
  });

  it('openai: an incomplete run stopped by the content filter is rejected', async () => {
    const { error } = await askCanned('openai', {
      body: fixture('openai', 'incomplete-content-filter.json'),
    });
    expect(error?.type).toBe('rejected');
    expect(error?.message).toContain('content_filter');
  });

  it('perplexity: a run blocked by moderation is rejected, not mistaken for a rate limit', async () => {
    const { error } = await askCanned('perplexity', {
      body: fixture('perplexity', 'failed-moderated.json'),
    });
    expect(error?.type).toBe('rejected');
  });
});

describe('retry delays', () => {
  it('do not take a 5xx delay from rate-limit reset headers', async () => {
    const { error } = await askCanned('openai', {
      status: 500,
      headers: { 'x-ratelimit-remaining-tokens': '150000', 'x-ratelimit-reset-tokens': '6m0s' },
      body: fixture('openai', 'error-500.json'),
    });
    expect(error?.type).toBe('unavailable');
    expect(error?.retryAfterSeconds).toBeNull();
  });

  it('take a 429 delay from the message when no limit is exhausted', async () => {
    const { error } = await askCanned('openai', {
      status: 429,
      headers: { 'x-ratelimit-remaining-tokens': '150000', 'x-ratelimit-reset-tokens': '6m0s' },
      body: JSON.stringify({
        error: {
          message:
            'Rate limit reached for gpt-5-mini on tokens per min (TPM). Please try again in 2.5s.',
          type: 'tokens',
          code: 'rate_limit_exceeded',
        },
      }),
    });
    expect(error?.type).toBe('throttled');
    expect(error?.retryAfterSeconds).toBe(2.5);
  });
});
