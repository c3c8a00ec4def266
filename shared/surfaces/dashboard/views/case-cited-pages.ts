/**
 * The brand's cited pages on the case page, each with the families whose answers cite it and
 * when that family's AI agents last fetched it (docs/agent-logs.md "On the case page").
 */

import { DASHBOARD_PATHS } from '#shared/surfaces/dashboard/paths';
import { type Html, html, joinHtml } from '#shared/surfaces/http/html';
import { FAMILY_NAMES } from './case-summary.ts';
import { tableRegion, timeTag } from './components.ts';

export interface CitedPagesView {
  /** The case's domain. */
  domain: string;
  /** How far back the fetches are looked for. */
  days: number;
  /** The viewer owns the case (only the owner's logs are read). */
  owner: boolean;
  /** Some listed page was fetched by a citing family's agent. */
  anyFetch: boolean;
  rows: {
    url: string;
    answers: number;
    families: { family: string; last: string | null }[];
  }[];
}

const familyName = (family: string) => FAMILY_NAMES[family] ?? family;

function lastFetched(view: CitedPagesView, families: CitedPagesView['rows'][number]['families']) {
  if (!view.owner) return '–';
  return joinHtml(
    families.map(
      ({ family, last }) =>
        html`${familyName(family)}: ${last ? timeTag(last) : html`<span class="muted">not in the logs</span>`}`,
    ),
    html`<br>`,
  );
}

function note(view: CitedPagesView): Html {
  if (!view.owner) {
    return html`<p class="muted">When the agents fetched these pages is shown to the case’s owner only (it comes from their access logs).</p>`;
  }
  if (view.anyFetch) return html``;
  return html`<p>None of these pages appears in your access logs of the last ${view.days} days. Upload logs of ${view.domain} on its <a href="${DASHBOARD_PATHS.domainAgents(view.domain)}">Agents tab</a> to see when each family’s agents last fetched them.</p>`;
}

export function citedPagesSection(view: CitedPagesView | undefined): Html {
  if (!view) return html``;
  const heading = html`<h2>Our pages the answers cite</h2>
<p>Pages of ${view.domain} the latest run’s answers cite, with when the citing family’s AI agents last fetched each one: the last fetch in the past ${view.days} days that got the page (status below 400) from an agent not spoofed, read from your access logs.</p>`;
  if (view.rows.length === 0) {
    return html`<section id="case-cited-pages">${heading}<p>No answer of the latest run cites a page of ${view.domain}.</p></section>`;
  }
  const rows = view.rows.map(
    (row) =>
      html`<tr><td><a href="${row.url}" rel="noopener noreferrer">${row.url}</a></td><td class="num">${row.answers}</td><td>${row.families.map((f) => familyName(f.family)).join(', ')}</td><td>${lastFetched(view, row.families)}</td></tr>`,
  );
  const table = tableRegion(
    'Our pages the answers cite',
    html`<table><thead><tr><th scope="col">Page</th><th scope="col" class="num">Answers</th><th scope="col">Cited by</th><th scope="col">Last fetched by that family’s agents</th></tr></thead><tbody>${rows}</tbody></table>`,
  );
  return html`<section id="case-cited-pages">${heading}${note(view)}${table}</section>`;
}
