/**
 * The documents of the fix pack other than robots.txt (issue 38, point 4), each generated from
 * what the scan saw (`FixInputs`): an llms.txt from the site's pages, `ard.json` and
 * `ai-catalog.json` skeletons whose `representativeQueries` are placeholders to replace, the
 * Organization and WebSite JSON-LD, and the `Link` headers as a `_headers` file (the format
 * Netlify and Cloudflare Pages read as it is). Each passes the scan's own checks when served as
 * it is (test/integration/fix-pack.test.ts).
 */
import type { FixInputs, FixPage } from '#shared/domain/scan-engine/fix-inputs';

/** A generated file: the URL path it is to be served at, its media type and its text. */
export interface FixFile {
  path: string;
  media_type: string;
  content: string;
}

const MAX_LLMS_LINKS = 20;

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();
const linkText = (text: string) => oneLine(text).replace(/[[\]]/g, '');

function pageName(page: FixPage): string {
  if (page.title) return linkText(page.title);
  const path = new URL(page.url).pathname;
  return path === '/' ? 'Home' : decodeURIComponent(path).replace(/^\/|\/$/g, '');
}

/** An llms.txt: the site's name, one line on what it is, and its pages with their descriptions. */
export function llmsTxtFile(inputs: FixInputs): FixFile {
  // Pages the scan read (they have a title) first: their links are known to answer.
  const pages = [...inputs.pages]
    .sort((a, b) => Number(b.title !== undefined) - Number(a.title !== undefined))
    .slice(0, MAX_LLMS_LINKS);
  const summary = oneLine(inputs.description ?? `The website of ${inputs.site_name}.`);
  const links = pages.map((page) => {
    const description = page.description ? `: ${oneLine(page.description)}` : '';
    return `- [${pageName(page)}](${page.url})${description}`;
  });
  const content = [
    `# ${oneLine(inputs.site_name)}`,
    '',
    `> ${summary}`,
    '',
    '## Pages',
    '',
    ...links,
    '',
  ];
  return { path: '/llms.txt', media_type: 'text/markdown', content: content.join('\n') };
}

const QUERY_PLACEHOLDERS = [
  'REPLACE: a question a person asks an assistant that this answers',
  'REPLACE: another such question, in the words people use',
];

function catalogEntries(inputs: FixInputs): Record<string, unknown>[] {
  const host = new URL(inputs.origin).hostname;
  const entry = (name: string, displayName: string, type: string, url: string) => ({
    identifier: `urn:air:${host}:site:${name}`,
    displayName: `${oneLine(inputs.site_name)}: ${displayName}`,
    type,
    url,
    representativeQueries: QUERY_PLACEHOLDERS,
  });
  return [
    entry('llms-txt', 'guide for language models', 'text/markdown', `${inputs.origin}/llms.txt`),
    ...(inputs.mcp_card_url
      ? [entry('mcp', 'MCP server', 'application/mcp-server-card+json', inputs.mcp_card_url)]
      : []),
    ...(inputs.a2a_card_url
      ? [entry('a2a', 'A2A agent', 'application/a2a+json', inputs.a2a_card_url)]
      : []),
    ...(inputs.openapi_url
      ? [entry('api', 'API description', 'application/vnd.oai.openapi+json', inputs.openapi_url)]
      : []),
  ];
}

/** `/.well-known/ard.json` (ARD v0.91) and `/.well-known/ai-catalog.json` skeletons. */
export function catalogFiles(inputs: FixInputs): FixFile[] {
  const entries = catalogEntries(inputs);
  const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
  return [
    { path: '/.well-known/ard.json', media_type: 'application/json', content: json({ entries }) },
    {
      path: '/.well-known/ai-catalog.json',
      media_type: 'application/json',
      content: json({ specVersion: '1.0', entries }),
    },
  ];
}

/** Organization and WebSite JSON-LD for the homepage's `<script type="application/ld+json">`. */
export function organizationJsonLd(inputs: FixInputs): FixFile {
  const { organization } = inputs;
  const document = {
    '@context': 'https://schema.org',
    '@graph': [
      {
        '@type': 'Organization',
        '@id': `${inputs.origin}/#organization`,
        name: organization.name,
        url: organization.url,
        logo: organization.logo ?? `${inputs.origin}/favicon.ico`,
        ...(organization.same_as.length > 0 ? { sameAs: organization.same_as } : {}),
      },
      {
        '@type': 'WebSite',
        '@id': `${inputs.origin}/#website`,
        name: inputs.site_name,
        url: `${inputs.origin}/`,
        publisher: { '@id': `${inputs.origin}/#organization` },
      },
    ],
  };
  return {
    path: '/',
    media_type: 'application/ld+json',
    content: `${JSON.stringify(document, null, 2)}\n`,
  };
}

/** Which `Link` headers the homepage should send. */
export interface LinkHeaders {
  describedby?: boolean;
  markdown?: string;
  apiCatalog?: boolean;
}

/** The homepage's `Link` headers as a `_headers` file (Netlify, Cloudflare Pages). */
export function linkHeadersFile(inputs: FixInputs, links: LinkHeaders): FixFile | undefined {
  const markdown = links.markdown ? new URL(links.markdown, inputs.origin).pathname : undefined;
  const lines = [
    links.describedby ? 'Link: </llms.txt>; rel="describedby"; type="text/markdown"' : '',
    markdown ? `Link: <${markdown}>; rel="alternate"; type="text/markdown"` : '',
    links.apiCatalog ? 'Link: </.well-known/api-catalog>; rel="api-catalog"' : '',
  ].filter(Boolean);
  if (lines.length === 0) return undefined;
  return {
    path: '/_headers',
    media_type: 'text/plain',
    content: `/\n${lines.map((line) => `  ${line}`).join('\n')}\n`,
  };
}
