import { describe, expect, it } from 'vitest';
import { askCanned, fixture } from './fixture-server.ts';

describe('google adapter against documented generateContent shapes', () => {
  it('posts to models/{model}:generateContent with x-goog-api-key and google_search online', async () => {
    const { sent } = await askCanned('google', { body: fixture('google', 'raw-ungrounded.json') });

    expect(sent?.path).toBe('/v1beta/models/google-test-model:generateContent');
    expect(sent?.headers['x-goog-api-key']).toBe('test-key');
    expect(sent?.body).toEqual({
      contents: [{ role: 'user', parts: [{ text: 'Which payroll tools suit small agencies?' }] }],
      generationConfig: { maxOutputTokens: 1024 },
      tools: [{ google_search: {} }],
    });
  });

  it('sends no tools in raw mode', async () => {
    const { sent } = await askCanned(
      'google',
      { body: fixture('google', 'raw-ungrounded.json') },
      { prompt: 'Which payroll tools?', mode: 'raw' },
    );

    expect(sent?.body).not.toHaveProperty('tools');
  });

  it('keeps redirect URLs and takes the domain from the chunk title, never the proxy host nor a title that is no domain', async () => {
    const { result } = await askCanned('google', {
      body: fixture('google', 'online-grounded.json'),
    });

    expect(result?.searched).toBe(true);
    expect(result?.searchQueries).toEqual([
      'beste Lohnabrechnung Software Agenturen',
      'Personio vs DATEV',
    ]);
    expect(result?.citations.map((c) => [c.url, c.domain, c.cited])).toEqual([
      [
        'https://vertexaisearch.cloud.google.com/grounding-api-redirect/AUZIYQHh1aL1',
        'example.org',
        true,
      ],
      [
        'https://vertexaisearch.cloud.google.com/grounding-api-redirect/AUZIYQF9bXk2',
        'example.org',
        true,
      ],
      [
        'https://vertexaisearch.cloud.google.com/grounding-api-redirect/AUZIYQGdZt3',
        'datev.de',
        true,
      ],
      ['https://www.sage.com/de-de/produkte/lohn/', 'sage.com', false],
    ]);
  });

  it('skips thought parts and reports the served model version and usage', async () => {
    const { result } = await askCanned('google', {
      body: fixture('google', 'online-grounded.json'),
    });

    expect(result?.text).toBe(
      'Personio und DATEV sind beliebt für kleine Agenturen. Reviews also mention Sage.',
    );
    expect(result?.model).toBe('gemini-2.5-flash');
    expect(result?.usage).toEqual({ inputTokens: 14, outputTokens: 40, totalTokens: 420 });
  });

  it('reports an ungrounded answer without citations or search', async () => {
    const { result } = await askCanned('google', {
      body: fixture('google', 'raw-ungrounded.json'),
    });

    expect(result?.citations).toEqual([]);
    expect(result?.searched).toBe(false);
    expect(result?.searchQueries).toEqual([]);
    expect(result?.model).toBe('gemini-2.5-flash-001');
  });

  it('maps a blocked prompt (no candidates) to rejected', async () => {
    const { error } = await askCanned('google', { body: fixture('google', 'blocked-prompt.json') });

    expect(error?.type).toBe('rejected');
    expect(error?.message).toContain('PROHIBITED_CONTENT');
  });

  it('maps a 429 with google.rpc.RetryInfo to throttled with the body delay', async () => {
    const { error } = await askCanned('google', {
      status: 429,
      body: fixture('google', 'error-429-retry-info.json'),
    });

    expect(error?.type).toBe('throttled');
    expect(error?.retryAfterSeconds).toBe(45.838);
    expect(error?.message).toContain('RESOURCE_EXHAUSTED');
  });

  it('falls back to the "Please retry in" message when RetryInfo is missing', async () => {
    const { error } = await askCanned('google', {
      status: 429,
      body: fixture('google', 'error-429-message-only.json'),
    });

    expect(error?.retryAfterSeconds).toBe(36.4);
  });

  it('maps an exhausted per-day quota to rejected', async () => {
    const { error } = await askCanned('google', {
      status: 429,
      body: fixture('google', 'error-429-per-day.json'),
    });

    expect(error?.type).toBe('rejected');
    expect(error?.retryAfterSeconds).toBeNull();
  });

  it('maps 503 UNAVAILABLE to unavailable and an invalid key to rejected', async () => {
    const overloaded = await askCanned('google', {
      status: 503,
      body: fixture('google', 'error-503.json'),
    });
    const badKey = await askCanned('google', {
      status: 400,
      body: fixture('google', 'error-400-api-key.json'),
    });

    expect(overloaded.error?.type).toBe('unavailable');
    expect(badKey.error?.type).toBe('rejected');
    expect(badKey.error?.message).toContain('API key not valid');
  });

  it('maps a malformed body to invalid_response', async () => {
    const { error } = await askCanned('google', { body: '{"candidates": [{"content": ' });

    expect(error?.type).toBe('invalid_response');
  });
});

describe('google grounding chunks without a site', () => {
  it('drops a redirect chunk with neither a domain nor a title instead of citing the proxy host', async () => {
    const body = JSON.parse(fixture('google', 'online-grounded.json'));
    const chunks = body.candidates[0].groundingMetadata.groundingChunks;
    chunks.push({
      web: { uri: 'https://vertexaisearch.cloud.google.com/grounding-api-redirect/NOTITLE' },
    });
    const { result } = await askCanned('google', { body: JSON.stringify(body) });

    expect(result?.citations.map((citation) => citation.domain)).not.toContain(
      'vertexaisearch.cloud.google.com',
    );
    expect(result?.citations.some((citation) => citation.url.endsWith('NOTITLE'))).toBe(false);
  });
});
