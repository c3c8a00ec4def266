import { describe, expect, it } from 'vitest';
import type { Scan } from '#shared/domain/scans/schemas';
import { badgeUrl, renderScanNotFoundPage, renderScanPage } from '#shared/surfaces/pages/scan-page';

const LONG_HOST = `${'very-long-subdomain-name-without-any-break-'.repeat(4)}example.com`;

function scan(overrides: Partial<Scan> = {}): Scan {
  return {
    id: '0b7f8a52-1c1e-4c55-9a3e-2f1d7c0e9a11',
    domain: 'shop.example',
    score: 64,
    scoring_version: 2,
    created_at: '2026-11-22T04:15:00.000Z',
    url: 'https://api.test/scans/0b7f8a52-1c1e-4c55-9a3e-2f1d7c0e9a11',
    checks: [
      {
        id: 'llms',
        pillar: 'E',
        title: 'llms.txt',
        state: 'bad',
        score: 0,
        max: 10,
        findings: [
          { id: 'llms.missing', state: 'bad', text: 'No llms.txt at /llms.txt. (+10 points)' },
        ],
      },
      {
        id: 'crawler',
        pillar: 'R',
        title: 'AI crawler access',
        state: 'good',
        score: 18,
        max: 20,
        findings: [
          {
            id: 'crawler.search_crawlers_allowed',
            state: 'good',
            text: 'robots.txt admits GPTBot.',
          },
          {
            id: 'crawler.no_ai_policy',
            state: 'warn',
            text: 'No sitemap in robots.txt. (+2 points)',
          },
        ],
      },
    ],
    ...overrides,
  };
}

const API_URL = 'https://api.test/api/v1/scans/0b7f8a52-1c1e-4c55-9a3e-2f1d7c0e9a11';

describe('the public result page', () => {
  const html = renderScanPage(scan(), API_URL).toString();

  it('draws the score as a labelled gauge and one bar per pillar with its numbers in text', () => {
    expect(html).toContain('aria-label="Score 64 out of 100 (fair)"');
    expect(html).toContain('R · Retrievable');
    expect(html).toContain('18 of 20 points, 90%');
    expect(html).toContain('0 of 10 points, 0%');
    // A pillar without checks says so instead of drawing an empty bar as 0 %.
    expect(html).toMatch(/A · Actionable<\/span>\s*<span class="pillar-figure">not applicable/);
  });

  it('puts the fixes worth the most first, before the pillars and checks', () => {
    const fixes = html.indexOf('Fix these first');
    expect(fixes).toBeGreaterThan(0);
    expect(fixes).toBeLessThan(html.indexOf('id="pillars"'));
    expect(html.slice(fixes)).toMatch(
      /<li><span class="gain">\+\d+ points to the score<\/span> No llms\.txt/,
    );
  });

  it('orders checks by points to gain and shows each fix as a gain, not a raw suffix', () => {
    expect(html.indexOf('id="check-llms"')).toBeLessThan(html.indexOf('id="check-crawler"'));
    expect(html).toContain(
      'No sitemap in robots.txt.</span> <span class="gain">Fix: +2 points</span>',
    );
    expect(html).not.toContain('(+2 points)');
  });

  it('offers a free account to keep the history, a scan of your own site and the badge', () => {
    expect(html).toContain('Create a free account to keep your history');
    expect(html).toContain('<a class="button" href="/dashboard/sign-in">Create a free account</a>');
    expect(html).toMatch(/<form class="scan-box" id="scan" method="post" action="\/scans"/);
    expect(html).toContain('href="/#scan">Scan your site</a>');
    const badge = badgeUrl('https://api.test', 'shop.example');
    expect(badge).toBe('https://api.test/badge/shop.example.svg');
    expect(html).toContain(`<img src="${badge}"`);
    expect(html).toContain(
      `[![Agent readiness of shop.example](${badge})](https://api.test/scans/0b7f8a52-1c1e-4c55-9a3e-2f1d7c0e9a11)`,
    );
    expect(html).toContain(`&lt;img src=&quot;${badge}&quot;`);
  });

  it('lets long words break, uses the dashboard styles and has one h1 and a skip link', () => {
    const long = renderScanPage(scan({ domain: LONG_HOST }), API_URL).toString();
    expect(long).toContain('overflow-wrap:anywhere');
    expect(long).toContain('header.top');
    expect(long.match(/<h1/g)).toHaveLength(1);
    expect(long).toContain('<a class="skip" href="#main">Skip to content</a>');
  });

  it('escapes what came from the scanned site', () => {
    const hostile = renderScanPage(
      scan({
        checks: [
          {
            id: 'llms',
            pillar: 'E',
            title: 'llms.txt',
            state: 'bad',
            score: 0,
            max: 10,
            findings: [{ id: 'llms.missing', state: 'bad', text: '<script>alert(1)</script>' }],
          },
        ],
      }),
      API_URL,
    ).toString();
    expect(hostile).not.toContain('<script>alert(1)');
    expect(hostile).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });
});

describe('the page of an unknown scan', () => {
  it('speaks to a visitor and points to a scan of their own, not to an API call', () => {
    const html = renderScanNotFoundPage('not-a-scan').toString();
    expect(html).toContain('We could not find this scan');
    expect(html).toContain('<code>not-a-scan</code>');
    expect(html).toContain('href="/#scan">Scan a site</a>');
    expect(html).not.toContain('POST');
  });
});
