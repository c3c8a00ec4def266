import { describe, expect, it } from 'vitest';
import type { BusinessMetric, MetricDimensions, Metrics } from '#shared/domain/kernel/metrics';
import { countingFailedCalls, tokensOf } from '#shared/domain/monitor/provider-metrics';
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

/** A provider for every family whose `ask` answers, or fails with a ProviderError. */
function providers(fails: boolean): MonitorProviders {
  return {
    forFamily: async (family) => ({
      family,
      ask: async () => {
        if (fails) throw new ProviderError(family, 'unavailable', 'HTTP 503');
        return ANSWER;
      },
    }),
  };
}

describe('provider calls counted by family', () => {
  it('counts a failed call once with its family and passes the error on', async () => {
    const { metrics, counts } = recorder();
    const google = await countingFailedCalls(providers(true), metrics).forFamily('google');
    await expect(google.ask({ prompt: 'p', mode: 'raw' })).rejects.toBeInstanceOf(ProviderError);
    expect(counts).toEqual([['ProviderCallFailed', 1, { family: 'google' }]]);
  });

  it('counts nothing for a call that answers, and keeps the family', async () => {
    const { metrics, counts } = recorder();
    const openai = await countingFailedCalls(providers(false), metrics).forFamily('openai');
    expect(openai.family).toBe('openai');
    expect(await openai.ask({ prompt: 'p', mode: 'online' })).toBe(ANSWER);
    expect(counts).toEqual([]);
  });

  it('reads a call’s tokens as the total, else input plus output', () => {
    expect(tokensOf({ inputTokens: 10, outputTokens: 5, totalTokens: 16 })).toBe(16);
    expect(tokensOf({ inputTokens: 10, outputTokens: 5, totalTokens: null })).toBe(15);
    expect(tokensOf({ inputTokens: null, outputTokens: null, totalTokens: null })).toBe(0);
  });
});
