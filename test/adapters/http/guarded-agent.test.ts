import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createSecureServer } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Agent } from 'undici';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createGuardedAgent, type DnsLookup } from '#shared/adapters/http/guarded-agent';
import { BlockedTargetError } from '#shared/domain/kernel/net/fetch-errors';
import {
  offlineLookup,
  type RunningFixtureSite,
  startFixtureSite,
} from '#test/fixtures/sites/index';

const run = promisify(execFile);
const open: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((item) => item.close()));
});

function agent(options: Parameters<typeof createGuardedAgent>[0]): Agent {
  const created = createGuardedAgent(options);
  open.push(created);
  return created;
}

async function echoSite(): Promise<RunningFixtureSite> {
  const site = await startFixtureSite({
    routes: { '/hook': (context) => ({ status: 202, body: `${context.method} received` }) },
  });
  open.push(site);
  return site;
}

const portOf = (site: RunningFixtureSite) => Number(site.host.split(':')[1]);

describe('createGuardedAgent', () => {
  it('sends any method, e.g. a webhook POST, to an allowed destination', async () => {
    const site = await echoSite();
    const guarded = agent({
      allowPrivateTargets: false,
      lookup: offlineLookup({ 'hooks.receiver.example': '127.0.0.1' }),
      policyExceptions: { addresses: ['127.0.0.1'], ports: [portOf(site)] },
    });
    const response = await guarded.request({
      origin: `http://hooks.receiver.example:${portOf(site)}`,
      path: '/hook',
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"event":"scan.completed"}',
    });
    expect(response.statusCode).toBe(202);
    expect(await response.body.text()).toBe('POST received');
  });

  it('refuses an IP literal by itself, without a lookup and without the fetcher in front', async () => {
    const site = await echoSite();
    const lookup = vi.fn<DnsLookup>(offlineLookup());
    const guarded = agent({
      allowPrivateTargets: false,
      lookup,
      policyExceptions: { ports: [portOf(site)] },
    });
    const error = await guarded
      .request({ origin: site.url, path: '/hook', method: 'POST', body: 'x' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BlockedTargetError);
    expect((error as BlockedTargetError).reason).toBe('non_public_address');
    expect(lookup).not.toHaveBeenCalled();
    expect(site.requests).toHaveLength(0);
  });

  it('refuses a name that resolves to a private address at connect time', async () => {
    const site = await echoSite();
    const guarded = agent({
      allowPrivateTargets: false,
      lookup: offlineLookup({ 'rebind.receiver.example': '127.0.0.1' }),
      policyExceptions: { ports: [portOf(site)] },
    });
    const error = await guarded
      .request({
        origin: `http://rebind.receiver.example:${portOf(site)}`,
        path: '/hook',
        method: 'GET',
      })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BlockedTargetError);
    expect((error as BlockedTargetError).message).toContain('resolves to a non-public address');
    expect(site.requests).toHaveLength(0);
  });

  it('refuses ports other than 80 and 443 in production mode', async () => {
    const guarded = agent({ allowPrivateTargets: false, lookup: offlineLookup() });
    const error = await guarded
      .request({ origin: 'http://receiver.example:8080', path: '/', method: 'GET' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BlockedTargetError);
    expect((error as BlockedTargetError).reason).toBe('port_not_allowed');
  });
});

describe('createGuardedAgent over https', () => {
  it('trusts a CA given in NODE_EXTRA_CA_CERTS, and only then, and speaks HTTP/2 when offered', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'guarded-agent-'));
    open.push({ close: () => rm(dir, { recursive: true, force: true }) });
    const host = 'hooks.tls-receiver.example';
    await run('openssl', [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      `/CN=${host}`,
      '-addext',
      `subjectAltName=DNS:${host}`,
      '-keyout',
      join(dir, 'key.pem'),
      '-out',
      join(dir, 'cert.pem'),
    ]);
    const [key, cert] = await Promise.all([
      readFile(join(dir, 'key.pem')),
      readFile(join(dir, 'cert.pem')),
    ]);
    // An origin that offers h2 and HTTP/1.1 through ALPN, and says which one was used.
    const server = createSecureServer({ key, cert, allowHTTP1: true }, (request, response) => {
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.end(`${request.method} over HTTP/${request.httpVersion}`);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    open.push({ close: () => new Promise<void>((resolve) => server.close(() => resolve())) });
    const port = (server.address() as AddressInfo).port;

    // NODE_EXTRA_CA_CERTS is read when Node starts, so each case runs in its own process.
    const client = `
      const { createGuardedAgent } = await import(${JSON.stringify(new URL('../../../shared/adapters/http/guarded-agent.ts', import.meta.url).href)});
      const agent = createGuardedAgent({
        allowPrivateTargets: false,
        lookup: async () => [{ address: '127.0.0.1', family: 4 }],
        policyExceptions: { addresses: ['127.0.0.1'], ports: [${port}] },
      });
      try {
        const response = await agent.request({ origin: 'https://${host}:${port}', path: '/', method: 'POST', body: '{}' });
        console.log(response.statusCode, await response.body.text());
      } catch (error) {
        console.log('failed', error.code ?? error.message);
      } finally {
        await agent.close();
      }`;
    const call = async (env: Record<string, string>) =>
      (
        await run(process.execPath, ['--input-type=module', '-e', client], {
          env: { ...process.env, ...env },
        })
      ).stdout.trim();

    expect(await call({ NODE_EXTRA_CA_CERTS: join(dir, 'cert.pem') })).toBe(
      '200 POST over HTTP/2.0',
    );
    expect(await call({ NODE_EXTRA_CA_CERTS: '' })).toMatch(/^failed .*(CERT|SELF_SIGNED)/);
  });
});
