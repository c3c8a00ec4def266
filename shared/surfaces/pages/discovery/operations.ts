/**
 * Operations of the discovery routes: each builds its document from the base URL of the
 * request (and the manifest), with caching headers; `/` and `/docs` answer markdown to
 * `Accept: text/markdown` and say `Vary: Accept` either way.
 */
import type { OperationInput } from '#shared/domain/kernel/operation';
import type { Html } from '#shared/surfaces/http/html';
import type { RawResponse } from '#shared/surfaces/http/pipeline';
import { renderDocsPage } from '#shared/surfaces/pages/docs-page';
import { DOCS_CSS } from '#shared/surfaces/pages/docs-routes';
import { BASE_CSS } from '#shared/surfaces/pages/html';
import { publicPageHeaders } from '#shared/surfaces/pages/page-headers';
import { SCAN_BOX_CSS } from '#shared/surfaces/pages/scan-box';
import {
  aiCatalog,
  apiCatalog,
  MCP_CARD_TYPE,
  mcpCatalog,
  protectedResource,
  serverCard,
  skillMarkdown,
  skillsIndex,
} from './catalogs.ts';
import type { DiscoveryDeps } from './deps.ts';
import { docsMarkdown } from './docs-markdown.ts';
import { faviconIco } from './favicon.ts';
import { homeMarkdown, renderHomePage } from './home-page.ts';
import { logoSvg } from './json-ld.ts';
import { authMarkdown, signatureAgentCard } from './scanner-documents.ts';
import { llmsFullTxt, llmsTxt, robotsTxt, sitemapXml } from './site-documents.ts';

/** Every document is what its type says: no browser may sniff one into a page. */
const CACHE = { 'cache-control': 'public, max-age=3600', 'x-content-type-options': 'nosniff' };
/** The MCP discovery draft: discovery documents are readable from any browser origin. */
const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET',
  'access-control-allow-headers': 'Content-Type, If-None-Match',
};

/** A document built from the request alone (most of them). */
type PlainOp = (input: OperationInput) => Promise<RawResponse>;
type Op = (input: OperationInput, deps: DiscoveryDeps) => Promise<RawResponse>;

const text =
  (build: (baseUrl: string) => string | Html, headers: Record<string, string> = {}): PlainOp =>
  async (input) => ({
    body: build(input.request.baseUrl).toString(),
    headers: { ...CACHE, ...headers },
  });

const json =
  (build: (baseUrl: string) => unknown, headers: Record<string, string> = {}): PlainOp =>
  async (input) => ({
    body: `${JSON.stringify(build(input.request.baseUrl), null, 2)}\n`,
    headers: { ...CACHE, ...CORS, ...headers },
  });

/** Markdown when the client asks for it first; HTML otherwise. */
export function wantsMarkdown(accept: string | undefined): boolean {
  if (accept === undefined) return false;
  const first = accept.split(',')[0]?.split(';')[0]?.trim().toLowerCase();
  return first === 'text/markdown';
}

/** An HTML page and the headers it is sent with. */
interface PageAnswer {
  page: Html;
  headers: Record<string, string>;
}

function negotiated<D>(
  page: (input: OperationInput, deps: D) => Promise<PageAnswer>,
  markdown: (baseUrl: string) => string,
): (input: OperationInput, deps: D) => Promise<RawResponse> {
  return async (input, deps) => {
    const baseUrl = input.request.baseUrl;
    if (wantsMarkdown(input.request.accept)) {
      const body = markdown(baseUrl);
      return {
        body,
        headers: {
          ...CACHE,
          'content-type': 'text/markdown; charset=utf-8',
          vary: 'Accept',
          'x-markdown-tokens': String(Math.ceil(body.length / 4)),
        },
      };
    }
    const answer = await page(input, deps);
    return { body: answer.page.toString(), headers: { ...answer.headers, vary: 'Accept' } };
  };
}

/** The home page says how many free scans the visitor has left, so no cache may keep it. */
export const homePage = negotiated<DiscoveryDeps>(async (input, deps) => {
  const allowance = await deps.anonymousAllowance(input.request.sourceIp);
  return {
    page: renderHomePage(input.request.baseUrl, allowance),
    headers: { 'cache-control': 'no-store', ...publicPageHeaders([BASE_CSS, SCAN_BOX_CSS]) },
  };
}, homeMarkdown);

export const docsPageNegotiated = negotiated<unknown>(
  async (input) => ({
    page: renderDocsPage(input.request.baseUrl),
    headers: { ...CACHE, ...publicPageHeaders([BASE_CSS, DOCS_CSS]) },
  }),
  docsMarkdown,
);
export const robots = text(robotsTxt);
export const llms = text(llmsTxt);
export const llmsFull = text(llmsFullTxt);
export const sitemap = text(sitemapXml);
export const logo = text(logoSvg);
/** `/favicon.ico`: binary, so no charset; cached for a day. */
export const favicon: PlainOp = async () => ({
  body: faviconIco().toString('base64'),
  isBase64Encoded: true,
  headers: {
    'content-type': 'image/x-icon',
    'cache-control': 'public, max-age=86400',
    'x-content-type-options': 'nosniff',
  },
});
export const apiCatalogDocument = json(apiCatalog, {
  'content-type': 'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"',
});
export const aiCatalogDocument = json(aiCatalog);
/** ARD v0.91's path: the same document, valid for both texts (catalogs.ts). */
export const ardDocument = json(aiCatalog);
export const mcpCatalogDocument = json(mcpCatalog);
export const protectedResourceDocument = json(protectedResource);
export const serverCardDocument = json(serverCard, { 'content-type': `${MCP_CARD_TYPE}` });
export const skillsIndexDocument = json(skillsIndex);
export const skillDocument = text(skillMarkdown, {
  'content-type': 'text/markdown; charset=utf-8',
});
export const signatureAgentCardDocument = json(signatureAgentCard);
export const authMdDocument = text(authMarkdown, {
  'content-type': 'text/markdown; charset=utf-8',
});

/** The key directory, signed for the authority it was asked on (`"@authority";req`). */
export const keyDirectoryDocument: Op = async (input, deps) => {
  const authority = new URL(input.request.baseUrl).host;
  const { body, headers } = await deps.keyDirectory(authority);
  return { body, headers };
};
