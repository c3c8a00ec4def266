/**
 * The route parts of the `/docs` page: the table of contents (the page's sections, then every
 * route grouped by its tag, each linking its stable `#operationId` anchor), one section per route
 * with its request and response example generated from its schemas
 * (shared/surfaces/api/examples.ts), its error codes with one error envelope, and inline code
 * from the manifest's backticks rendered as `<code>`.
 */
import { STATUS_CODES } from 'node:http';
import { routeExample } from '#shared/surfaces/api/examples';
import { ERROR_CODES, type RouteDefinition } from '#shared/surfaces/api/manifest';
import { escapeHtml } from '#shared/surfaces/http/html';

/**
 * Escapes `text` and renders its `code` spans (the manifest's descriptions are written with
 * backticks): an unmatched backtick stays a backtick.
 */
export function inlineCode(text: string): string {
  const parts = text.split('`');
  if (parts.length % 2 === 0) {
    const last = parts.pop() ?? '';
    parts[parts.length - 1] = `${parts[parts.length - 1] ?? ''}\`${last}`;
  }
  return parts
    .map((part, index) => (index % 2 === 1 ? `<code>${escapeHtml(part)}</code>` : escapeHtml(part)))
    .join('');
}

export function authText(route: RouteDefinition): string {
  if (route.auth === 'none') return 'none';
  if (route.auth === 'session') return 'dashboard session (cookie; forms also carry a CSRF token)';
  const scope = route.scope ? ` (scope <code>${escapeHtml(route.scope)}</code>)` : '';
  return route.auth === 'optional' ? `optional bearer key${scope}` : `bearer key required${scope}`;
}

/** The page's own sections, in order, for the table of contents. */
export interface TocEntry {
  id: string;
  title: string;
}

/** Routes grouped by their tag, in manifest order. */
export function routesByTag(routes: readonly RouteDefinition[]): Map<string, RouteDefinition[]> {
  const groups = new Map<string, RouteDefinition[]>();
  for (const route of routes) groups.set(route.tag, [...(groups.get(route.tag) ?? []), route]);
  return groups;
}

export function tagAnchor(tag: string): string {
  return `tag-${tag.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
}

function routeLink(route: RouteDefinition): string {
  return `<li><a href="#${escapeHtml(route.operationId)}"><code>${route.method} ${escapeHtml(route.path)}</code></a> ${escapeHtml(route.summary)}</li>`;
}

export function tableOfContents(
  sections: readonly TocEntry[],
  routes: readonly RouteDefinition[],
): string {
  const sectionLinks = sections
    .map((section) => `<li><a href="#${section.id}">${escapeHtml(section.title)}</a></li>`)
    .join('');
  const groups = [...routesByTag(routes)]
    .map(
      ([tag, members]) =>
        `<li><a href="#${tagAnchor(tag)}">${escapeHtml(tag)}</a><ul>${members.map(routeLink).join('')}</ul></li>`,
    )
    .join('');
  return `<nav aria-labelledby="toc-title" class="toc"><h2 id="toc-title">Contents</h2>
<ul class="toc-sections">${sectionLinks}<li><a href="#routes">Routes</a>:</li></ul>
<ul class="toc-routes">${groups}</ul></nav>`;
}

function statusLine(status: number): string {
  return `${status} ${STATUS_CODES[status] ?? ''}`.trim();
}

function errorList(route: RouteDefinition, baseUrl: string): string {
  const errors = routeExample(route, baseUrl).errors;
  const items = errors
    .map(
      (error) =>
        `<li><code>${error.status} ${error.code}</code>: ${inlineCode(ERROR_CODES[error.code].description)}</li>`,
    )
    .join('');
  const first = errors[0];
  const envelope = first
    ? `<p>Every error answers the same envelope, for example <code>${first.status} ${first.code}</code>:</p>
<pre tabindex="0"><code>${escapeHtml(JSON.stringify(first.body, null, 2))}</code></pre>`
    : '';
  return `<details><summary>Errors (${errors.length})</summary><ul>${items}</ul>${envelope}</details>`;
}

function examples(route: RouteDefinition, baseUrl: string): string {
  const { request, response } = routeExample(route, baseUrl);
  const body = response.body
    ? `\n\n${JSON.stringify(response.body, null, 2)}`
    : `\nContent-Type: ${response.contentType}`;
  return `<h4 id="${escapeHtml(route.operationId)}-request">Request</h4>
<pre tabindex="0"><code>${escapeHtml(request.curl)}</code></pre>
<h4 id="${escapeHtml(route.operationId)}-response">Response</h4>
<pre tabindex="0"><code>${escapeHtml(statusLine(response.status))}${escapeHtml(body)}</code></pre>`;
}

/** One route: what it does, auth, its request and response examples and its errors. */
export function routeSection(route: RouteDefinition, baseUrl: string): string {
  const addition = route.addition ? ' <small>(addition to the specification)</small>' : '';
  return `<section id="${escapeHtml(route.operationId)}" class="route" aria-labelledby="${escapeHtml(route.operationId)}-title">
<h3 id="${escapeHtml(route.operationId)}-title"><code>${route.method} ${escapeHtml(route.path)}</code> <small>${escapeHtml(route.operationId)}</small>${addition}</h3>
<p>${inlineCode(route.summary)}. ${inlineCode(route.description)}</p>
<p>Auth: ${authText(route)}. Success: <code>${route.response.status}</code>.</p>
${examples(route, baseUrl)}
${errorList(route, baseUrl)}
</section>`;
}

/** Every API route, grouped under a heading per tag. */
export function routeGroups(routes: readonly RouteDefinition[], baseUrl: string): string {
  return [...routesByTag(routes)]
    .map(
      ([tag, members]) =>
        `<h2 id="${tagAnchor(tag)}">${escapeHtml(tag)}</h2>\n${members.map((route) => routeSection(route, baseUrl)).join('\n')}`,
    )
    .join('\n');
}

/** A compact example for pages and forms: the request line and the answer's status and type. */
export function compactExample(route: RouteDefinition, baseUrl: string): string {
  const { request, response } = routeExample(route, baseUrl);
  return `<details id="${escapeHtml(route.operationId)}"><summary><code>${route.method} ${escapeHtml(route.path)}</code>: ${inlineCode(route.summary)}</summary>
<p>Auth: ${authText(route)}.</p>
<pre tabindex="0"><code>${escapeHtml(request.curl)}</code></pre>
<p>Answers <code>${escapeHtml(statusLine(response.status))}</code>, <code>${escapeHtml(response.contentType)}</code>.</p>
</details>`;
}

/** Extra rules for the docs page (the shared layout keeps the base). */
export const DOCS_STYLE = `<style>
.toc ul{list-style:none;padding-left:1rem}.toc code{background:none;padding:0}
.toc-sections{display:flex;flex-wrap:wrap;gap:.2rem 1.2rem}.toc .toc-sections,.toc .toc-routes{padding-left:0}
.toc-routes{columns:2 22rem}.toc-routes>li{break-inside:avoid;margin-bottom:.6rem}
section.route{border-top:1px solid #ddd;padding-top:.5rem;margin-top:1.5rem}
h3 code{font-size:1rem}h4{margin:.8rem 0 .2rem}
pre{white-space:pre-wrap;word-break:break-word;max-height:32rem}pre code{background:none;padding:0}
details{margin:.5rem 0}summary{cursor:pointer}
</style>`;
