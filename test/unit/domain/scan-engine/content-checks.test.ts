import { describe, expect, it } from 'vitest';
import { evaluateLlms } from '#shared/domain/scan-engine/checks/llms';
import { evaluateMarkdown } from '#shared/domain/scan-engine/checks/markdown';
import { evaluateRender } from '#shared/domain/scan-engine/checks/render';
import { evaluateSchema } from '#shared/domain/scan-engine/checks/schema';
import { evaluateSitemap } from '#shared/domain/scan-engine/checks/sitemap';
import {
  findingTexts,
  makeArtifacts,
  notFound,
  ORIGIN,
  response,
  robotsTxt,
  SPA_SHELL,
  serverRenderedHtml,
  skipped,
  timedOut,
} from './artifact-builders.ts';

/** The SPA shell as the homepage: a page, never marked as the catch-all. */
const shellPage = (path: string) => response(path, { type: 'text/html', body: SPA_SHELL });
/** The SPA shell served for a document, as the collector marks it (the site's catch-all). */
const spa = (path: string) => ({
  ...response(path, { type: 'text/html', body: SPA_SHELL }),
  catchAll: { contentType: 'text/html', preview: SPA_SHELL.slice(0, 60) },
});

const LLMS = [
  '# Example',
  '',
  '> What Example does.',
  '',
  '## Docs',
  '',
  '- [Start](https://example.com/start.md): first steps',
].join('\n');

const SITEMAP = `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
<url><loc>${ORIGIN}/a</loc><lastmod>2026-01-01</lastmod></url>
<url><loc>${ORIGIN}/b</loc><lastmod>2026-01-02</lastmod></url></urlset>`;

describe('sitemap check', () => {
  it('passes a sitemap named in robots.txt whose samples answer', () => {
    const check = evaluateSitemap(
      makeArtifacts({
        robots: robotsTxt(`User-agent: *\nAllow: /\nSitemap: ${ORIGIN}/sitemap.xml\n`),
        sitemaps: [
          {
            url: `${ORIGIN}/sitemap.xml`,
            source: 'robots',
            fetched: response('/sitemap.xml', { type: 'application/xml', body: SITEMAP }),
          },
        ],
        sitemapSamples: [
          response('/a', { type: 'text/html' }),
          response('/b', { type: 'text/html' }),
        ],
      }),
    );
    expect(check).toMatchObject({ id: 'sitemap', state: 'good', score: 6, max: 6 });
  });

  it('gives half the discovery points to a sitemap found only at the default path', () => {
    const check = evaluateSitemap(
      makeArtifacts({
        sitemaps: [
          {
            url: `${ORIGIN}/sitemap.xml`,
            source: 'default',
            fetched: response('/sitemap.xml', { type: 'application/xml', body: SITEMAP }),
          },
        ],
        sitemapSamples: [response('/a'), response('/b', { status: 404 })],
      }),
    );
    expect(check.score).toBe(1 + 2 + 0.5 + 1);
    expect(findingTexts(check)).toContain('Add "Sitemap: https://example.com/sitemap.xml"');
    expect(findingTexts(check)).toContain('1 of 2 sampled sitemap URLs do not answer 2xx');
  });

  it('does not accept an SPA page answering /sitemap.xml', () => {
    const check = evaluateSitemap(
      makeArtifacts({
        sitemaps: [
          { url: `${ORIGIN}/sitemap.xml`, source: 'default', fetched: spa('/sitemap.xml') },
        ],
      }),
    );
    expect(check).toMatchObject({ state: 'bad', score: 0, max: 6 });
    expect(findingTexts(check)).toContain(
      'the same HTML page the site returns for any unknown path',
    );
  });
});

describe('render check', () => {
  it('passes a server-rendered homepage over HTTPS', () => {
    const check = evaluateRender(makeArtifacts());
    // inner page N/A -> max 10
    expect(check).toMatchObject({ state: 'good', score: 10, max: 10 });
  });

  it('fails a JavaScript shell and says how to fix it', () => {
    const check = evaluateRender(makeArtifacts({ homepage: shellPage('/') }));
    expect(check.state).toBe('bad');
    expect(findingTexts(check)).toContain('JavaScript shell');
    expect(findingTexts(check)).toContain('server-render');
  });

  it('sees a noindex sent only in the X-Robots-Tag header', () => {
    const check = evaluateRender(
      makeArtifacts({
        homepage: response('/', {
          type: 'text/html',
          body: serverRenderedHtml(),
          headers: { 'x-robots-tag': 'noindex' },
        }),
      }),
    );
    expect(findingTexts(check)).toContain('X-Robots-Tag');
    expect(check.score).toBe(8);
  });

  it('counts an inner page that robots.txt keeps us from as half, not as a failure', () => {
    const check = evaluateRender(
      makeArtifacts({ innerPage: { url: `${ORIGIN}/private/page`, source: 'sitemap' } }),
    );
    expect(check).toMatchObject({ score: 11, max: 12 });
    expect(findingTexts(check)).toContain('robots.txt disallows our scanner');
  });

  it('notes a homepage larger than the byte cap', () => {
    const homepage = {
      ...response('/', { type: 'text/html', body: serverRenderedHtml() }),
      truncated: true,
    };
    const check = evaluateRender(makeArtifacts({ homepage }));
    expect(findingTexts(check)).toContain('larger than the 3 MiB we read');
  });
});

describe('llms check', () => {
  it('passes a proper llms.txt with working links and llms-full.txt', () => {
    const check = evaluateLlms(
      makeArtifacts({
        llmsTxt: response('/llms.txt', { type: 'text/plain', body: LLMS }),
        llmsFullTxt: response('/llms-full.txt', { type: 'text/plain', body: '# Everything' }),
        llmsLinks: [response('/start.md', { type: 'text/markdown' })],
      }),
    );
    expect(check).toMatchObject({ id: 'llms', pillar: 'E', state: 'good', score: 8, max: 8 });
  });

  it('gives little credit to llms.txt served as text/html and says why', () => {
    const check = evaluateLlms(
      makeArtifacts({
        llmsTxt: response('/llms.txt', { type: 'text/html; charset=utf-8', body: LLMS }),
        llmsLinks: [response('/start.md', { type: 'text/markdown' })],
      }),
    );
    expect(check.score).toBe(1 + 3 + 1);
    expect(findingTexts(check)).toContain('served as text/html');
  });

  it('does not take an SPA soft-404 page for llms.txt', () => {
    const check = evaluateLlms(
      makeArtifacts({
        llmsTxt: spa('/llms.txt'),
        llmsFullTxt: spa('/llms-full.txt'),
      }),
    );
    expect(check).toMatchObject({ state: 'bad', score: 0, max: 8 });
    expect(findingTexts(check)).toContain('soft 404');
  });

  it('counts an llms.txt that did not answer within its budget as missing (the site is slow)', () => {
    const check = evaluateLlms(makeArtifacts({ llmsTxt: timedOut('/llms.txt') }));
    expect(check).toMatchObject({ state: 'bad', score: 0, max: 8 });
    expect(findingTexts(check)).toContain('did not answer within 6 s');
  });

  it('is unknown, not failed, when the scanner cut llms.txt short', () => {
    const check = evaluateLlms(makeArtifacts({ llmsTxt: skipped('/llms.txt') }));
    expect(check).toMatchObject({ state: 'unknown', score: 0, max: 0 });
    expect(findingTexts(check)).toContain('could not be fetched by the scanner');
  });

  it('scores a missing llms.txt as 0, not N/A', () => {
    const check = evaluateLlms(makeArtifacts());
    expect(check).toMatchObject({ state: 'bad', score: 0, max: 8 });
  });
});

describe('markdown check', () => {
  it('passes negotiation with Vary, discovery link and token header', () => {
    const check = evaluateMarkdown(
      makeArtifacts({
        homepage: response('/', {
          type: 'text/html',
          body: serverRenderedHtml('<link rel="alternate" type="text/markdown" href="/index.md">'),
          headers: { vary: 'Accept' },
        }),
        homepageMarkdown: response('/', {
          type: 'text/markdown',
          body: '# Example',
          headers: { vary: 'Accept', 'x-markdown-tokens': '40' },
        }),
      }),
    );
    expect(check).toMatchObject({ state: 'good', score: 8, max: 8 });
  });

  it('rejects an SPA that answers HTML to Accept: text/markdown', () => {
    const check = evaluateMarkdown(
      makeArtifacts({ homepage: shellPage('/'), homepageMarkdown: shellPage('/') }),
    );
    expect(check).toMatchObject({ state: 'bad', score: 0 });
  });

  it('names a 5xx on Accept: text/markdown specifically', () => {
    const check = evaluateMarkdown(
      makeArtifacts({ homepageMarkdown: response('/', { status: 500, type: 'application/json' }) }),
    );
    expect(findingTexts(check)).toContain('the server errors on Accept: text/markdown');
  });

  it('is unknown when the scanner could not make the markdown request', () => {
    const check = evaluateMarkdown(makeArtifacts({ homepageMarkdown: skipped('/') }));
    expect(check).toMatchObject({ state: 'unknown', max: 0 });
  });

  it('fails negotiation when GET / as markdown did not answer within its budget', () => {
    const check = evaluateMarkdown(makeArtifacts({ homepageMarkdown: timedOut('/') }));
    expect(check).toMatchObject({ state: 'bad', max: 8 });
    expect(findingTexts(check)).toContain('no answer within 6 s');
  });
});

describe('schema check', () => {
  const JSON_LD = `<script type="application/ld+json">${JSON.stringify({
    '@context': 'https://schema.org',
    '@graph': [
      { '@type': 'Organization', name: 'Example', url: `${ORIGIN}/`, logo: `${ORIGIN}/logo.png` },
      { '@type': 'WebSite', name: 'Example', url: `${ORIGIN}/` },
    ],
  })}</script>`;
  const OG = ['title', 'type', 'image', 'url']
    .map((key) => `<meta property="og:${key}" content="x">`)
    .join('');

  it('passes identity markup, metadata and Open Graph (type fit N/A)', () => {
    const check = evaluateSchema(
      makeArtifacts({
        homepage: response('/', { type: 'text/html', body: serverRenderedHtml(JSON_LD + OG) }),
      }),
    );
    expect(check).toMatchObject({ state: 'good', score: 9, max: 9 });
  });

  it('reports invalid JSON-LD', () => {
    const check = evaluateSchema(
      makeArtifacts({
        homepage: response('/', {
          type: 'text/html',
          body: serverRenderedHtml('<script type="application/ld+json">{not json</script>'),
        }),
      }),
    );
    expect(findingTexts(check)).toContain('not valid JSON');
  });

  it('does not cascade zeros onto a JavaScript shell: absent JSON-LD and OG are not scored', () => {
    const check = evaluateSchema(makeArtifacts({ homepage: shellPage('/') }));
    expect(check.max).toBe(2);
    expect(findingTexts(check)).toContain('JavaScript shell');
  });

  it('wants Product offers on a shop', () => {
    const product = `<script type="application/ld+json">${JSON.stringify({ '@type': 'Product', name: 'Mug' })}</script><a href="/cart">Cart</a>`;
    const check = evaluateSchema(
      makeArtifacts({
        homepage: response('/', { type: 'text/html', body: serverRenderedHtml(product) }),
      }),
    );
    expect(findingTexts(check)).toContain('Product markup lacks offers');
  });

  it('does not count a 404 page as metadata', () => {
    const check = evaluateSchema(makeArtifacts({ homepage: notFound('/') }));
    expect(check.state).toBe('bad');
  });
});
