/**
 * The guarded agent's connection pool per origin: capped by default (scans, deliveries), and
 * without a cap when its callers limit themselves: the model providers offline, which all reach
 * the one simulator origin. A cap there queued the four families' lanes behind each other and
 * more than doubled a monitor run's wall time (`npm run bench:run`, docs/decisions.md).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Dispatcher } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createGuardedAgent,
  DEFAULT_CONNECTIONS_PER_ORIGIN,
} from '#shared/adapters/http/guarded-agent';
import { loadConfig } from '#shared/wiring/config';
import { startWiring } from '#shared/wiring/lazy';
import { getProviderDispatcher } from '#shared/wiring/monitor-providers';

const CALLERS = 12;
const HOLD_MS = 300;
const closing: (() => Promise<void> | void)[] = [];

afterEach(async () => {
  for (const close of closing.splice(0).reverse()) await close();
});

/**
 * A loopback server that holds every request until `CALLERS` are open at once, or for
 * `HOLD_MS` at most, and answers each with the most requests it saw open together.
 */
async function holdingServer(): Promise<string> {
  let open = 0;
  let most = 0;
  const held = new Set<() => void>();
  const server = createServer((_request, response) => {
    open += 1;
    most = Math.max(most, open);
    const answer = () => {
      if (!held.delete(answer)) return;
      open -= 1;
      response.end(String(most));
    };
    held.add(answer);
    setTimeout(answer, HOLD_MS);
    if (open === CALLERS) for (const release of [...held]) release();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closing.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Sends `CALLERS` requests at once; the most the server saw open together. */
async function mostOpenAtOnce(dispatcher: Dispatcher, origin: string): Promise<number> {
  const answers = await Promise.all(
    Array.from({ length: CALLERS }, async () => {
      const response = await dispatcher.request({ origin, path: '/', method: 'GET' });
      return Number(await response.body.text());
    }),
  );
  return Math.max(...answers);
}

describe('the guarded agent pool', () => {
  it('opens at most the default connections per origin; the other requests queue', async () => {
    const origin = await holdingServer();
    const agent = createGuardedAgent({ allowPrivateTargets: true, loopbackOnly: true });
    closing.push(() => agent.close());
    expect(await mostOpenAtOnce(agent, origin)).toBe(DEFAULT_CONNECTIONS_PER_ORIGIN);
  });

  it('opens a connection for every concurrent caller when told not to cap them', async () => {
    const origin = await holdingServer();
    const agent = createGuardedAgent({
      allowPrivateTargets: true,
      loopbackOnly: true,
      connectionsPerOrigin: null,
    });
    closing.push(() => agent.close());
    expect(await mostOpenAtOnce(agent, origin)).toBe(CALLERS);
  });

  it('lets the model providers offline call the simulator as concurrently as their lanes ask', async () => {
    const origin = await holdingServer();
    const wiring = startWiring({ config: loadConfig({ OFFLINE_DNS: '1' }) });
    closing.push(() => wiring.close());
    const providers = getProviderDispatcher();
    expect(providers.offline).toBe(true);
    expect(await mostOpenAtOnce(providers.dispatcher, origin)).toBe(CALLERS);
  });
});
