import { describe, expect, it } from 'vitest';
import {
  describeProviderSetup,
  loadProvidersConfig,
  ProviderConfigError,
  simulatedProviderEnv,
} from '#shared/adapters/providers/config';

describe('loadProvidersConfig', () => {
  it('uses each provider default when only keys are set', () => {
    const config = loadProvidersConfig({ OPENAI_API_KEY: 'sk-1', GEMINI_API_KEY: 'g-1' });

    expect(config.openai).toMatchObject({
      apiKey: 'sk-1',
      baseUrl: 'https://api.openai.com/v1',
      model: 'gpt-5-mini',
      timeoutMs: 90_000,
    });
    expect(config.google.apiKey).toBe('g-1');
    expect(config.anthropic.apiKey).toBeUndefined();
  });

  it('reads base URL, model and timeouts, with a family timeout overriding the shared one', () => {
    const config = loadProvidersConfig({
      ANTHROPIC_BASE_URL: 'http://127.0.0.1:4010/',
      ANTHROPIC_MODEL: 'claude-haiku-4-5',
      PROVIDER_TIMEOUT_MS: '30000',
      GOOGLE_TIMEOUT_MS: '5000',
      PROVIDER_MAX_OUTPUT_TOKENS: '2000',
    });

    expect(config.anthropic.baseUrl).toBe('http://127.0.0.1:4010');
    expect(config.anthropic.model).toBe('claude-haiku-4-5');
    expect(config.anthropic.timeoutMs).toBe(30_000);
    expect(config.google.timeoutMs).toBe(5000);
    expect(config.perplexity.maxOutputTokens).toBe(2000);
  });

  it('rejects a bad URL and a bad timeout, naming both variables', () => {
    const load = () =>
      loadProvidersConfig({ PERPLEXITY_BASE_URL: 'ftp://x', OPENAI_TIMEOUT_MS: '-5' });

    expect(load).toThrow(ProviderConfigError);
    expect(load).toThrow(/PERPLEXITY_BASE_URL/);
    expect(load).toThrow(/OPENAI_TIMEOUT_MS/);
  });
});

describe('describeProviderSetup', () => {
  it('marks a family real exactly when its key is non-empty', () => {
    const setup = describeProviderSetup({ OPENAI_API_KEY: 'sk-1', ANTHROPIC_API_KEY: '  ' });

    expect(setup.openai.mode).toBe('real');
    expect(setup.anthropic.mode).toBe('simulated');
    expect(setup.google).toMatchObject({ mode: 'simulated', keyVariable: 'GEMINI_API_KEY' });
  });

  it('points only the keyless families at the simulator', () => {
    const overrides = simulatedProviderEnv({ PERPLEXITY_API_KEY: 'p' }, 'http://127.0.0.1:5000');

    expect(overrides).toEqual({
      OPENAI_API_KEY: 'simulated',
      OPENAI_BASE_URL: 'http://127.0.0.1:5000',
      ANTHROPIC_API_KEY: 'simulated',
      ANTHROPIC_BASE_URL: 'http://127.0.0.1:5000',
      GEMINI_API_KEY: 'simulated',
      GOOGLE_BASE_URL: 'http://127.0.0.1:5000',
    });
  });
});
