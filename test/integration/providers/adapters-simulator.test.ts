import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SimulatorHandle, startSimulator } from '#local/simulator/server';
import { Agent } from '#shared/adapters/http/http-client';
import type { FamilyConfig } from '#shared/adapters/providers/config';
import { createProvider } from '#shared/adapters/providers/index';
import {
  type AskMode,
  PROVIDER_FAMILIES,
  ProviderError,
  type ProviderFamily,
} from '#shared/domain/monitor/provider-port';

const BRAND = { name: 'Acme Analytics', domain: 'acme-analytics.example' };
const RIVAL = { name: 'Globex Insights', domain: 'globex.example' };
const PROMPT = 'Which product analytics tools suit a 20-person startup?';

let simulator: SimulatorHandle;
const dispatcher = new Agent();

beforeAll(async () => {
  simulator = await startSimulator({
    seed: 'integration',
    brands: [BRAND],
    competitors: [RIVAL],
    brandMentionRate: 1,
    competitorMentionRate: 0,
    ownCitationRate: 1,
    thirdPartyDomains: ['g2.com', 'reddit.com'],
  });
});

afterAll(async () => {
  await dispatcher.close();
  await simulator.close();
});

function providerFor(family: ProviderFamily, overrides: Partial<FamilyConfig> = {}) {
  return createProvider(
    family,
    {
      family,
      apiKey: 'any-key',
      baseUrl: simulator.url,
      model: `${family}-sim-model`,
      timeoutMs: 5000,
      maxOutputTokens: 1024,
      ...overrides,
    },
    { dispatcher },
  );
}

async function failureOf(family: ProviderFamily, overrides: Partial<FamilyConfig> = {}) {
  const outcome = await providerFor(family, overrides)
    .ask({ prompt: PROMPT, mode: 'online' })
    .catch((error: unknown) => error);
  expect(outcome).toBeInstanceOf(ProviderError);
  return outcome as ProviderError;
}

describe.each(PROVIDER_FAMILIES)('%s adapter against the simulator', (family) => {
  it.each<AskMode>(['raw', 'online'])(
    'answers in %s mode naming the configured brand',
    async (mode) => {
      const result = await providerFor(family).ask({ prompt: PROMPT, mode });

      expect(result.provider).toBe(family);
      expect(result.mode).toBe(mode);
      expect(result.model).toBe(`${family}-sim-model`);
      expect(result.text).toContain(BRAND.name);
      expect(result.text).not.toContain(RIVAL.name);
      expect(result.usage.inputTokens).toBeGreaterThan(0);
      if (mode === 'raw') {
        expect(result.searched).toBe(false);
        expect(result.citations).toEqual([]);
        return;
      }
      expect(result.searched).toBe(true);
      const domains = result.citations.map((citation) => citation.domain);
      expect(domains).toContain(BRAND.domain);
      expect(domains.some((domain) => domain === 'g2.com' || domain === 'reddit.com')).toBe(true);
      expect(result.citations.some((citation) => citation.cited)).toBe(true);
    },
  );

  it('gives the same answer to the same prompt and seed', async () => {
    const first = await providerFor(family).ask({ prompt: PROMPT, mode: 'online' });
    const second = await providerFor(family).ask({ prompt: PROMPT, mode: 'online' });

    expect(second.text).toBe(first.text);
    expect(second.citations).toEqual(first.citations);
  });

  it('maps an injected throttle to throttled with the announced delay', async () => {
    simulator.setFault(family, { kind: 'throttle', retryAfterSeconds: 7, times: 1 });
    const error = await failureOf(family);

    expect(error.type).toBe('throttled');
    expect(error.status).toBe(429);
    expect(error.retryAfterSeconds).toBe(7);
    const recovered = await providerFor(family).ask({ prompt: PROMPT, mode: 'raw' });
    expect(recovered.text).toContain(BRAND.name);
  });

  it('maps an injected outage to unavailable', async () => {
    simulator.setFault(family, { kind: 'unavailable', times: 1 });
    const error = await failureOf(family);

    expect(error.type).toBe('unavailable');
    expect(error.status).toBeGreaterThanOrEqual(500);
  });

  it('maps a slow answer past the timeout to timeout', async () => {
    simulator.setFault(family, { kind: 'slow', delayMs: 1500, times: 1 });
    const error = await failureOf(family, { timeoutMs: 200 });

    expect(error.type).toBe('timeout');
  });

  it('maps a malformed body to invalid_response', async () => {
    simulator.setFault(family, { kind: 'malformed', times: 1 });
    const error = await failureOf(family);

    expect(error.type).toBe('invalid_response');
  });

  it('maps an error reported inside a 200 to its typed error', async () => {
    simulator.setFault(family, { kind: 'error-in-200', times: 1 });
    const error = await failureOf(family);

    // openai server_error, anthropic search `unavailable`, perplexity upstream_error: retryable;
    // google's blocked prompt: retrying cannot help.
    const expected = {
      openai: 'unavailable',
      anthropic: 'unavailable',
      perplexity: 'unavailable',
      google: 'rejected',
    };
    expect(error.status).toBe(200);
    expect(error.type).toBe(expected[family]);
  });

  it('maps billing and auth failures to rejected without a retry delay', async () => {
    simulator.setFault(family, { kind: 'billing', times: 1 });
    const billing = await failureOf(family);
    simulator.setFault(family, { kind: 'auth', times: 1 });
    const auth = await failureOf(family);

    expect(billing.type).toBe('rejected');
    expect(auth.type).toBe('rejected');
    expect(auth.retryAfterSeconds).toBeNull();
  });
});

describe('simulator retry hints, one per kind', () => {
  it.each([
    ['openai', 'retry-after-ms', 2.5],
    ['openai', 'ratelimit-reset', 90],
    ['anthropic', 'retry-after', 3],
    ['anthropic', 'ratelimit-reset', 40],
    ['perplexity', 'ratelimit-reset', 12],
    ['google', 'retry-info', 33.5],
  ] as const)('%s with %s announces %s seconds', async (family, hint, seconds) => {
    simulator.setFault(family, { kind: 'throttle', hint, retryAfterSeconds: seconds, times: 1 });
    const error = await failureOf(family);

    expect(error.type).toBe('throttled');
    // RFC 3339 resets are whole seconds counted from "now", so allow a second of drift.
    expect(error.retryAfterSeconds).toBeGreaterThanOrEqual(seconds - 1);
    expect(error.retryAfterSeconds).toBeLessThanOrEqual(seconds);
  });

  it('throttles Gemini without any hint when asked to, leaving the delay unknown', async () => {
    simulator.setFault('google', { kind: 'throttle', hint: 'none', times: 1 });
    const error = await failureOf('google');

    expect(error.type).toBe('throttled');
    expect(error.retryAfterSeconds).toBeNull();
  });
});

describe('simulator content knobs', () => {
  it('mentions nobody when both mention rates are zero, and another seed changes the answer', async () => {
    const quiet = await startSimulator({
      seed: 'other',
      brands: [BRAND],
      competitors: [RIVAL],
      brandMentionRate: 0,
      competitorMentionRate: 0,
    });
    try {
      const provider = createProvider(
        'openai',
        {
          family: 'openai',
          apiKey: 'k',
          baseUrl: quiet.url,
          model: 'm',
          timeoutMs: 5000,
          maxOutputTokens: 100,
        },
        { dispatcher },
      );
      const result = await provider.ask({ prompt: PROMPT, mode: 'online' });
      const reference = await providerFor('openai', { model: 'm' }).ask({
        prompt: PROMPT,
        mode: 'online',
      });

      expect(result.text).not.toContain(BRAND.name);
      expect(result.text).not.toContain(RIVAL.name);
      expect(result.citations.map((c) => c.domain)).not.toContain(BRAND.domain);
      expect(result.text).not.toBe(reference.text);
    } finally {
      await quiet.close();
    }
  });
});
