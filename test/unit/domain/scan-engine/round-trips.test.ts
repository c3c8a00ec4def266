import { afterEach, describe, expect, it } from 'vitest';
import { createSafeFetcher, type SafeFetcher } from '#shared/adapters/http/safe-fetch';
import { runScan } from '#shared/domain/scan-engine/engine';
import { parseScanTarget } from '#shared/domain/scan-engine/target';
import { offlineLookup, startFixtureSite } from '#test/fixtures/sites/index';

/**
 * Issue 28 point 5: a site whose sitemap sits at the default path is scanned in two dependent
 * round trips. Everything that does not depend on an answer (robots.txt, the homepage, every
 * well-known path, llms.txt, the default sitemap) goes out in the first wave, robots.txt, the
 * homepage and the sitemap first; no request is repeated; at most 16 are in flight at the site.
 */
const open: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((item) => item.close()));
});

/** The real guarded fetcher, noting the order in which the scan hands it requests. */
function orderRecordingFetcher(order: string[]): SafeFetcher {
  const inner = createSafeFetcher({ allowPrivateTargets: true, lookup: offlineLookup() });
  open.push(inner);
  return {
    fetch: (url, request) => {
      order.push(`${new URL(url).pathname} ${request.headers?.accept ?? ''}`);
      return inner.fetch(url, request);
    },
    close: () => inner.close(),
  };
}

describe('two round trips', () => {
  it('scans a site with a default-path sitemap in 2 waves, without repeating a request', async () => {
    const site = await startFixtureSite('good', { latencyMs: 40 });
    open.push(site);
    const order: string[] = [];
    const report = await runScan(parseScanTarget(site.url, { allowPrivateTargets: true }), {
      fetcher: orderRecordingFetcher(order),
    });
    expect(report.stats.waves).toBe(2);
    expect(report.stats.duplicateFetches).toBe(0);
    const keys = site.requests.map(
      (request) =>
        `${request.method} ${request.path} ${request.accept} ${request.headers['user-agent']}`,
    );
    expect(new Set(keys).size).toBe(keys.length);

    // robots.txt, the homepage and the sitemap are the first requests handed out.
    expect(
      order
        .slice(0, 3)
        .map((entry) => entry.split(' ')[0])
        .sort(),
    ).toEqual(['/', '/robots.txt', '/sitemap.xml']);
    // Every well-known path and llms.txt were asked for before the first answer arrived.
    const firstAnswer = Math.min(
      ...site.requests.map((request) => request.answeredAt ?? Number.POSITIVE_INFINITY),
    );
    const firstWave = site.requests.filter((request) => request.receivedAt < firstAnswer);
    expect(firstWave.length).toBe(16);
    const secondWaveStart = site.requests.filter((request) => request.receivedAt >= firstAnswer);
    const independent = site.requests.filter(
      (request) => request.path.startsWith('/.well-known/') || request.path === '/llms.txt',
    );
    for (const request of independent) {
      // Either in the first 16, or among the overflow that took the first free slots.
      expect(firstWave.includes(request) || secondWaveStart.indexOf(request) < 16).toBe(true);
    }
  });
});
