/**
 * What the monitor counts about model provider calls (docs/runbook.md): every call sent
 * (`ProviderCalls`), every failed call (`ProviderCallFailed`), whether the lanes retry it or give
 * up, and of those the 429s of the provider's rate limit (`ProviderThrottled`), each by family;
 * and the judge's tokens (`JudgeTokens`, counted in the judge lane). Calls are counted around the
 * providers port, so that the ask and judge lanes count alike without knowing of metrics.
 */
import type { Metrics } from '#shared/domain/kernel/metrics';
import {
  type MonitorProviders,
  type Provider,
  ProviderError,
  type TokenUsage,
} from './provider-port.ts';

/**
 * The providers, each call counted as `ProviderCalls` of its family, one that throws as
 * `ProviderCallFailed` too, and a 429 of the provider's rate limit as `ProviderThrottled`.
 */
export function countingCalls(providers: MonitorProviders, metrics: Metrics): MonitorProviders {
  return {
    async forFamily(family) {
      const provider = await providers.forFamily(family);
      const counted: Provider = {
        family: provider.family,
        async ask(request) {
          metrics.count('ProviderCalls', 1, { family });
          try {
            return await provider.ask(request);
          } catch (error) {
            metrics.count('ProviderCallFailed', 1, { family });
            if (
              error instanceof ProviderError &&
              error.type === 'throttled' &&
              error.status === 429
            ) {
              metrics.count('ProviderThrottled', 1, { family });
            }
            throw error;
          }
        },
      };
      return counted;
    },
  };
}

/** A call's tokens: the provider's total, else input plus output (0 when it reports none). */
export function tokensOf(usage: TokenUsage): number {
  return usage.totalTokens ?? (usage.inputTokens ?? 0) + (usage.outputTokens ?? 0);
}
