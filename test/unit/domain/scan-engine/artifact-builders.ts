/**
 * Hand-built artifacts for check tests: every probe answers 404 unless a test says otherwise,
 * and the homepage is a small server-rendered page. No server involved.
 */
import type { Fetched, FetchedResponse, ScanArtifacts } from '#shared/domain/scan-engine/artifacts';

export const ORIGIN = 'https://example.com';

export function response(
  path: string,
  init: { status?: number; type?: string; body?: string; headers?: Record<string, string> } = {},
): FetchedResponse {
  const url = path.startsWith('http') ? path : `${ORIGIN}${path}`;
  return {
    kind: 'response',
    url,
    finalUrl: url,
    status: init.status ?? 200,
    headers: {
      ...(init.type === undefined ? {} : { 'content-type': init.type }),
      ...init.headers,
    },
    text: init.body ?? '',
    truncated: false,
    redirectCount: 0,
  };
}

export function notFound(path: string): FetchedResponse {
  return response(path, { status: 404, type: 'text/plain', body: 'Not found' });
}

export function timedOut(path: string): Fetched {
  const url = path.startsWith('http') ? path : `${ORIGIN}${path}`;
  return {
    kind: 'timeout',
    url,
    message: `No complete answer from ${url} within 6000 ms`,
    budgetMs: 6_000,
  };
}

/** Not attempted or cut short by the scanner (its deadline was spent elsewhere). */
export function skipped(path: string): Fetched {
  const url = path.startsWith('http') ? path : `${ORIGIN}${path}`;
  return { kind: 'skipped', url, message: 'cut short by the scan deadline (spent elsewhere)' };
}

const WORDS =
  'Example Company builds tools that help teams publish fast, readable web pages for people and agents alike. ';

export function serverRenderedHtml(extraHead = '', extraBody = ''): string {
  return `<!doctype html><html lang="en"><head><title>Example</title>
<meta name="description" content="Example site">
<link rel="canonical" href="${ORIGIN}/">${extraHead}</head>
<body><main><h1>Example</h1><p>${WORDS.repeat(8)}</p>${extraBody}</main></body></html>`;
}

export const SPA_SHELL =
  '<!doctype html><html><head><title>App</title><script type="module" src="/app.js"></script></head><body><div id="root"></div></body></html>';

export function makeArtifacts(overrides: Partial<ScanArtifacts> = {}): ScanArtifacts {
  const probes: Record<string, Fetched> = {};
  for (const path of [
    '/.well-known/api-catalog',
    '/.well-known/openapi.json',
    '/.well-known/oauth-protected-resource',
    '/.well-known/oauth-authorization-server',
    '/.well-known/openid-configuration',
    '/.well-known/ai-catalog.json',
    '/.well-known/mcp/catalog.json',
    '/.well-known/mcp/server-card.json',
    '/.well-known/mcp.json',
    '/.well-known/agent-card.json',
    '/.well-known/agent-skills/index.json',
    '/.well-known/agents.json',
  ]) {
    probes[path] = notFound(path);
  }
  return {
    origin: ORIGIN,
    inputHost: 'example.com',
    homepage: response('/', { type: 'text/html; charset=utf-8', body: serverRenderedHtml() }),
    homepageMarkdown: response('/', { type: 'text/html', body: serverRenderedHtml() }),
    robots: notFound('/robots.txt'),
    sitemaps: [
      { url: `${ORIGIN}/sitemap.xml`, source: 'default', fetched: notFound('/sitemap.xml') },
    ],
    sitemapSamples: [],
    innerPage: undefined,
    pageSample: { urls: [], source: 'none' },
    llmsTxt: notFound('/llms.txt'),
    llmsFullTxt: notFound('/llms-full.txt'),
    llmsLinks: [],
    markdownMirror: undefined,
    probes,
    serviceDescriptions: {},
    authServerMetadata: {},
    sameAsTargets: {},
    wikidata: {},
    catalogCards: {},
    ...overrides,
  };
}

export function robotsTxt(body: string, status = 200): FetchedResponse {
  return response('/robots.txt', { status, type: 'text/plain', body });
}

export function findingTexts(check: { findings: Array<{ text: string }> }): string {
  return check.findings.map((finding) => finding.text).join('\n');
}
