/**
 * The connection pool of `npm run providers` (local/providers-cli.ts): the plain agent, or
 * offline (OFFLINE_DNS=1) a guarded agent that reaches loopback addresses only, as the service's
 * own providers do offline (shared/wiring/monitor-providers.ts), so that the command keeps the
 * promise that nothing leaves the machine.
 */
import type { Dispatcher } from 'undici';
import { type ConnectStep, createGuardedAgent } from '#shared/adapters/http/guarded-agent';
import { Agent } from '#shared/adapters/http/http-client';
import { offlineLookup } from '#shared/adapters/http/offline-lookup';

/** OFFLINE_DNS as the configuration reads it: `1` or `true`. */
function offline(env: NodeJS.ProcessEnv): boolean {
  return env.OFFLINE_DNS === '1' || env.OFFLINE_DNS === 'true';
}

/** A pool for one command; `connectStep` stands in for the socket in tests of refusals. */
export function providersCliDispatcher(
  env: NodeJS.ProcessEnv,
  connectStep?: ConnectStep,
): Dispatcher {
  if (!offline(env)) return new Agent();
  return createGuardedAgent({
    allowPrivateTargets: true,
    loopbackOnly: true,
    connectionsPerOrigin: null,
    lookup: offlineLookup(),
    ...(connectStep ? { connectStep } : {}),
  });
}
