/**
 * What the monitor counts about model provider calls (docs/runbook.md): every failed call, by
 * family (`ProviderCallFailed`), whether the lanes retry it or give up, and the judge's tokens
 * (`JudgeTokens`, counted in the judge lane). Failures are counted around the providers port,
 * so that the ask and judge lanes count alike without knowing of metrics.
 */
import type { Metrics } from '#shared/domain/kernel/metrics';
import type { MonitorProviders, Provider, TokenUsage } from './provider-port.ts';

/** The providers, each call that throws counted once as `ProviderCallFailed` of its family. */
export function countingFailedCalls(
  providers: MonitorProviders,
  metrics: Metrics,
): MonitorProviders {
  return {
    async forFamily(family) {
      const provider = await providers.forFamily(family);
      const counted: Provider = {
        family: provider.family,
        async ask(request) {
          try {
            return await provider.ask(request);
          } catch (error) {
            metrics.count('ProviderCallFailed', 1, { family });
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
