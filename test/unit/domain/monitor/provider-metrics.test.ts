import { describe, expect, it } from 'vitest';
import type { BusinessMetric, MetricDimensions, Metrics } from '#shared/domain/kernel/metrics';
import { countingCalls, tokensOf } from '#shared/domain/monitor/provider-metrics';
import {
  type AskResult,
  type MonitorProviders,
  ProviderError,
} from '#shared/domain/monitor/provider-port';

function recorder(): { metrics: Metrics; counts: [BusinessMetric, number, MetricDimensions][] } {
  const counts: [BusinessMetric, number, MetricDimensions][] = [];
  return {
    counts,
    metrics: { count: (name, value = 1, dims = {}) => counts.push([name, value, dims]) },
  };
}

const ANSWER = { text: 'ok' } as AskResult;

/** A provider for every family whose `ask` answers, or fails with this ProviderError. */
function providers(failure?: (family: 'openai' | 'google') => ProviderError): MonitorProviders {
  return {
    forFamily: async (family) => ({
      family,
      ask: async () => {
        if (failure) throw failure(family as 'openai');
        return ANSWER;
      },
    }),
  };
}

describe('provider calls counted by family', () => {
  it('counts a failed call once with its family and passes the error on', async () => {
    const { metrics, counts } = recorder();
    const down = (family: 'openai' | 'google') => new ProviderError(family, 'unavailable', '503');
    const google = await countingCalls(providers(down), metrics).forFamily('google');
    await expect(google.ask({ prompt: 'p', mode: 'raw' })).rejects.toBeInstanceOf(ProviderError);
    expect(counts).toEqual([
      ['ProviderCalls', 1, { family: 'google' }],
      ['ProviderCallFailed', 1, { family: 'google' }],
    ]);
  });

  it('counts a 429 of the rate limit as throttled, the base of the 429 alarm', async () => {
    const { metrics, counts } = recorder();
    const limited = (family: 'openai' | 'google') =>
      new ProviderError(family, 'throttled', 'HTTP 429', { status: 429 });
    const openai = await countingCalls(providers(limited), metrics).forFamily('openai');
    await expect(openai.ask({ prompt: 'p', mode: 'raw' })).rejects.toBeInstanceOf(ProviderError);
    expect(counts.map(([name]) => name)).toEqual([
      'ProviderCalls',
      'ProviderCallFailed',
      'ProviderThrottled',
    ]);
  });

  it('counts only the call for a call that answers, and keeps the family', async () => {
    const { metrics, counts } = recorder();
    const openai = await countingCalls(providers(), metrics).forFamily('openai');
    expect(openai.family).toBe('openai');
    expect(await openai.ask({ prompt: 'p', mode: 'online' })).toBe(ANSWER);
    expect(counts).toEqual([['ProviderCalls', 1, { family: 'openai' }]]);
  });

  it('reads a call’s tokens as the total, else input plus output', () => {
    expect(tokensOf({ inputTokens: 10, outputTokens: 5, totalTokens: 16 })).toBe(16);
    expect(tokensOf({ inputTokens: 10, outputTokens: 5, totalTokens: null })).toBe(15);
    expect(tokensOf({ inputTokens: null, outputTokens: null, totalTokens: null })).toBe(0);
  });
});
