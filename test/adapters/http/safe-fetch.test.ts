import { createServer } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  BlockedTargetError,
  createSafeFetcher,
  type DnsLookup,
  FetchNetworkError,
  FetchTimeoutError,
  type SafeFetcher,
  TooManyRedirectsError,
} from '#shared/adapters/http/safe-fetch';
import {
  offlineLookup,
  type RunningFixtureSite,
  startFixtureSite,
  textResponse,
} from '#test/fixtures/sites/index';

const open: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((item) => item.close()));
});

async function site(
  definition: Parameters<typeof startFixtureSite>[0],
): Promise<RunningFixtureSite> {
  const running = await startFixtureSite(definition);
  open.push(running);
  return running;
}

function fetcher(options: Parameters<typeof createSafeFetcher>[0]): SafeFetcher {
  const created = createSafeFetcher({ lookup: offlineLookup(), ...options });
  open.push(created);
  return created;
}

function portOf(running: RunningFixtureSite): number {
  return Number(running.host.split(':')[1]);
}

const request = { timeoutMs: 2_000, maxBytes: 1024 * 1024 };

describe('safe fetcher in production mode (allowPrivateTargets false)', () => {
  it.each([
    (port: number) => `http://127.0.0.1:${port}/`,
    (port: number) => `http://2130706433:${port}/`,
    (port: number) => `http://0177.0.0.1:${port}/`,
    (port: number) => `http://0x7f.0.0.1:${port}/`,
    (port: number) => `http://127.1:${port}/`,
    (port: number) => `http://[::ffff:127.0.0.1]:${port}/`,
    (port: number) => `http://[::ffff:7f00:1]:${port}/`,
    (port: number) => `http://[64:ff9b::7f00:1]:${port}/`,
    (port: number) => `http://[::1]:${port}/`,
  ])('refuses a loopback literal before connecting (%#)', async (build) => {
    const running = await site('good');
    const port = portOf(running);
    const lookup = vi.fn<DnsLookup>(offlineLookup());
    // Even with the fixture's port excepted, the address itself must be refused.
    const safe = fetcher({
      allowPrivateTargets: false,
      lookup,
      policyExceptions: { ports: [port] },
    });

    await expect(safe.fetch(build(port), request)).rejects.toBeInstanceOf(BlockedTargetError);
    expect(running.requests).toHaveLength(0);
    expect(lookup).not.toHaveBeenCalled();
  });

  it.each([
    'http://169.254.169.254/latest/meta-data/',
    'http://10.0.0.1/',
    'http://192.168.0.1/',
    'http://172.16.0.1/',
    'http://100.64.0.1/',
    'http://[fd00:ec2::254]/',
    'http://[fe80::1]/',
    'http://0/',
  ])('refuses the private or link-local literal %s without any lookup', async (url) => {
    const lookup = vi.fn<DnsLookup>(offlineLookup());
    const safe = fetcher({ allowPrivateTargets: false, lookup });
    const error = await safe.fetch(url, request).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BlockedTargetError);
    expect((error as BlockedTargetError).reason).toBe('non_public_address');
    expect(lookup).not.toHaveBeenCalled();
  });

  it('refuses localhost names, odd ports and credentials', async () => {
    const safe = fetcher({ allowPrivateTargets: false });
    for (const url of [
      'http://localhost/',
      'http://app.localhost/',
      'http://printer.local/',
      'http://metadata.google.internal/',
      'http://example.com:8080/',
      'http://user:secret@example.com/',
    ]) {
      await expect(safe.fetch(url, request)).rejects.toBeInstanceOf(BlockedTargetError);
    }
  });

  it('refuses at connect time a public-looking name that resolves to 127.0.0.1 (DNS rebinding)', async () => {
    const running = await site('good');
    const lookup = vi.fn<DnsLookup>(offlineLookup({ 'evil.test-rebind.example': '127.0.0.1' }));
    const safe = fetcher({
      allowPrivateTargets: false,
      lookup,
      policyExceptions: { ports: [portOf(running)] },
    });

    const error = await safe
      .fetch(`http://evil.test-rebind.example:${portOf(running)}/`, request)
      .catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(BlockedTargetError);
    expect((error as BlockedTargetError).message).toContain('resolves to a non-public address');
    expect(lookup).toHaveBeenCalledWith('evil.test-rebind.example');
    expect(running.requests).toHaveLength(0);
  });

  it('refuses a name when any one of its addresses is private', async () => {
    const lookup: DnsLookup = async () => [
      { address: '93.184.215.14', family: 4 },
      { address: '10.0.0.7', family: 4 },
    ];
    const safe = fetcher({ allowPrivateTargets: false, lookup });
    await expect(safe.fetch('http://mixed.example/', request)).rejects.toBeInstanceOf(
      BlockedTargetError,
    );
  });

  it('refuses a redirect from an allowed site into the metadata address', async () => {
    const running = await site('redirect-to-private');
    // The one honest way to reach a loopback fixture in production mode: except exactly it.
    const safe = fetcher({
      allowPrivateTargets: false,
      policyExceptions: { addresses: ['127.0.0.1'], ports: [portOf(running)] },
    });

    const error = await safe.fetch(`${running.url}/`, request).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(BlockedTargetError);
    expect((error as BlockedTargetError).url).toBe('http://169.254.169.254/latest/meta-data/');
    expect(running.requests).toHaveLength(1);
  });

  it('refuses a redirect to a name that resolves to a private address', async () => {
    const running = await site({
      routes: {
        '/': (context) => ({
          status: 301,
          headers: {
            location: `http://internal.test-rebind.example:${context.origin.split(':')[2]}/`,
          },
        }),
      },
    });
    const safe = fetcher({
      allowPrivateTargets: false,
      lookup: offlineLookup({ 'internal.test-rebind.example': '10.0.0.5' }),
      policyExceptions: { addresses: ['127.0.0.1'], ports: [portOf(running)] },
    });
    await expect(safe.fetch(`${running.url}/`, request)).rejects.toBeInstanceOf(BlockedTargetError);
  });

  it('reaches an excepted fixture, which shows the refusals above are the policy at work', async () => {
    const running = await site('good');
    const safe = fetcher({
      allowPrivateTargets: false,
      policyExceptions: { addresses: ['127.0.0.1'], ports: [portOf(running)] },
    });
    const answer = await safe.fetch(`${running.url}/robots.txt`, request);
    expect(answer.status).toBe(200);
  });
});

describe('safe fetcher with private targets allowed (tests, local demo)', () => {
  it('returns status, final URL, headers, text and the redirect chain', async () => {
    const running = await site({
      routes: {
        '/old': { status: 301, headers: { location: '/new' } },
        '/new': textResponse('text/plain', 'hello'),
      },
    });
    const safe = fetcher({ allowPrivateTargets: true });
    const answer = await safe.fetch(`${running.url}/old`, request);
    expect(answer).toMatchObject({
      status: 200,
      finalUrl: `${running.url}/new`,
      text: 'hello',
      truncated: false,
      redirects: [{ url: `${running.url}/old`, status: 301, location: `${running.url}/new` }],
    });
    expect(answer.headers['content-type']).toContain('text/plain');
  });

  it('stops after five redirects', async () => {
    const running = await site({
      routes: { '/loop': { status: 302, headers: { location: '/loop' } } },
    });
    const safe = fetcher({ allowPrivateTargets: true });
    await expect(safe.fetch(`${running.url}/loop`, request)).rejects.toBeInstanceOf(
      TooManyRedirectsError,
    );
    expect(running.requests).toHaveLength(6);
  });

  it('truncates an oversized body at the cap instead of buffering it', async () => {
    const running = await site('oversized');
    const safe = fetcher({ allowPrivateTargets: true });
    const answer = await safe.fetch(`${running.url}/`, { timeoutMs: 2_000, maxBytes: 64 * 1024 });
    expect(answer.truncated).toBe(true);
    expect(answer.body.byteLength).toBe(64 * 1024);
  });

  it('counts the cap after decompression, so a gzip bomb is cut at the cap', async () => {
    const running = await site('gzip-bomb');
    const safe = fetcher({ allowPrivateTargets: true });
    const answer = await safe.fetch(`${running.url}/`, { timeoutMs: 2_000, maxBytes: 256 * 1024 });
    expect(answer.truncated).toBe(true);
    expect(answer.body.byteLength).toBe(256 * 1024);
    expect(answer.text.startsWith('aaaa')).toBe(true);
  });

  it('reports a slow answer as a timeout, not a network error', async () => {
    const running = await site({ routes: { '/slow': { body: 'late', delayMs: 1_000 } } });
    const safe = fetcher({ allowPrivateTargets: true });
    const started = Date.now();
    await expect(
      safe.fetch(`${running.url}/slow`, { timeoutMs: 100, maxBytes: 1024 }),
    ).rejects.toBeInstanceOf(FetchTimeoutError);
    expect(Date.now() - started).toBeLessThan(800);
  });

  it('reports a refused connection as a network error with its code', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    const port = typeof address === 'object' && address !== null ? address.port : 0;
    await new Promise<void>((resolve) => server.close(() => resolve()));

    const safe = fetcher({ allowPrivateTargets: true });
    const error = await safe
      .fetch(`http://127.0.0.1:${port}/`, request)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(FetchNetworkError);
    expect((error as FetchNetworkError).code).toBe('ECONNREFUSED');
    expect((error as FetchNetworkError).message).toContain('connection refused');
  });

  it('reports an unknown name as a DNS failure', async () => {
    const safe = fetcher({ allowPrivateTargets: true });
    const error = await safe.fetch('http://nowhere.example/', request).catch((caught) => caught);
    expect(error).toBeInstanceOf(FetchNetworkError);
    expect((error as FetchNetworkError).message).toContain('DNS lookup failed');
  });
});
