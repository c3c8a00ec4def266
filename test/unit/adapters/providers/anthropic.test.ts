import { describe, expect, it } from 'vitest';
import { askCanned, fixture } from './fixture-server.ts';

describe('anthropic adapter against documented Messages API shapes', () => {
  it('sends x-api-key, anthropic-version and the web_search server tool online', async () => {
    const { sent } = await askCanned('anthropic', {
      body: fixture('anthropic', 'raw-no-citations.json'),
    });

    expect(sent?.path).toBe('/v1/messages');
    expect(sent?.headers['x-api-key']).toBe('test-key');
    expect(sent?.headers['anthropic-version']).toBe('2023-06-01');
    expect(sent?.body).toMatchObject({
      model: 'anthropic-test-model',
      max_tokens: 1024,
      messages: [{ role: 'user', content: 'Which payroll tools suit small agencies?' }],
      tools: [{ type: 'web_search_20250305', name: 'web_search' }],
    });
  });

  it('sends no tools in raw mode', async () => {
    const { sent } = await askCanned(
      'anthropic',
      { body: fixture('anthropic', 'raw-no-citations.json') },
      { prompt: 'Which payroll tools?', mode: 'raw' },
    );

    expect(sent?.body).not.toHaveProperty('tools');
  });

  it('reads text citations as cited and search results as retrieved, skipping thinking blocks', async () => {
    const { result } = await askCanned('anthropic', {
      body: fixture('anthropic', 'online-with-citations.json'),
    });

    expect(result?.searched).toBe(true);
    expect(result?.searchQueries).toEqual(['best payroll software small agencies Germany 2026']);
    expect(result?.model).toBe('claude-sonnet-4-5-20250929');
    expect(result?.text).toBe(
      "I'll search for current payroll options.\n\nBased on current reviews, Personio is frequently recommended for small agencies, while DATEV remains the accountants' default.",
    );
    expect(result?.citations.map((c) => [c.url, c.domain, c.cited])).toEqual([
      ['https://www.example.org/payroll-review', 'example.org', true],
      ['https://www.example.org/agencies/payroll', 'example.org', true],
      ['https://www.datev.de/web/de/loesungen/', 'datev.de', false],
    ]);
    expect(result?.citations[2]?.title).toBe('DATEV Lösungen');
    expect(result?.usage).toEqual({ inputTokens: 12500, outputTokens: 700, totalTokens: 13200 });
  });

  it('reports a raw answer without citations or search', async () => {
    const { result } = await askCanned('anthropic', {
      body: fixture('anthropic', 'raw-no-citations.json'),
    });

    expect(result?.text).toBe('Personio, DATEV and Sage are common choices.');
    expect(result?.citations).toEqual([]);
    expect(result?.searched).toBe(false);
    expect(result?.searchQueries).toEqual([]);
  });

  it('treats a web search error inside a 200 as an error, not an ungrounded answer', async () => {
    const { error } = await askCanned('anthropic', {
      body: fixture('anthropic', 'search-error-in-200.json'),
    });

    expect(error?.type).toBe('throttled');
    expect(error?.status).toBe(200);
    expect(error?.message).toContain('too_many_requests');
  });

  it('maps a 429 with retry-after to throttled with that many seconds', async () => {
    const { error } = await askCanned('anthropic', {
      status: 429,
      headers: { 'retry-after': '17' },
      body: fixture('anthropic', 'error-429.json'),
    });

    expect(error?.type).toBe('throttled');
    expect(error?.retryAfterSeconds).toBe(17);
    expect(error?.message).toContain('rate_limit_error');
  });

  it('maps a 429 with only anthropic-ratelimit headers to the seconds until the exhausted reset', async () => {
    const inThirtySeconds = new Date(Date.now() + 30_000).toISOString();
    const { error } = await askCanned('anthropic', {
      status: 429,
      headers: {
        'anthropic-ratelimit-requests-remaining': '0',
        'anthropic-ratelimit-requests-reset': inThirtySeconds,
        'anthropic-ratelimit-tokens-remaining': '5000',
        'anthropic-ratelimit-tokens-reset': new Date(Date.now() + 2000).toISOString(),
      },
      body: fixture('anthropic', 'error-429.json'),
    });

    expect(error?.type).toBe('throttled');
    expect(error?.retryAfterSeconds).toBeGreaterThanOrEqual(28);
    expect(error?.retryAfterSeconds).toBeLessThanOrEqual(30);
  });

  it('maps 529 overloaded_error to unavailable and 402 billing_error to rejected', async () => {
    const overloaded = await askCanned('anthropic', {
      status: 529,
      body: fixture('anthropic', 'error-529.json'),
    });
    const billing = await askCanned('anthropic', {
      status: 402,
      body: fixture('anthropic', 'error-402.json'),
    });

    expect(overloaded.error?.type).toBe('unavailable');
    expect(overloaded.error?.status).toBe(529);
    expect(billing.error?.type).toBe('rejected');
  });

  it('maps a malformed body to invalid_response', async () => {
    const { error } = await askCanned('anthropic', { body: '{"id":"msg_1","type":"message","con' });

    expect(error?.type).toBe('invalid_response');
  });

  it('maps a citation without its url to invalid_response instead of crashing', async () => {
    const body = JSON.parse(fixture('anthropic', 'online-with-citations.json'));
    delete body.content[5].citations[0].url;
    const { error } = await askCanned('anthropic', { body: JSON.stringify(body) });

    expect(error?.type).toBe('invalid_response');
    expect(error?.message).toContain('url');
  });
});
