/**
 * The route parts of the `/docs` page: the table of contents (the page's sections, then every
 * route grouped by its tag, each linking its stable `#operationId` anchor), one section per route
 * with its example request and the answer the local stack gave it
 * (shared/surfaces/api/examples.ts), its error codes with a real error envelope, and inline code
 * from the manifest's backticks rendered as `<code>`.
 */
import { STATUS_CODES } from 'node:http';
import { routeExample } from '#shared/surfaces/api/examples';
import { ERROR_CODES, errorCodesOf, type RouteDefinition } from '#shared/surfaces/api/manifest';
import { httpStatusOf } from '#shared/surfaces/http/error-status';
import { type Html, html, inlineCode, joinHtml, unsafeRawHtml } from '#shared/surfaces/http/html';

export function authText(route: RouteDefinition): Html {
  if (route.auth === 'none') return html`none`;
  if (route.auth === 'session') {
    return route.method === 'GET'
      ? html`dashboard session (the <code>ars_session</code> cookie set at sign-in)`
      : html`dashboard session (the <code>ars_session</code> cookie set at sign-in) and the form’s <code>csrf_token</code> field`;
  }
  const scope = route.scope ? html` (scope <code>${route.scope}</code>)` : '';
  return route.auth === 'optional'
    ? html`optional bearer key${scope}`
    : html`bearer key required${scope}`;
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

function routeLink(route: RouteDefinition): Html {
  return html`<li><a href="#${route.operationId}"><code>${route.method} ${route.path}</code></a> ${route.summary}</li>`;
}

export function tableOfContents(
  sections: readonly TocEntry[],
  routes: readonly RouteDefinition[],
): Html {
  const sectionLinks = sections.map(
    (section) => html`<li><a href="#${section.id}">${section.title}</a></li>`,
  );
  const groups = [...routesByTag(routes)].map(
    ([tag, members]) =>
      html`<li><a href="#${tagAnchor(tag)}">${tag}</a><ul>${members.map(routeLink)}</ul></li>`,
  );
  return html`<nav aria-labelledby="toc-title" class="toc"><h2 id="toc-title">Contents</h2>
<ul class="toc-sections">${sectionLinks}<li><a href="#routes">Routes</a>:</li></ul>
<ul class="toc-routes">${groups}</ul></nav>`;
}

function statusLine(status: number): string {
  return `${status} ${STATUS_CODES[status] ?? ''}`.trim();
}

function errorList(route: RouteDefinition, baseUrl: string): Html {
  const codes = errorCodesOf(route);
  const items = codes.map(
    (code) =>
      html`<li><code>${httpStatusOf(code)} ${code}</code>: ${inlineCode(ERROR_CODES[code].description)}</li>`,
  );
  const real = routeExample(route, baseUrl).errors.find((error) => error.captured);
  const envelope = real
    ? html`<p>Every error answers the same envelope; this one is <code>${real.status} ${real.code}</code> as the service answered the example without its key or with a value it refuses:</p>
<pre tabindex="0"><code>${JSON.stringify(real.body, null, 2)}</code></pre>`
    : '';
  return html`<details><summary>Errors (${codes.length})</summary><ul>${items}</ul>${envelope}</details>`;
}

/** The answer: status line, and the JSON body, the redirect's target or the media type. */
function answerText(response: ReturnType<typeof routeExample>['response']): string {
  const detail = response.body
    ? `\n\n${JSON.stringify(response.body, null, 2)}`
    : response.location
      ? `\nLocation: ${response.location}`
      : `\nContent-Type: ${response.contentType}`;
  return `${statusLine(response.status)}${detail}`;
}

function requestHeading(client: 'curl' | 'browser'): string {
  return client === 'browser' ? 'Request (sent by the page’s form in a browser)' : 'Request';
}

function examples(route: RouteDefinition, baseUrl: string): Html {
  const { request, response } = routeExample(route, baseUrl);
  return html`<h4 id="${route.operationId}-request">${requestHeading(request.client)}</h4>
<pre tabindex="0"><code>${request.curl}</code></pre>
<h4 id="${route.operationId}-response">Response</h4>
<pre tabindex="0"><code>${answerText(response)}</code></pre>`;
}

/** One route: what it does, auth, its request and response examples and its errors. */
function routeSection(route: RouteDefinition, baseUrl: string): Html {
  const addition = route.addition ? html` <small>(addition to the specification)</small>` : '';
  return html`<section id="${route.operationId}" class="route" aria-labelledby="${route.operationId}-title">
<h3 id="${route.operationId}-title"><code>${route.method} ${route.path}</code> <small>${route.operationId}</small>${addition}</h3>
<p>${inlineCode(route.summary)}. ${inlineCode(route.description)}</p>
<p>Auth: ${authText(route)}. Success: <code>${route.response.status}</code>.</p>
${examples(route, baseUrl)}
${errorList(route, baseUrl)}
</section>`;
}

/** Every API route, grouped under a heading per tag. */
export function routeGroups(routes: readonly RouteDefinition[], baseUrl: string): Html {
  const groups = [...routesByTag(routes)].map(
    ([tag, members]) =>
      html`<h2 id="${tagAnchor(tag)}">${tag}</h2>\n${joinHtml(
        members.map((route) => routeSection(route, baseUrl)),
        '\n',
      )}`,
  );
  return joinHtml(groups, '\n');
}

/**
 * A compact example for pages and forms: the request (a browser's, for the dashboard) and the
 * answer's status and type or redirect, as the local stack answered it.
 */
export function compactExample(route: RouteDefinition, baseUrl: string): Html {
  const { request, response } = routeExample(route, baseUrl);
  const answer = response.location
    ? html`<code>${statusLine(response.status)}</code> to <code>${response.location}</code>`
    : html`<code>${statusLine(response.status)}</code>, <code>${response.contentType}</code>`;
  return html`<details id="${route.operationId}"><summary><code>${route.method} ${route.path}</code>: ${inlineCode(route.summary)}</summary>
<p>Auth: ${authText(route)}.</p>
<pre tabindex="0"><code>${request.curl}</code></pre>
<p>Answers ${answer}.</p>
</details>`;
}

/**
 * Extra rules for the docs page (the shared layout keeps the base). Long paths and code wrap
 * anywhere, so every table reflows to a phone's width instead of running off the page.
 */
export const DOCS_CSS = `
.toc ul{list-style:none;padding-left:1rem}.toc code{background:none;padding:0}
.toc-sections{display:flex;flex-wrap:wrap;gap:.2rem 1.2rem}.toc .toc-sections,.toc .toc-routes{padding-left:0}
.toc-routes{columns:2 22rem}.toc-routes>li{break-inside:avoid;margin-bottom:.6rem}
section.route{border-top:1px solid #ddd;padding-top:.5rem;margin-top:1.5rem}
h3 code{font-size:1rem}h4{margin:.8rem 0 .2rem}
pre{white-space:pre-wrap;word-break:break-word;max-height:32rem}pre code{background:none;padding:0}
details{margin:.5rem 0}summary{cursor:pointer}
code,td,th,summary{overflow-wrap:anywhere}
@media (max-width:40rem){body{margin:1rem auto}td,th{padding:.25rem .3rem}.toc-routes{columns:1}}
`;

export const DOCS_STYLE = html`<style>${unsafeRawHtml(DOCS_CSS, 'the docs page style sheet, a constant of this code')}</style>`;
