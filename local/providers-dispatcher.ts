/**
 * The connection pool of `npm run providers` (local/providers-cli.ts): the service's own
 * providers' pool (shared/wiring/monitor-providers.ts), so that offline (OFFLINE_DNS=1) the
 * command, like the service, reaches loopback addresses only and nothing leaves the machine.
 */
import type { Dispatcher } from 'undici';
import type { ConnectStep } from '#shared/adapters/http/guarded-agent';
import { offlineLookup } from '#shared/adapters/http/offline-lookup';
import { type Environment, offlineDnsIn } from '#shared/wiring/config';
import { createProviderDispatcher } from '#shared/wiring/monitor-providers';

/** A pool for one command; `connectStep` stands in for the socket in tests of refusals. */
export function providersCliDispatcher(env: Environment, connectStep?: ConnectStep): Dispatcher {
  return createProviderDispatcher(
    offlineDnsIn(env) ? { lookup: offlineLookup(), connectStep } : undefined,
  );
}
