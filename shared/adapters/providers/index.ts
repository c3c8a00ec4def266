/**
 * The provider adapters' public face: the four model families behind the monitor engine's
 * provider port, their configuration and the factory wiring uses to build them.
 */
import type { Provider, ProviderFamily } from '#shared/domain/monitor/provider-port';
import type { AdapterDeps, KeyedFamilyConfig } from './adapter.ts';
import { createAnthropicProvider } from './anthropic.ts';
import { type FamilyConfig, PROVIDER_ENV, ProviderConfigError } from './config.ts';
import { createGoogleProvider } from './google.ts';
import { createOpenAiProvider } from './openai.ts';
import { createPerplexityProvider } from './perplexity.ts';

export {
  type AskMode,
  type AskResult,
  PROVIDER_FAMILIES,
  type Provider,
  ProviderError,
  type ProviderFamily,
} from '#shared/domain/monitor/provider-port';
export type { AdapterDeps } from './adapter.ts';
export { type FamilyConfig, loadProvidersConfig, type ProvidersConfig } from './config.ts';

const FACTORIES: Record<
  ProviderFamily,
  (config: KeyedFamilyConfig, deps: AdapterDeps) => Provider
> = {
  openai: createOpenAiProvider,
  anthropic: createAnthropicProvider,
  perplexity: createPerplexityProvider,
  google: createGoogleProvider,
};

/**
 * The adapter for one family. Throws `ProviderConfigError` when the family has no API key:
 * callers that want the simulator point the family at it first (`simulatedProviderEnv`).
 */
export function createProvider(
  family: ProviderFamily,
  config: FamilyConfig,
  deps: AdapterDeps,
): Provider {
  const { apiKey } = config;
  if (!apiKey) {
    throw new ProviderConfigError(`${PROVIDER_ENV[family].key} is not set`);
  }
  return FACTORIES[family]({ ...config, apiKey }, deps);
}
