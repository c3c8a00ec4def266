import { describe, expect, it } from 'vitest';
import {
  FetchTimeoutError,
  type SafeFetcher,
  type SafeFetchRequest,
  type SafeFetchResponse,
} from '#shared/adapters/http/safe-fetch';
import { ScanFetcher } from '#shared/domain/scan-engine/scan-fetcher';

/**
 * A fake network on a fake clock: "hang" never answers, so the request times out after the
 * time it was given (the clock moves on by exactly that much); anything else answers at once.
 */
function fakeNetwork() {
  let clock = 0;
  const started: Array<{ url: string; timeoutMs: number }> = [];
  const fetcher: SafeFetcher = {
    async fetch(url: string, request: SafeFetchRequest): Promise<SafeFetchResponse> {
      started.push({ url, timeoutMs: request.timeoutMs });
      if (url.endsWith('/hang')) {
        clock += request.timeoutMs;
        throw new FetchTimeoutError(url, request.timeoutMs);
      }
      return {
        url,
        finalUrl: url,
        status: 200,
        headers: {},
        body: new Uint8Array(),
        text: '',
        truncated: false,
        redirects: [],
        timing: { startedAt: clock, durationMs: 0 },
      };
    },
    close: async () => {},
  };
  return {
    fetcher,
    started,
    now: () => clock,
    advance: (ms: number) => {
      clock += ms;
    },
  };
}

function scanFetcher(net: ReturnType<typeof fakeNetwork>, deadlineMs: number, perOrigin = 16) {
  const scan = new ScanFetcher(net.fetcher, {
    deadlineAt: net.now() + deadlineMs,
    now: net.now,
    perOrigin,
  });
  return scan;
}

const doc = { maxBytes: 1024, priority: 1 };

describe('ScanFetcher budgets', () => {
  it('gives each kind of request a share of the deadline, capped', () => {
    const net = fakeNetwork();
    const long = scanFetcher(net, 25_000);
    expect([
      long.budgetMs('homepage'),
      long.budgetMs('document'),
      long.budgetMs('third-party'),
    ]).toEqual([10_000, 6_000, 4_000]);
    const short = scanFetcher(net, 10_000);
    expect([short.budgetMs('homepage'), short.budgetMs('document')]).toEqual([4_000, 2_400]);
    long.dispose();
    short.dispose();
  });

  it('calls a request that had its whole budget and no answer a timeout (the site is slow)', async () => {
    const net = fakeNetwork();
    const scan = scanFetcher(net, 25_000);
    const fetched = await scan.get('https://example.com/hang', doc);
    expect(fetched).toMatchObject({ kind: 'timeout', budgetMs: 6_000 });
    scan.dispose();
  });

  it('calls a request the deadline cut short skipped (the scanner spent the time elsewhere)', async () => {
    const net = fakeNetwork();
    const scan = scanFetcher(net, 25_000);
    net.advance(22_000); // 3 s left: less than the 6 s a document is due
    const fetched = await scan.get('https://example.com/hang', doc);
    expect(fetched.kind).toBe('skipped');
    expect(net.started.at(-1)?.timeoutMs).toBeLessThan(6_000);
    scan.dispose();
  });

  it('does not start a request when the deadline has all but passed', async () => {
    const net = fakeNetwork();
    const scan = scanFetcher(net, 25_000);
    net.advance(24_950);
    expect((await scan.get('https://example.com/late', doc)).kind).toBe('skipped');
    expect(net.started).toHaveLength(0);
    scan.dispose();
  });
});

describe('ScanFetcher waves', () => {
  it('counts a request derived from an answer as the next wave', async () => {
    const net = fakeNetwork();
    const scan = scanFetcher(net, 25_000);
    const robots = await scan.get('https://example.com/robots.txt', doc);
    const sitemap = await scan.get('https://example.com/sitemap.xml', { ...doc, after: [robots] });
    await scan.get('https://example.com/page', { ...doc, after: [sitemap] });
    expect(scan.stats).toMatchObject({ requests: 3, waves: 3, duplicateFetches: 0 });
    scan.dispose();
  });

  it('counts a request that waited for a connection slot as the next wave', async () => {
    const net = fakeNetwork();
    const scan = scanFetcher(net, 25_000, 2);
    await Promise.all(
      ['a', 'b', 'c', 'd', 'e'].map((path) => scan.get(`https://example.com/${path}`, doc)),
    );
    // Two slots: a b | c d | e
    expect(scan.stats).toMatchObject({ requests: 5, waves: 3 });
    scan.dispose();
  });

  it('fetches a URL and Accept once however many callers ask', async () => {
    const net = fakeNetwork();
    const scan = scanFetcher(net, 25_000);
    await Promise.all([
      scan.get('https://example.com/llms.txt', doc),
      scan.get('https://example.com/llms.txt', doc),
      scan.get('https://example.com/llms.txt', { ...doc, accept: 'text/markdown' }),
    ]);
    expect(net.started.map((entry) => entry.url)).toHaveLength(2);
    scan.dispose();
  });
});
