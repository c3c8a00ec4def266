import {
  createProvider,
  loadProvidersConfig,
  type Provider,
  type ProviderFamily,
  type ProvidersConfig,
} from '#shared/providers/index';

/**
 * Where the monitor gets its model providers. Provider configuration is read in exactly one
 * place, `loadMonitorProviderConfig`: today from the environment (locally, `npm start` points
 * keyless families at the simulator there); on AWS this is the one function to point at
 * Secrets Manager or SSM parameters. It is asynchronous for that reason.
 */
export async function loadMonitorProviderConfig(
  env: Record<string, string | undefined> = process.env,
): Promise<ProvidersConfig> {
  return loadProvidersConfig(env);
}

export interface MonitorProviders {
  /** The adapter for a family; rejects when the family has no key or invalid settings. */
  forFamily(family: ProviderFamily): Promise<Provider>;
}

/** Reads the configuration once per process and builds each family's adapter once. */
export function createMonitorProviders(
  load: () => Promise<ProvidersConfig> = () => loadMonitorProviderConfig(),
): MonitorProviders {
  let config: Promise<ProvidersConfig> | undefined;
  const adapters = new Map<ProviderFamily, Provider>();
  return {
    async forFamily(family) {
      // A failed read is not kept: the next call reads again (a secret store may recover).
      config ??= load().catch((error: unknown) => {
        config = undefined;
        throw error;
      });
      const known = adapters.get(family);
      if (known) return known;
      const provider = createProvider(family, (await config)[family]);
      adapters.set(family, provider);
      return provider;
    },
  };
}
