import { describe, expect, it } from 'vitest';
import { askCanned, fixture } from './fixture-server.ts';

describe('perplexity adapter against documented Agent API shapes', () => {
  it('posts to /v1/agent with only documented fields and the web_search tool online', async () => {
    const { sent } = await askCanned('perplexity', {
      body: fixture('perplexity', 'raw-no-citations.json'),
    });

    expect(sent?.path).toBe('/v1/agent');
    expect(sent?.headers.authorization).toBe('Bearer test-key');
    expect(sent?.body).toEqual({
      model: 'perplexity-test-model',
      input: 'Which payroll tools suit small agencies?',
      max_output_tokens: 1024,
      tools: [{ type: 'web_search' }],
    });
  });

  it('sends neither tools nor a preset in raw mode', async () => {
    const { sent } = await askCanned(
      'perplexity',
      { body: fixture('perplexity', 'raw-no-citations.json') },
      { prompt: 'Which payroll tools?', mode: 'raw' },
    );

    expect(Object.keys(sent?.body ?? {}).sort()).toEqual(['input', 'max_output_tokens', 'model']);
  });

  it('turns search_results into citations, cited when the text carries their [n] marker', async () => {
    const { result } = await askCanned('perplexity', {
      body: fixture('perplexity', 'online-with-citations.json'),
    });

    expect(result?.searched).toBe(true);
    expect(result?.searchQueries).toEqual(['payroll software small agencies Germany']);
    expect(result?.text).toContain('[1][2]');
    expect(result?.citations.map((c) => [c.url, c.domain, c.cited])).toEqual([
      ['https://www.example.org/payroll-review', 'example.org', true],
      ['https://www.example.org/agencies/payroll', 'example.org', true],
      ['https://www.reddit.com/r/germany/comments/abc/payroll/', 'reddit.com', true],
      ['https://www.capterra.com/payroll-software/', 'capterra.com', false],
    ]);
    expect(result?.usage).toEqual({ inputTokens: 3200, outputTokens: 450, totalTokens: 3650 });
  });

  it('reads url_citation annotations when the message has them', async () => {
    const { result } = await askCanned('perplexity', {
      body: fixture('perplexity', 'online-with-annotations.json'),
    });

    expect(result?.model).toBe('openai/gpt-5-mini');
    expect(result?.searched).toBe(true);
    expect(result?.citations).toEqual([
      {
        url: 'https://www.example.org/payroll-review',
        domain: 'example.org',
        title: 'Best payroll tools 2026',
        cited: true,
      },
    ]);
  });

  it('reports a raw answer without citations or search', async () => {
    const { result } = await askCanned('perplexity', {
      body: fixture('perplexity', 'raw-no-citations.json'),
    });

    expect(result?.citations).toEqual([]);
    expect(result?.searched).toBe(false);
    expect(result?.searchQueries).toEqual([]);
  });

  it('treats status failed inside a 200 as an error', async () => {
    const { error } = await askCanned('perplexity', {
      body: fixture('perplexity', 'failed-in-200.json'),
    });

    expect(error?.type).toBe('unavailable');
    expect(error?.status).toBe(200);
    expect(error?.message).toContain('upstream model provider');
  });

  it('maps a 429 with x-ratelimit-reset to throttled with that delay', async () => {
    const { error } = await askCanned('perplexity', {
      status: 429,
      headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '12' },
      body: fixture('perplexity', 'error-429.json'),
    });

    expect(error?.type).toBe('throttled');
    expect(error?.retryAfterSeconds).toBe(12);
  });

  it('maps a 429 with an HTTP-date retry-after to the seconds until that date', async () => {
    const at = new Date(Date.now() + 45_000).toUTCString();
    const { error } = await askCanned('perplexity', {
      status: 429,
      headers: { 'retry-after': at },
      body: fixture('perplexity', 'error-429.json'),
    });

    expect(error?.retryAfterSeconds).toBeGreaterThanOrEqual(43);
    expect(error?.retryAfterSeconds).toBeLessThanOrEqual(45);
  });

  it('maps a 400 for an unknown field to rejected with the provider message', async () => {
    const { error } = await askCanned('perplexity', {
      status: 400,
      body: fixture('perplexity', 'error-400-unknown-field.json'),
    });

    expect(error?.type).toBe('rejected');
    expect(error?.message).toContain("Unknown field: 'temperature_boost'");
  });

  it('maps an HTML 502 from a gateway to unavailable', async () => {
    const { error } = await askCanned('perplexity', {
      status: 502,
      headers: { 'content-type': 'text/html' },
      body: fixture('perplexity', 'error-502-gateway.txt'),
    });

    expect(error?.type).toBe('unavailable');
    expect(error?.status).toBe(502);
  });

  it('maps a 200 whose body is HTML to invalid_response', async () => {
    const { error } = await askCanned('perplexity', {
      body: fixture('perplexity', 'error-502-gateway.txt'),
    });

    expect(error?.type).toBe('invalid_response');
  });
});
