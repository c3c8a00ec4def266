import { afterEach, describe, expect, it } from 'vitest';
import { createGuardedAgent } from '#shared/adapters/http/guarded-agent';
import { offlineLookup } from '#shared/adapters/http/offline-lookup';
import { createSafeFetcher } from '#shared/adapters/http/safe-fetch';
import { sendAttempt } from '#shared/adapters/http/webhook-attempt';
import { postJson } from '#shared/adapters/providers/http';
import { checkAddress } from '#shared/domain/kernel/net/address-policy';
import { BlockedTargetError } from '#shared/domain/kernel/net/fetch-errors';
import { ProviderError } from '#shared/domain/monitor/provider-port';
import { connectRecorder } from '#test/support/connect-recorder';

/**
 * Issue 26, point 5: offline (OFFLINE_DNS=1, `loopbackOnly`) the guarded connection layer reaches
 * loopback addresses only, even where private targets are allowed, whatever the spelling of the
 * destination. Every agent here connects through a recorder: nothing is ever sent, even if the
 * guard were broken, and no test names a real destination it could reach.
 */
const open: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((item) => item.close()));
});

/** A guarded agent as the offline wiring builds it, over a recorder. */
function offlineAgent(extraNames: Record<string, string> = {}) {
  const recorder = connectRecorder();
  const agent = createGuardedAgent({
    allowPrivateTargets: true,
    loopbackOnly: true,
    lookup: offlineLookup(extraNames),
    connectStep: recorder.step,
  });
  open.push(agent);
  return { agent, connections: recorder.connections };
}

const PRIVATE_SPELLINGS = [
  'http://10.255.255.1:8080',
  'http://0x0a.0xff.0xff.0x01',
  'http://012.0377.0377.01',
  'http://184549121',
  'http://0x0affff01',
  'http://10.16776961',
  'http://10.255.65281',
  'http://192.168.1.1',
  'http://0.0.0.0:8080',
  'http://[::ffff:10.255.255.1]',
  'http://[::ffff:aff:ff01]',
  'http://[fd00::1]',
  'http://[fe80::1]',
];
const PUBLIC_SPELLINGS = [
  'https://93.184.215.14',
  'http://1572394766',
  'http://0x5db8d70e',
  'http://[2606:4700:4700::1111]',
  'http://[::ffff:93.184.215.14]',
  'http://[64:ff9b::5db8:d70e]',
];

async function refusal(request: Promise<unknown>): Promise<unknown> {
  return request.then(
    () => 'sent',
    (error: unknown) => error,
  );
}

describe('the guarded agent offline', () => {
  it.each([...PRIVATE_SPELLINGS, ...PUBLIC_SPELLINGS])(
    'refuses %s before connecting, saying it is not loopback',
    async (origin) => {
      const { agent, connections } = offlineAgent();
      const error = await refusal(agent.request({ origin, path: '/', method: 'GET' }));
      expect(error).toBeInstanceOf(BlockedTargetError);
      expect((error as BlockedTargetError).reason).toBe('not_loopback');
      expect((error as BlockedTargetError).message).toContain('OFFLINE_DNS=1');
      expect(connections).toEqual([]);
    },
  );

  it('refuses a name whose lookup answers a private or a public address', async () => {
    const { agent, connections } = offlineAgent({
      'private.test': '10.255.255.1',
      'public.test': '93.184.215.14',
      'mapped.test': '::ffff:10.255.255.1',
    });
    for (const origin of ['http://private.test', 'http://public.test', 'http://mapped.test']) {
      const error = await refusal(agent.request({ origin, path: '/', method: 'GET' }));
      expect(error).toBeInstanceOf(BlockedTargetError);
      expect((error as BlockedTargetError).reason).toBe('not_loopback');
    }
    expect(connections).toEqual([]);
  });

  it('lets loopback through in every spelling, names that resolve to it included', async () => {
    const { agent, connections } = offlineAgent({ 'loop.test': '127.0.0.2' });
    const origins = [
      'http://127.0.0.1:9',
      'http://0x7f.1:9',
      'http://2130706433:9',
      'http://127.1:9',
      'http://[::1]:9',
      'http://[::ffff:127.0.0.1]:9',
      'http://localhost:9',
      'http://loop.test:9',
    ];
    for (const origin of origins) {
      const error = await refusal(agent.request({ origin, path: '/', method: 'GET' }));
      expect(error).not.toBeInstanceOf(BlockedTargetError);
    }
    const addresses = connections.flatMap((connection) => connection.addresses);
    expect(addresses).toHaveLength(origins.length);
    for (const address of addresses)
      expect(checkAddress(address, offlinePolicy).allowed).toBe(true);
  });
});

const offlinePolicy = { allowPrivateTargets: true, loopbackOnly: true };

describe('each outbound path offline, with a private and a public literal', () => {
  const literals = ['10.255.255.1', '93.184.215.14'];

  it.each(literals)('a scan fetch of %s is refused', async (literal) => {
    const recorder = connectRecorder();
    const fetcher = createSafeFetcher({
      allowPrivateTargets: true,
      loopbackOnly: true,
      lookup: offlineLookup(),
      connectStep: recorder.step,
    });
    open.push(fetcher);
    const error = await refusal(
      fetcher.fetch(`http://${literal}/`, { maxBytes: 1000, timeoutMs: 2000 }),
    );
    expect(error).toBeInstanceOf(BlockedTargetError);
    expect((error as BlockedTargetError).reason).toBe('not_loopback');
    expect(recorder.connections).toEqual([]);
  });

  it.each(literals)(
    'a webhook delivery to %s is refused and recorded as blocked',
    async (literal) => {
      const { agent, connections } = offlineAgent();
      const result = await sendAttempt({
        url: `https://${literal}/hook`,
        headers: {},
        body: '{}',
        timeoutMs: 2000,
        maxResponseBytes: 100,
        dispatcher: agent,
      });
      expect(result).toMatchObject({ error: { class: 'blocked' } });
      expect(JSON.stringify(result)).toContain('OFFLINE_DNS=1');
      expect(connections).toEqual([]);
    },
  );

  it.each(literals)('a provider call to %s is refused, not retried', async (literal) => {
    const { agent, connections } = offlineAgent();
    const error = await refusal(
      postJson('openai', {
        url: `http://${literal}/v1/responses`,
        headers: {},
        body: {},
        timeoutMs: 2000,
        dispatcher: agent,
      }),
    );
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).type).toBe('rejected');
    expect((error as ProviderError).message).toContain('not loopback');
    expect(connections).toEqual([]);
  });
});
