/**
 * The home page at `/`: what the service is, a box to scan a site at once (scan-box.ts), links
 * to the docs, the dashboard (sign in, or create a free account) and the OpenAPI description;
 * HTML for people (with JSON-LD and Open Graph) and markdown for agents that ask for
 * `text/markdown` (docs page: #standards).
 */
import type { AnonymousAllowance } from '#shared/domain/scans/anonymous-quota';
import { type Html, html, joinHtml } from '#shared/surfaces/http/html';
import { layout } from '#shared/surfaces/pages/html';
import {
  SCAN_FORM_PATH,
  SIGN_UP_PATH,
  scanBox,
  scanBoxStyle,
} from '#shared/surfaces/pages/scan-box';
import { jsonLdScript } from './json-ld.ts';
import { apiRoutes, mcpToolRoutes, PATHS, SERVICE_NAME, SERVICE_SUMMARY } from './site.ts';

const WHAT = [
  'Scan any domain for agent readiness: can AI search crawlers and assistants reach its pages, read them without JavaScript, find an llms.txt, markdown, structured data, API descriptions and agent protocol endpoints? Each finding names the standard and revision it is judged against.',
  'Monitor how AI assistants answer questions about a brand, which sources they cite, and how that changes from run to run.',
  'Use it over a JSON API described by OpenAPI 3.1, from the dashboard in a browser, or from an AI assistant through the MCP tool server.',
];

export function homeHead(baseUrl: string): Html {
  const image = `${baseUrl}${PATHS.logo}`;
  return joinHtml(
    [
      html`<link rel="canonical" href="${baseUrl}/">`,
      html`<link rel="alternate" type="text/markdown" href="${baseUrl}/">`,
      html`<link rel="service-desc" type="application/openapi+json" href="${baseUrl + PATHS.openapi}">`,
      html`<link rel="ard" type="application/json" href="${baseUrl + PATHS.ard}">`,
      html`<link rel="ai-catalog" type="application/ai-catalog+json" href="${baseUrl + PATHS.aiCatalog}">`,
      html`<meta property="og:type" content="website">`,
      html`<meta property="og:title" content="${SERVICE_NAME}">`,
      html`<meta property="og:description" content="${SERVICE_SUMMARY}">`,
      html`<meta property="og:url" content="${baseUrl}/">`,
      html`<meta property="og:image" content="${image}">`,
      jsonLdScript(baseUrl),
    ],
    '\n',
  );
}

export function renderHomePage(baseUrl: string, allowance?: AnonymousAllowance): Html {
  const body = html`<header><nav aria-label="Site"><a href="${PATHS.docs}">Documentation</a> ·
<a href="${PATHS.dashboard}">Dashboard</a> · <a href="${PATHS.openapi}">OpenAPI</a></nav></header>
<main>
<h1>${SERVICE_NAME}</h1>
<p>${SERVICE_SUMMARY}</p>
${scanBox({ heading: 'Scan your site now', allowance })}
${joinHtml(
  WHAT.map((text) => html`<p>${text}</p>`),
  '\n',
)}
<h2>Start here</h2>
<ul>
<li><a href="${SIGN_UP_PATH}">Create a free account</a> (an e-mail link, no password) to keep your scan history, run batches and follow how AI models answer about a brand.</li>
<li><a href="${PATHS.docs}">API documentation</a>: conventions, authentication, scoring, the standards registry and every route (${apiRoutes().length} routes).</li>
<li><a href="${PATHS.dashboard}">Dashboard</a>: sign in with an e-mail link, run scans, follow monitor cases, manage keys and webhooks.</li>
<li><a href="${PATHS.openapi}">OpenAPI 3.1 description</a>, also listed in the <a href="${PATHS.apiCatalog}">API catalog</a>.</li>
<li>MCP tool server at <code>${baseUrl + PATHS.mcpEndpoint}</code> with ${mcpToolRoutes().length} read tools; its <a href="${PATHS.serverCard}">server card</a> is listed in the <a href="${PATHS.aiCatalog}">AI Catalog</a>.</li>
<li>For language models: <a href="${PATHS.llms}">llms.txt</a> and <a href="${PATHS.llmsFull}">llms-full.txt</a>.</li>
</ul>
</main>
<footer><p>This site publishes everything its own scan rewards; scan it like any other domain.</p></footer>`;
  return layout(SERVICE_NAME, body, SERVICE_SUMMARY, html`${homeHead(baseUrl)}\n${scanBoxStyle()}`);
}

export function homeMarkdown(baseUrl: string): string {
  return [
    `# ${SERVICE_NAME}`,
    '',
    SERVICE_SUMMARY,
    '',
    ...WHAT.flatMap((text) => [text, '']),
    '## Start here',
    '',
    `- Scan a site: the form on ${baseUrl}/ (a \`domain\` field, posted to ${baseUrl}${SCAN_FORM_PATH}), or \`POST ${baseUrl}/api/v1/scans\` with \`{"domain": "example.com"}\``,
    `- [Create a free account](${baseUrl}${SIGN_UP_PATH})`,
    `- [API documentation](${baseUrl}${PATHS.docs})`,
    `- [Dashboard](${baseUrl}${PATHS.dashboard})`,
    `- [OpenAPI 3.1 description](${baseUrl}${PATHS.openapi})`,
    `- [AI Catalog](${baseUrl}${PATHS.aiCatalog}) and [MCP server card](${baseUrl}${PATHS.serverCard})`,
    `- [llms.txt](${baseUrl}${PATHS.llms})`,
    '',
  ].join('\n');
}
