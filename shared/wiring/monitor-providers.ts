/**
 * Where the monitor gets its model providers. Provider configuration is read in exactly one
 * place, `loadMonitorProviderConfig`: today from the environment (locally, `npm start` points
 * keyless families at the simulator there); on AWS this is the one function to point at
 * Secrets Manager or SSM parameters. It is asynchronous for that reason.
 */
import { PROVIDER_ENV } from '#shared/adapters/providers/config';
import {
  createProvider,
  loadProvidersConfig,
  type Provider,
  type ProviderFamily,
  type ProvidersConfig,
} from '#shared/adapters/providers/index';
import type { MonitorProviders } from '#shared/domain/monitor/provider-port';

export async function loadMonitorProviderConfig(
  env: Record<string, string | undefined> = process.env,
): Promise<ProvidersConfig> {
  const secretArn = env.PROVIDER_KEYS_SECRET_ARN;
  if (!secretArn) return loadProvidersConfig(env);
  return loadProvidersConfig({ ...env, ...(await readProviderKeys(secretArn)) });
}

/**
 * On AWS the model API keys live in one Secrets Manager secret (a JSON object such as
 * `{"OPENAI_API_KEY": "..."}`), never in the template or plain environment values. Only string
 * values of the known key names are taken; anything else in the secret is ignored.
 */
async function readProviderKeys(secretArn: string): Promise<Record<string, string>> {
  const { GetSecretValueCommand, SecretsManagerClient } = await import(
    '@aws-sdk/client-secrets-manager'
  );
  const client = new SecretsManagerClient({});
  try {
    const { SecretString } = await client.send(new GetSecretValueCommand({ SecretId: secretArn }));
    const values = JSON.parse(SecretString ?? '{}') as Record<string, unknown>;
    const keys: Record<string, string> = {};
    for (const name of PROVIDER_KEY_NAMES) {
      const value = values[name];
      if (typeof value === 'string' && value.trim() !== '') keys[name] = value.trim();
    }
    return keys;
  } finally {
    client.destroy();
  }
}

/** The secret's fields read as provider keys (the same names as the environment variables). */
export const PROVIDER_KEY_NAMES = Object.values(PROVIDER_ENV).map((names) => names.key);

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
