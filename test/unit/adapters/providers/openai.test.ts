import { describe, expect, it } from 'vitest';
import { askCanned, fixture } from './fixture-server.ts';

describe('openai adapter against documented Responses API shapes', () => {
  it('sends a Responses request with the bearer key, web_search tool and source include online', async () => {
    const { sent } = await askCanned('openai', {
      body: fixture('openai', 'raw-no-citations.json'),
    });

    expect(sent?.method).toBe('POST');
    expect(sent?.path).toBe('/v1/responses');
    expect(sent?.headers.authorization).toBe('Bearer test-key');
    expect(sent?.body).toMatchObject({
      model: 'openai-test-model',
      input: 'Which payroll tools suit small agencies?',
      max_output_tokens: 1024,
      tools: [{ type: 'web_search' }],
      include: ['web_search_call.action.sources'],
    });
  });

  it('sends no tools in raw mode', async () => {
    const { sent } = await askCanned(
      'openai',
      { body: fixture('openai', 'raw-no-citations.json') },
      { prompt: 'Which payroll tools?', mode: 'raw' },
    );

    expect(sent?.body).not.toHaveProperty('tools');
    expect(sent?.body).not.toHaveProperty('include');
  });

  it('accepts a base URL that already ends in /v1, as the OpenAI SDK spells it', async () => {
    const { sent } = await askCanned(
      'openai',
      { body: fixture('openai', 'raw-no-citations.json') },
      undefined,
      (serverUrl) => ({ baseUrl: `${serverUrl}/v1` }),
    );

    expect(sent?.path).toBe('/v1/responses');
  });

  it('reads cited url_citation annotations first, then sources the search only retrieved', async () => {
    const { result } = await askCanned('openai', {
      body: fixture('openai', 'online-with-citations.json'),
    });

    expect(result?.searched).toBe(true);
    // `queries` (the current field) wins over the deprecated single `query`; each query once.
    expect(result?.searchQueries).toEqual([
      'best payroll software small agencies Germany',
      'Personio vs DATEV',
    ]);
    expect(result?.model).toBe('gpt-5-mini-2025-08-07');
    expect(result?.text).toMatch(/^For small agencies, Personio and DATEV/);
    expect(result?.citations).toEqual([
      {
        url: 'https://www.example.org/payroll-review',
        domain: 'example.org',
        title: 'Best payroll tools 2026',
        cited: true,
      },
      {
        url: 'https://www.personio.com/pricing/',
        domain: 'personio.com',
        title: 'Personio pricing',
        cited: true,
      },
      {
        url: 'https://www.example.org/agencies/payroll',
        domain: 'example.org',
        title: 'Payroll for agencies',
        cited: true,
      },
      {
        url: 'https://blog.datev.de/lohn-guide',
        domain: 'blog.datev.de',
        title: null,
        cited: false,
      },
    ]);
    expect(result?.usage).toEqual({ inputTokens: 9100, outputTokens: 850, totalTokens: 9950 });
  });

  it('joins output_text parts and reports no search when the output has no search call', async () => {
    const { result } = await askCanned('openai', {
      body: fixture('openai', 'raw-no-citations.json'),
    });

    expect(result?.text).toBe('Common choices are Personio, DATEV and Sage.');
    expect(result?.citations).toEqual([]);
    expect(result?.searched).toBe(false);
    expect(result?.searchQueries).toEqual([]);
  });

  it('keeps the partial text of an incomplete response', async () => {
    const { result } = await askCanned('openai', {
      body: fixture('openai', 'online-no-search.json'),
    });

    expect(result?.text).toBe('Personio is widely used');
    expect(result?.searched).toBe(false);
    expect(result?.searchQueries).toEqual([]);
  });

  it('maps a failed run inside a 200 to unavailable when the code is server_error', async () => {
    const { error } = await askCanned('openai', { body: fixture('openai', 'failed-in-200.json') });

    expect(error?.type).toBe('unavailable');
    expect(error?.status).toBe(200);
  });

  it('maps a 429 with retry-after-ms to throttled with the delay in seconds', async () => {
    const { error } = await askCanned('openai', {
      status: 429,
      headers: { 'retry-after-ms': '1500' },
      body: fixture('openai', 'error-429-rate-limit.json'),
    });

    expect(error?.type).toBe('throttled');
    expect(error?.retryAfterSeconds).toBe(1.5);
    expect(error?.status).toBe(429);
    expect(error?.message).toContain('Rate limit reached');
  });

  const exhaustedTokens = {
    'x-ratelimit-remaining-requests': '12',
    'x-ratelimit-reset-requests': '2s',
    'x-ratelimit-remaining-tokens': '0',
    'x-ratelimit-reset-tokens': '1m6.5s',
  };

  it('prefers the delay a 429 message names for this request over the limit reset', async () => {
    const { error } = await askCanned('openai', {
      status: 429,
      headers: exhaustedTokens,
      body: fixture('openai', 'error-429-rate-limit.json'),
    });

    expect(error?.type).toBe('throttled');
    expect(error?.retryAfterSeconds).toBe(41.724);
  });

  it('maps a 429 with only x-ratelimit headers to the reset of the exhausted limit', async () => {
    const { error } = await askCanned('openai', {
      status: 429,
      headers: exhaustedTokens,
      body: JSON.stringify({
        error: { message: 'Rate limit reached.', type: 'tokens', code: 'rate_limit_exceeded' },
      }),
    });

    expect(error?.type).toBe('throttled');
    expect(error?.retryAfterSeconds).toBe(66.5);
  });

  it('maps a 429 for insufficient_quota to rejected, since waiting does not help', async () => {
    const { error } = await askCanned('openai', {
      status: 429,
      headers: { 'retry-after': '20' },
      body: fixture('openai', 'error-429-insufficient-quota.json'),
    });

    expect(error?.type).toBe('rejected');
    expect(error?.retryAfterSeconds).toBeNull();
  });

  it('maps a 500 to unavailable and a 401 to rejected', async () => {
    const server = await askCanned('openai', {
      status: 500,
      body: fixture('openai', 'error-500.json'),
    });
    const auth = await askCanned('openai', {
      status: 401,
      body: fixture('openai', 'error-401.json'),
    });

    expect(server.error?.type).toBe('unavailable');
    expect(auth.error?.type).toBe('rejected');
    expect(auth.error?.message).toContain('Incorrect API key');
  });

  it('maps a body that is not JSON to invalid_response', async () => {
    const truncated = fixture('openai', 'online-with-citations.json').slice(0, 400);
    const { error } = await askCanned('openai', { body: truncated });

    expect(error?.type).toBe('invalid_response');
  });

  it('maps JSON of an unexpected shape to invalid_response naming the field', async () => {
    const { error } = await askCanned('openai', {
      body: JSON.stringify({ status: 'completed', model: 'x', output: 'not a list' }),
    });

    expect(error?.type).toBe('invalid_response');
    expect(error?.message).toContain('output');
  });
});
