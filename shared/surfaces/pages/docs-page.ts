/**
 * The `/docs` page rendered from the route manifest: a table of contents, one section per route
 * (grouped by tag) with its auth, its example request and the answer the local stack gave it, and its
 * errors (shared/surfaces/pages/docs-routes.ts), the client package and the standards registry
 * with its drift log.
 */
import { DEFAULT_PLAN_LIMITS } from '#shared/domain/kernel/plans';
import { ROUTES } from '#shared/surfaces/api/manifest';
import { type Html, html, inlineCode, joinHtml } from '#shared/surfaces/http/html';
import { jsonLdScript } from '#shared/surfaces/pages/discovery/json-ld';
import { agentsSection } from './agents-section.ts';
import { billingSection } from './billing-section.ts';
import { ciSection, findingsSection } from './ci-section.ts';
import { mcpSection } from './docs-mcp.ts';
import { monitorMethodSection } from './docs-monitor-method.ts';
import {
  authText,
  compactExample,
  DOCS_STYLE,
  routeGroups,
  type TocEntry,
  tableOfContents,
} from './docs-routes.ts';
import { layout } from './html.ts';
import { peersSection } from './peers-section.ts';
import { scannerSection } from './scanner-section.ts';
import { standardsSection } from './standards-section.ts';

function planRows(): Html {
  const rows = Object.entries(DEFAULT_PLAN_LIMITS).map(
    ([plan, limits]) =>
      html`<tr><th scope="row">${plan}</th><td>${limits.per_batch}</td><td>${limits.per_day}</td></tr>`,
  );
  return html`<table><thead><tr><th>Plan</th><th>per_batch</th><th>per_day</th></tr></thead><tbody>${rows}</tbody></table>
<p>(Defaults; an operator may change them, and every batch response states the limits in force under <code>limits</code>.)</p>`;
}

const API_ROUTES = ROUTES.filter(
  (route) => route.area !== 'dashboard' && route.area !== 'discovery',
);
const DASHBOARD_ROUTES = ROUTES.filter((route) => route.area === 'dashboard');
const SITE_ROUTES = ROUTES.filter((route) => route.area === 'discovery');

/** The dashboard's pages and forms: for people in a browser, listed here, not in OpenAPI. */
function dashboardSection(baseUrl: string): Html {
  const rows = DASHBOARD_ROUTES.map(
    (route) =>
      html`<tr><td><code>${route.method} ${route.path}</code></td><td>${inlineCode(route.summary)}</td><td>${authText(route)}</td></tr>`,
  );
  return html`<h2 id="dashboard">Dashboard</h2>
<p>People sign in at <a href="${baseUrl}/dashboard/sign-in">/dashboard/sign-in</a> with an e-mail link
(no password) and use every capability of the API in the browser, over the same operations. These HTML pages
and forms are for browsers, so the OpenAPI document leaves them out.</p>
<table><thead><tr><th>Route</th><th>What</th><th>Auth</th></tr></thead><tbody>${rows}</tbody></table>
<p>Each as the browser sends it and as the service answered it: pages carry the session cookie
<code>ars_session</code> (<code>__Host-ars_session</code> over https), forms are
<code>application/x-www-form-urlencoded</code> posts from this site that also carry the page's
<code>csrf_token</code> field. They are not an API for scripts: scripts use <code>/api/v1</code> with a key.</p>
${joinHtml(
  DASHBOARD_ROUTES.map((route) => compactExample(route, baseUrl)),
  '\n',
)}`;
}

/** The service's own site documents (robots.txt, llms.txt, catalogs). */
function siteSection(baseUrl: string): Html {
  return html`<h2 id="site-documents">Site documents</h2>
<p>Documents that describe this site to crawlers and agents; not API operations, so not in OpenAPI.</p>
${joinHtml(
  SITE_ROUTES.map((route) => compactExample(route, baseUrl)),
  '\n',
)}`;
}

/** The page's sections before the routes, for the table of contents. */
const SECTIONS: readonly TocEntry[] = [
  { id: 'client', title: 'Client package' },
  { id: 'conventions', title: 'Conventions' },
  { id: 'authentication', title: 'Authentication' },
  { id: 'scoring', title: 'Scoring' },
  { id: 'batch', title: 'Batch scans and plans' },
  { id: 'billing', title: 'Plans and billing' },
  { id: 'scanner', title: 'The scanner' },
  { id: 'ci', title: 'The CI gate' },
  { id: 'findings', title: 'Finding ids' },
  { id: 'standards', title: 'Standards' },
  { id: 'agents', title: 'AI agents and access logs' },
  { id: 'monitor-method', title: 'How the monitor measures' },
  { id: 'mcp', title: 'Tool server (MCP)' },
  { id: 'dashboard', title: 'Dashboard' },
  { id: 'site-documents', title: 'Site documents' },
];

/** The typed client in the repository (client/README.md). */
const CLIENT_NOTE = html`<p id="client">A typed TypeScript client generated from that document, <code>@agent-readiness/client</code>, ships in
the service's repository under <code>client/</code>: base URL and key given once, typed errors, retries of 429 and 503,
pagination, <code>waitForBatch</code>/<code>waitForRun</code> and <code>verifyWebhook</code>. Its
<code>client/README.md</code> examples run in the service's tests.</p>`;

/** How scans are scored, batched and fetched (#scoring, #batch, #scanner). */
function scansGuide(baseUrl: string): Html {
  return html`<h2 id="scoring">Scoring</h2>
<p>Nine checks in four pillars (R Retrievable, E Explainable, A Actionable, D Distributed).
<code>score = round(100 × Σ points / Σ applicable max)</code>: checks or signals that do not apply are removed from both sides,
signals that cannot be verified from outside count half, and a check with nothing applicable has <code>state: "unknown"</code> and <code>max: 0</code>.
Scans carry <code>scoring_version</code> (currently 2).</p>
<h3 id="max-score">Why no site scores 100</h3>
<p>Signals that cannot be verified from outside count half: whether your firewall admits the real,
IP-verified AI crawlers (1 point), whether a published MCP endpoint answers (1 point; the scanner only
sends GET, see <a href="#scanner">the scanner</a>) and mentions of your brand in AI answers, directories and reviews (4 points).
So the most a site can reach is below 100, and it depends on the site: checks that do not apply leave
the total, which changes how much the halves weigh. A site where every check applies and the scanner
reaches everything it reads can reach 97; a content site without an API or agent endpoints up to 99;
one whose sameAs profiles or Wikidata the scanner cannot reach 94 to 96. Each result page shows the
maximum reachable for that site, computed from its own checks, and the three fixes worth the most
points.</p>
<h2 id="batch">Batch scans and plans</h2>
<p><code>POST /api/v1/scans/batch</code> queues many domains at once (202, with the job's status URL);
the scans run through a durable workflow. Per plan, a batch holds at most <code>per_batch</code>
domains and an account queues at most <code>per_day</code> domains per UTC day:
${planRows()}
A batch larger than <code>per_batch</code> is refused whole (429 <code>quota_exceeded</code>); when the
day has room for only part of a batch, that part is queued and the rest listed under
<code>rejected</code> with the reason; with no room left, 429 with <code>Retry-After</code> until 00:00 UTC.
Job status moves <code>queued</code> → <code>running</code> → <code>done</code> (every domain
<code>done</code> or <code>failed</code>), or <code>failed</code> if the job itself stopped.</p>
${scannerSection(baseUrl)}
${peersSection()}`;
}

/** The human documentation page that `meta.docs` points to, generated from the manifest. */
export function renderDocsPage(baseUrl: string): Html {
  const body = html`<h1>Agent-Readiness Scan API</h1>
<p>A JSON API over HTTPS. Every route lives under <code>${baseUrl}/api/v1</code>.
The machine-readable description (OpenAPI 3.1) is at
<a href="/api/v1/openapi.json"><code>/api/v1/openapi.json</code></a>.</p>
${tableOfContents(SECTIONS, API_ROUTES)}
${CLIENT_NOTE}
<h2 id="conventions">Conventions</h2>
<ul>
<li>Every JSON response carries <code>meta</code>: <code>pricing</code> (currently <code>{"model":"free"}</code>), <code>generated_at</code> and <code>docs</code>.</li>
<li>Errors: <code>{"error":{"code","message","request_id"},"meta"}</code> with a stable <code>code</code>. Every response has an <code>x-request-id</code> header; quote it when asking for support.</li>
<li>429 and 503 responses carry <code>Retry-After</code> in seconds.</li>
<li>Request bodies are JSON, at most 64 KiB (an access-log upload takes the file itself, <a href="#agent-logs">up to 6 MB</a>).</li>
</ul>
<h2 id="authentication">Authentication</h2>
<p>Send <code>Authorization: Bearer &lt;API_KEY&gt;</code>. Keys look like <code>ars_…</code>, are shown once at creation and stored only as SHA-256 hashes.
Scan routes accept calls without a key (3 scans per UTC day per IP address, IPv6 per /64); a key that is sent must be valid and carry the route's scope.
Scopes: <code>scans:read</code>, <code>scans:write</code>, <code>monitor:read</code>, <code>monitor:write</code>, <code>webhooks:manage</code>, <code>monitor:admin</code> (operator list only), <code>plugin</code>.</p>
${scansGuide(baseUrl)}
${billingSection()}
${ciSection()}
${findingsSection()}
${standardsSection()}
${agentsSection()}
${monitorMethodSection()}
${mcpSection(baseUrl)}
<h2 id="routes">Routes</h2>
<p>Each route with an example request and the answer the service gave it, ids and times
normalised (the same examples
are in the OpenAPI document); replace <code>ars_YOUR_KEY</code> with your key.</p>
${routeGroups(API_ROUTES, baseUrl)}
${dashboardSection(baseUrl)}
${siteSection(baseUrl)}`;
  return layout(
    'API documentation: Agent-Readiness Scan',
    body,
    'Documentation of the Agent-Readiness Scan API',
    html`<link rel="canonical" href="${baseUrl}/docs">\n<link rel="alternate" type="text/markdown" href="${baseUrl}/docs">\n${jsonLdScript(baseUrl)}\n${DOCS_STYLE}`,
  );
}
