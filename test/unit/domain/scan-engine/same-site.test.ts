import { afterEach, describe, expect, it } from 'vitest';
import { createSafeFetcher } from '#shared/adapters/http/safe-fetch';
import { runScan } from '#shared/domain/scan-engine/engine';
import { isSameSite } from '#shared/domain/scan-engine/site';
import { parseScanTarget } from '#shared/domain/scan-engine/target';
import { offlineLookup, startFixtureSite } from '#test/fixtures/sites/index';

/**
 * Issue 10, case 13: "same site" follows the public-suffix list, private section included.
 * The front's fetcher resolves names with the system resolver, so this runs the engine with a
 * lookup that maps two github.io names to the loopback fixture.
 */
const open: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((item) => item.close()));
});

describe('same-site decisions', () => {
  it('tells apart two sites under one public suffix, and keeps subdomains of one site together', () => {
    expect(isSameSite('https://a.github.io/x', 'https://b.github.io')).toBe(false);
    expect(isSameSite('https://docs.example.co.uk/x', 'https://www.example.co.uk')).toBe(true);
    expect(isSameSite('mailto:a@example.com', 'https://example.com')).toBe(false);
  });

  it('does not sample a sitemap URL of another github.io site, and says it is on another site', async () => {
    const site = await startFixtureSite('sibling-sitemap');
    open.push(site);
    const port = site.host.split(':')[1];
    const fetcher = createSafeFetcher({
      allowPrivateTargets: true,
      lookup: offlineLookup({ 'alpha.github.io': '127.0.0.1', 'beta.github.io': '127.0.0.1' }),
    });
    open.push(fetcher);
    const target = parseScanTarget(`http://alpha.github.io:${port}`, { allowPrivateTargets: true });

    const report = await runScan(target, { fetcher });

    expect(site.requests.map((request) => request.path)).not.toContain('/private-page');
    expect(site.requests.map((request) => request.path)).toContain('/docs/getting-started');
    const sitemap = report.checks.find((check) => check.id === 'sitemap');
    expect(sitemap?.findings.map((finding) => finding.text).join('\n')).toContain(
      '1 of 2 sitemap URLs are relative or on another site (e.g. http://beta.github.io',
    );
  });
});
