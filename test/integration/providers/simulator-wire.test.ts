import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SimulatorHandle, startSimulator } from '#local/simulator/server';
import { Agent } from '#shared/adapters/http/http-client';
import { createProvider } from '#shared/adapters/providers/index';
import {
  type AnswerMeasurement,
  type AnswerRecord,
  buildJudgePrompt,
  buildPromptSet,
  type CaseProfile,
  judgeFamilyFor,
  measureAnswer,
  type PromptSetOptions,
  parseJudgeVerdict,
  summariseRun,
} from '#shared/domain/monitor/engine/index';
import {
  ASK_MODES,
  PROVIDER_FAMILIES,
  type Provider,
  type ProviderFamily,
} from '#shared/domain/monitor/provider-port';

let simulator: SimulatorHandle;
const dispatcher = new Agent();

beforeAll(async () => {
  simulator = await startSimulator({ seed: 'wire' });
});

afterAll(async () => {
  await dispatcher.close();
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

const CASE: CaseProfile = {
  id: '00000000-0000-4000-8000-0000000000aa',
  name: 'Acme Analytics',
  domain: 'acme-analytics.example',
  aliases: ['Acme'],
  category: 'product analytics',
  icp: 'small SaaS teams',
  competitors: [
    { name: 'Globex Insights', domain: 'globex.example', aliases: ['Globex'] },
    { name: 'Initech', domain: 'initech.example', aliases: [] },
  ],
  use_cases: ['funnel analysis', 'retention tracking', 'session replay'],
  region: 'Germany',
  languages: ['en'],
  fact_sheet: { pricing: 'from $29 per month', founded: '2019' },
};

function adaptersFor(url: string): Record<ProviderFamily, Provider> {
  const entries = PROVIDER_FAMILIES.map((family) => {
    const config = {
      family,
      apiKey: 'k',
      baseUrl: url,
      model: `${family}-sim`,
      timeoutMs: 10_000,
      maxOutputTokens: 1000,
    };
    return [family, createProvider(family, config, { dispatcher })] as const;
  });
  return Object.fromEntries(entries) as Record<ProviderFamily, Provider>;
}

/** What the monitor workflow does, in one process: ask, judge with another family, measure. */
async function runCase(url: string, options: PromptSetOptions) {
  const providers = adaptersFor(url);
  const set = buildPromptSet(CASE, options);
  const measurements: AnswerMeasurement[] = [];
  for (const cell of set.cells) {
    const asks = PROVIDER_FAMILIES.flatMap((family) =>
      ASK_MODES.map(async (mode) => {
        const result = await providers[family].ask({ prompt: cell.prompt, mode });
        const answer: AnswerRecord = {
          ...cell,
          family,
          mode,
          text: result.text,
          citations: result.citations,
          model: result.model,
          usage: result.usage,
          latency_ms: result.latencyMs,
          searched: result.searched,
        };
        const judge = judgeFamilyFor(family, PROVIDER_FAMILIES) ?? 'openai';
        const reply = await providers[judge].ask({
          prompt: buildJudgePrompt(CASE, [{ id: '1', text: result.text }]),
          mode: 'raw',
        });
        const verdict = parseJudgeVerdict(reply.text, result.text, CASE);
        return measureAnswer(CASE, answer, verdict, {
          family: judge,
          model: reply.model,
          usage: reply.usage,
        });
      }),
    );
    measurements.push(...(await Promise.all(asks)));
  }
  return summariseRun({
    profile: CASE,
    measurements,
    excludedModels: [],
    promptSetVersion: set.version,
  });
}

describe('simulator as the monitor backend', () => {
  it('answers judge prompts in the strict judge format over every wire', async () => {
    const backend = await startSimulator({ seed: 'judge', caseSource: async () => [CASE] });
    try {
      const providers = adaptersFor(backend.url);
      const answer =
        'Acme Analytics stands out for its reporting and integrations. The pricing of Acme Analytics is “from $49 per month”.';
      for (const family of PROVIDER_FAMILIES) {
        const reply = await providers[family].ask({
          prompt: buildJudgePrompt(CASE, [{ id: '1', text: answer }]),
          mode: 'online',
        });
        const verdict = parseJudgeVerdict(reply.text, answer, CASE);

        expect(reply.searched, family).toBe(false);
        expect(
          verdict?.entities.find((e) => e.name === CASE.name),
          family,
        ).toMatchObject({
          mentioned: true,
          sentiment: 2,
        });
        expect(verdict?.facts.find((f) => f.key === 'pricing')?.status, family).toBe('incorrect');
      }
    } finally {
      await backend.close();
    }
  });

  it('gives a meaningful summary whose visibility interval covers the configured brand rate', async () => {
    const backend = await startSimulator({
      seed: 'truth',
      brandMentionRate: 0.3,
      caseSource: async () => [CASE],
    });
    try {
      const summary = await runCase(backend.url, {});
      const visibility = summary.intervals.dimensions.visibility;

      expect(visibility.lower).toBeLessThanOrEqual(0.3);
      expect(visibility.upper).toBeGreaterThanOrEqual(0.3);
      expect(summary.judge).toMatchObject({ unjudged_answers: 0, dropped_quotes: 0 });
      expect(summary.share_of_answer.every((row) => row.judge_mentions > 0)).toBe(true);
      const cited = summary.top_cited_domains.map((d) => d.domain);
      expect(cited).toEqual(
        expect.arrayContaining(['acme-analytics.example', 'globex.example', 'g2.com']),
      );
      expect(summary.dimensions.accuracy).toBeGreaterThan(0.5);
      expect(summary.dimensions.accuracy).toBeLessThan(1);
    } finally {
      await backend.close();
    }
  });

  it('gives the same summary for the same seed and cases', async () => {
    const summaries = [];
    for (let i = 0; i < 2; i += 1) {
      const backend = await startSimulator({ seed: 'again', caseSource: async () => [CASE] });
      try {
        summaries.push(await runCase(backend.url, { promptsPerBlock: 3, repeats: 2 }));
      } finally {
        await backend.close();
      }
    }

    expect(summaries[1]).toEqual(summaries[0]);
  });
});
