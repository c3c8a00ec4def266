import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGuardedAgent } from '#shared/adapters/http/guarded-agent';
import { offlineLookup } from '#shared/adapters/http/offline-lookup';
import { BlockedTargetError } from '#shared/domain/kernel/net/fetch-errors';
import { validateReceiverUrl } from '#shared/domain/webhooks/url-policy';

/**
 * Issue 18, finding 5: IPv6 literal destinations. The guarded agent reaches `[::1]` where the
 * policy allows loopback (tests, the local demo) and refuses v6 literals by policy, never because
 * it could not read them; webhook registration and delivery agree. No traffic leaves the machine:
 * the only connection is to a server on ::1, and public literals are refused before connecting.
 */
let server: Server;
let port: number;

beforeAll(async () => {
  server = createServer((_request, response) => {
    response.writeHead(202, { 'content-type': 'text/plain' });
    response.end('received');
  });
  await new Promise<void>((resolve) => server.listen(0, '::1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

async function post(allowPrivateTargets: boolean, origin: string) {
  const agent = createGuardedAgent({ allowPrivateTargets });
  try {
    const response = await agent.request({ origin, path: '/hook', method: 'POST', body: '{}' });
    await response.body.text();
    return { status: response.statusCode };
  } catch (error) {
    return { error };
  } finally {
    await agent.close();
  }
}

describe('IPv6 literal destinations', () => {
  it('reaches [::1] when the policy allows loopback', async () => {
    expect(await post(true, `http://[::1]:${port}`)).toEqual({ status: 202 });
  });

  it('refuses [::1] by policy (a loopback address) in production mode', async () => {
    const { error } = await post(false, `https://[::1]:443`);
    expect(error).toBeInstanceOf(BlockedTargetError);
    expect((error as BlockedTargetError).reason).not.toBe('scheme_not_allowed');
    expect((error as BlockedTargetError).url).toBe('https://[::1]/');
  });

  it('refuses a public v6 literal only for what the policy says (here its port)', async () => {
    const { error } = await post(false, 'https://[2606:4700:4700::1111]:8443');
    expect(error).toBeInstanceOf(BlockedTargetError);
    expect((error as BlockedTargetError).reason).toBe('port_not_allowed');
  });

  it('registers a webhook on a v6 literal the agent would deliver to, and refuses loopback', async () => {
    const url = await validateReceiverUrl('https://[2606:4700:4700::1111]/hook', {
      allowPrivateTargets: false,
      lookup: offlineLookup(),
    });
    expect(url.href).toBe('https://[2606:4700:4700::1111]/hook');
    await expect(
      validateReceiverUrl('https://[::1]/hook', {
        allowPrivateTargets: false,
        lookup: offlineLookup(),
      }),
    ).rejects.toMatchObject({ code: 'invalid_url' });
  });
});
