import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SimulatorHandle, startSimulator } from '#local/simulator/server';

let simulator: SimulatorHandle;

beforeAll(async () => {
  simulator = await startSimulator({ seed: 'wire' });
});

afterAll(async () => {
  await simulator.close();
});

async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await request(`${simulator.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return {
    status: response.statusCode,
    headers: response.headers,
    body: await response.body.json(),
  };
}

describe('simulator request handling, as strict as the providers', () => {
  it('rejects a Perplexity request with an unknown field, as the Agent API does', async () => {
    const response = await post(
      '/v1/agent',
      { model: 'perplexity/sonar', input: 'hi', temperature_boost: 2 },
      { authorization: 'Bearer k' },
    );

    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      error: { message: expect.stringContaining('temperature_boost') },
    });
  });

  it('answers an oversized body in the provider shape and keeps the connection usable', async () => {
    const huge = 'x'.repeat(2 * 1024 * 1024);
    const tooLarge = await post(
      '/v1/messages',
      { model: 'claude-test', max_tokens: 10, messages: [{ role: 'user', content: huge }] },
      { 'x-api-key': 'k', 'anthropic-version': '2023-06-01' },
    );
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body).toMatchObject({ type: 'error', error: { type: 'request_too_large' } });

    const next = await post(
      '/v1/messages',
      { model: 'claude-test', max_tokens: 10, messages: [{ role: 'user', content: 'hi' }] },
      { 'x-api-key': 'k', 'anthropic-version': '2023-06-01' },
    );
    expect(next.status).toBe(200);
  });

  it('answers 401 in the Anthropic error shape when no key is sent', async () => {
    const response = await post(
      '/v1/messages',
      { model: 'm', max_tokens: 10, messages: [{ role: 'user', content: 'hi' }] },
      { 'anthropic-version': '2023-06-01' },
    );

    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ type: 'error', error: { type: 'authentication_error' } });
  });

  it('accepts the Gemini key as a ?key= query parameter too', async () => {
    const response = await post('/v1beta/models/gemini-2.5-flash:generateContent?key=k', {
      contents: [{ role: 'user', parts: [{ text: 'hi' }] }],
    });

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ modelVersion: 'gemini-2.5-flash' });
  });

  it('sends OpenAI rate-limit headers on every answer', async () => {
    const response = await post(
      '/v1/responses',
      { model: 'gpt-5-mini', input: 'hi' },
      { authorization: 'Bearer k' },
    );

    expect(response.status).toBe(200);
    expect(response.headers['x-ratelimit-remaining-requests']).toBeDefined();
    expect(response.headers['x-request-id']).toMatch(/^req_/);
  });

  it('answers 404 for a path no provider serves', async () => {
    const response = await post('/v1/chat/completions', {}, { authorization: 'Bearer k' });

    expect(response.status).toBe(404);
  });
});
