/**
 * Where the monitor gets its model providers: the provider settings of the configuration
 * (config.ts; locally `npm start` points keyless families at the simulator there) and, on AWS,
 * the keys of the Secrets Manager secret PROVIDER_KEYS_SECRET_ARN names. Asynchronous for that
 * reason. Offline (OFFLINE_DNS=1) the adapters send through a guarded agent that reaches
 * loopback addresses only (the simulator), so no provider call leaves the machine.
 */
import type { Dispatcher } from 'undici';
import {
  type ConnectStep,
  createGuardedAgent,
  type DnsLookup,
} from '#shared/adapters/http/guarded-agent';
import { Agent } from '#shared/adapters/http/http-client';
import { PROVIDER_ENV } from '#shared/adapters/providers/config';
import {
  createProvider,
  loadProvidersConfig,
  type Provider,
  type ProviderFamily,
  type ProvidersConfig,
} from '#shared/adapters/providers/index';
import { type MonitorProviders, PROVIDER_FAMILIES } from '#shared/domain/monitor/provider-port';
import { getDnsLookup } from '#shared/wiring/dns';
import { lazy } from '#shared/wiring/lazy';
import { traceOutboundHttp } from '#shared/wiring/observability';
import { readSecretFields } from '#shared/wiring/secret-fields';

/**
 * A connection pool for the model providers: kept-alive connections, unguarded because the
 * providers' hosts are the operator's configuration, not user input; offline (OFFLINE_DNS=1,
 * `offline` given) a guarded agent instead: any port, loopback only, names through the offline
 * lookup, and in tests of refusals a recorder for a socket. Every family reaches the one
 * simulator origin offline, so the pool has no per-origin cap: it would queue the lanes' calls
 * behind each other (each lane keeps its family's own limit).
 */
export function createProviderDispatcher(offline?: {
  lookup: DnsLookup;
  connectStep?: ConnectStep | undefined;
}): Dispatcher {
  if (!offline) return new Agent({ keepAliveTimeout: 30_000 });
  return createGuardedAgent({
    allowPrivateTargets: true,
    loopbackOnly: true,
    connectionsPerOrigin: null,
    lookup: offline.lookup,
    ...(offline.connectStep ? { connectStep: offline.connectStep } : {}),
  });
}

/** The service's providers' pool, shared by every family and lane, closed with the wiring. */
export const getProviderDispatcher = lazy(
  ({ config, connectStep }): { dispatcher: Dispatcher; offline: boolean } => {
    traceOutboundHttp();
    return {
      offline: config.OFFLINE_DNS,
      dispatcher: createProviderDispatcher(
        config.OFFLINE_DNS ? { lookup: getDnsLookup(), connectStep } : undefined,
      ),
    };
  },
  (built) => void built.dispatcher.close(),
);

export async function withSecretKeys(
  providers: ProvidersConfig,
  secretArn: string | undefined,
): Promise<ProvidersConfig> {
  if (!secretArn) return providers;
  // On AWS the model API keys live in one Secrets Manager secret, never in the template or
  // plain environment values.
  const keys = await readSecretFields(secretArn, PROVIDER_KEY_NAMES);
  const withKeys = { ...providers };
  for (const family of PROVIDER_FAMILIES) {
    const key = keys[PROVIDER_ENV[family].key];
    if (key) withKeys[family] = { ...providers[family], apiKey: key };
  }
  return withKeys;
}

/** The same from a set of variables (the operator's tools and tests). */
export function loadMonitorProviderConfig(
  env: Readonly<Record<string, string | undefined>>,
): Promise<ProvidersConfig> {
  return withSecretKeys(loadProvidersConfig(env), env.PROVIDER_KEYS_SECRET_ARN);
}

/** The secret's fields read as provider keys (the same names as the environment variables). */
export const PROVIDER_KEY_NAMES = Object.values(PROVIDER_ENV).map((names) => names.key);

/**
 * Reads the provider settings once (on first use) and builds each family's adapter once, every
 * one sending through `dispatcher` (the wiring's provider agent).
 */
export function createMonitorProviders(
  load: () => Promise<ProvidersConfig>,
  dispatcher: Dispatcher,
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
      const provider = createProvider(family, (await config)[family], { dispatcher });
      adapters.set(family, provider);
      return provider;
    },
  };
}
