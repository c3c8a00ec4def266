/**
 * The text documents of the service's own origin: robots.txt (AI search crawlers and user
 * fetchers welcome, Content-Signal and Content-Usage stated), llms.txt and llms-full.txt
 * (built from the route manifest) and sitemap.xml. Standards: RFC 9309, contentsignals.org,
 * draft-ietf-aipref-attach-05, llmstxt.org, sitemaps.org (docs page: #standards).
 */
import { type Html, html, joinHtml } from '#shared/surfaces/http/html';
import {
  apiRoutes,
  mcpToolRoutes,
  PATHS,
  SERVICE_NAME,
  SERVICE_SUMMARY,
  SITE_UPDATED,
} from './site.ts';

const WELCOMED = [
  'OAI-SearchBot',
  'Claude-SearchBot',
  'PerplexityBot',
  'ChatGPT-User',
  'Claude-User',
  'Perplexity-User',
];

export function robotsTxt(baseUrl: string): string {
  const group = ['Allow: /'];
  return [
    `# ${SERVICE_NAME}: AI search crawlers and assistants acting for a person are welcome.`,
    '# Usage preferences: search and AI answers yes, model training no.',
    'User-agent: *',
    ...group,
    'Content-Signal: search=yes, ai-input=yes, ai-train=no',
    'Content-Usage: train-ai=n, search=y',
    '',
    ...WELCOMED.map((token) => `User-agent: ${token}`),
    ...group,
    'Content-Signal: search=yes, ai-input=yes, ai-train=no',
    'Content-Usage: train-ai=n, search=y',
    '',
    `Sitemap: ${baseUrl}${PATHS.sitemap}`,
    // ARD v0.91 §5.1: an entry source for agent discovery (the same document as ai-catalog.json).
    `Agentmap: ${baseUrl}${PATHS.ard}`,
    '',
    '# Our scanner, AgentReadinessScanner, signs every request (Web Bot Auth, RFC 9421):',
    `# key directory ${baseUrl}${PATHS.keyDirectory}`,
    `# Signature Agent Card ${baseUrl}${PATHS.signatureAgentCard}`,
    `# how to verify or block it: ${baseUrl}${PATHS.docs}#scanner`,
    '',
  ].join('\n');
}

export function llmsTxt(baseUrl: string): string {
  const tools = mcpToolRoutes().map((route) => `- ${route.operationId}: ${route.summary}`);
  return [
    `# ${SERVICE_NAME}`,
    '',
    `> ${SERVICE_SUMMARY}`,
    '',
    'A JSON API over HTTPS with an OpenAPI 3.1 description and an MCP tool server. Scans are public; monitoring needs an API key.',
    '',
    '## Docs',
    '',
    `- [API documentation](${baseUrl}${PATHS.docs}): conventions, authentication, scoring, the standards each check is judged against, every route`,
    `- [OpenAPI description](${baseUrl}${PATHS.openapi}): machine-readable description of every API route`,
    `- [API catalog](${baseUrl}${PATHS.apiCatalog}): RFC 9727 linkset pointing at the OpenAPI description`,
    '',
    '## Agents',
    '',
    `- [AI Catalog](${baseUrl}${PATHS.aiCatalog}): the MCP server of this service`,
    `- [MCP server card](${baseUrl}${PATHS.serverCard}): endpoint ${baseUrl}${PATHS.mcpEndpoint}, read tools: ${mcpToolRoutes().length}`,
    `- [auth.md](${baseUrl}${PATHS.authMd}): how an agent gets credentials (API keys)`,
    '',
    '## Optional',
    '',
    `- [Full text for LLMs](${baseUrl}${PATHS.llmsFull}): every route with its summary`,
    '',
    ...(tools.length > 0 ? ['MCP tools:', ...tools, ''] : []),
  ].join('\n');
}

export function llmsFullTxt(baseUrl: string): string {
  const routes = apiRoutes().map(
    (route) =>
      `### ${route.method} ${route.path}\n\n${route.summary}. ${route.description} Auth: ${route.auth}.`,
  );
  return [llmsTxt(baseUrl), '## Routes', '', routes.join('\n\n'), ''].join('\n');
}

/** XML escapes as HTML does (`&#39;` is a character reference XML knows too). */
export function sitemapXml(baseUrl: string): Html {
  const urls = [PATHS.home, PATHS.docs].map(
    (path) => html`  <url><loc>${baseUrl}${path}</loc><lastmod>${SITE_UPDATED}</lastmod></url>`,
  );
  return html`<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${joinHtml(urls, '\n')}
</urlset>
`;
}
