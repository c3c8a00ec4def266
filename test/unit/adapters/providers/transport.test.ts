import { describe, expect, it } from 'vitest';
import { Agent } from '#shared/adapters/http/http-client';
import { createProvider } from '#shared/adapters/providers/index';
import { PROVIDER_FAMILIES, ProviderError } from '#shared/domain/monitor/provider-port';
import { askCanned, familyConfig, fixture } from './fixture-server.ts';

const RAW_FIXTURE = {
  openai: 'raw-no-citations.json',
  anthropic: 'raw-no-citations.json',
  perplexity: 'raw-no-citations.json',
  google: 'raw-ungrounded.json',
} as const;

describe.each(PROVIDER_FAMILIES)('%s adapter transport failures', (family) => {
  it('maps a response slower than the timeout to timeout', async () => {
    const started = Date.now();
    const { error, result } = await askCanned(
      family,
      { body: fixture(family, RAW_FIXTURE[family]), delayMs: 2000 },
      undefined,
      { timeoutMs: 200 },
    );

    expect(result).toBeUndefined();
    expect(error?.type).toBe('timeout');
    expect(error?.status).toBeNull();
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('answers normally when the response arrives within the timeout', async () => {
    const { result } = await askCanned(
      family,
      { body: fixture(family, RAW_FIXTURE[family]), delayMs: 50 },
      undefined,
      { timeoutMs: 2000 },
    );

    expect(result?.provider).toBe(family);
    expect(result?.latencyMs).toBeGreaterThanOrEqual(40);
  });

  it('maps a refused connection to unavailable', async () => {
    // Port 9 (discard) is not served on loopback here, so connecting is refused at once.
    const dispatcher = new Agent();
    const provider = createProvider(family, familyConfig(family, 'http://127.0.0.1:9'), {
      dispatcher,
    });
    const error = await provider.ask({ prompt: 'hi', mode: 'raw' }).catch((e: unknown) => e);
    await dispatcher.close();

    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).type).toBe('unavailable');
  });
});
