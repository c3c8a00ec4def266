/**
 * The scan history (docs/dashboard.md "Scan history"): the account's scans grouped by domain with
 * a trend line, search, band filter and pages (`list_domains`), and one domain's scans with what
 * changed in each check (`list_domain_scans`), each with a rescan button.
 */

import type { DomainEntry, DomainScan } from '#shared/domain/scans/history-schemas';
import type { FormState } from '#shared/surfaces/dashboard/form-kit/form';
import { formErrorBox, formSearch } from '#shared/surfaces/dashboard/form-kit/render';
import { HISTORY_SEARCH_FORM } from '#shared/surfaces/dashboard/forms-scans';
import { DASHBOARD_PATHS } from '#shared/surfaces/dashboard/paths';
import { type Html, html } from '#shared/surfaces/http/html';
import { domainTabs } from './agents-page.ts';
import { tableRegion, timeTag } from './components.ts';
import { csrfField, dashboardLayout, type Viewer, viewerCan } from './layout.ts';
import { changeTag, diffText, sparkline } from './trend.ts';

export interface HistoryFilters {
  q: string;
  band: string;
  pillar: string;
}

const BANDS: readonly [string, string][] = [
  ['', 'Any score'],
  ['good', 'Good (80 to 100)'],
  ['fair', 'Fair (50 to 79)'],
  ['poor', 'Poor (below 50)'],
];
const PILLAR_CHOICES: readonly [string, string][] = [
  ['', 'Whole score'],
  ['R', 'R Retrievable'],
  ['E', 'E Explainable'],
  ['A', 'A Actionable'],
  ['D', 'D Distributed'],
];

function options(choices: readonly [string, string][], selected: string): Html[] {
  return choices.map(
    ([value, label]) =>
      html`<option value="${value}"${value === selected ? ' selected' : ''}>${label}</option>`,
  );
}

/**
 * A GET form: the filters live in the address, so a filtered list can be bookmarked. A search
 * the server refuses (too long) comes back in the field with its message.
 */
export function historyFilterForm(filters: HistoryFilters, search?: FormState): Html {
  return html`<form class="search" method="get" action="${DASHBOARD_PATHS.scans}" role="search" aria-label="Scan history">
${formSearch(HISTORY_SEARCH_FORM, search ?? { values: { q: filters.q } }, 'q')}
<label for="h-band">Score band</label><select id="h-band" name="band">${options(BANDS, filters.band)}</select>
<label for="h-pillar">Band of</label><select id="h-pillar" name="pillar">${options(PILLAR_CHOICES, filters.pillar)}</select>
<button type="submit" class="secondary">Filter</button>${filters.q || filters.band ? html` <a href="${DASHBOARD_PATHS.scans}">Clear</a>` : ''}
</form>`;
}

/** A small form that scans the domain again and opens its history (the scan form's rules). */
export function rescanForm(viewer: Viewer, domain: string, small = true): Html {
  if (!viewerCan(viewer, 'scans:write')) return html``;
  return html`<form class="inline" method="post" action="${DASHBOARD_PATHS.scans}" data-scan-form>${csrfField(viewer)}<input type="hidden" name="domain" value="${domain}"><input type="hidden" name="open" value="history"><button type="submit" class="secondary${small ? ' small' : ''}">Rescan<span class="sr-only"> ${domain}</span></button></form>`;
}

/** The account's domains, most recently scanned first. */
export function domainsTable(
  viewer: Viewer,
  domains: readonly DomainEntry[],
  options: { rescan: boolean; label: string },
): Html {
  const rows = domains.map(
    (entry) =>
      html`<tr><th scope="row"><a href="${DASHBOARD_PATHS.domain(entry.domain)}">${entry.domain}</a></th><td class="num">${entry.score}</td><td class="num">${changeTag(entry.change)}</td><td>${sparkline(
        entry.trend.map((point) => point.score),
        entry.domain,
      )}</td><td class="num">${entry.scan_count}</td><td>${timeTag(entry.last_scanned_at)}</td><td><a href="${DASHBOARD_PATHS.scan(entry.latest_scan_id)}">Latest result<span class="sr-only"> for ${entry.domain}</span></a>${options.rescan ? html` ${rescanForm(viewer, entry.domain)}` : ''}</td></tr>`,
  );
  return tableRegion(
    options.label,
    html`<table><thead><tr><th scope="col">Domain</th><th scope="col" class="num">Score</th><th scope="col" class="num">Change</th><th scope="col">Trend</th><th scope="col" class="num">Scans</th><th scope="col">Last scanned</th><th scope="col">Actions</th></tr></thead><tbody>${rows}</tbody></table>`,
  );
}

/** "Next page" (and back to the first) keeping the filters in the address. */
export function pager(base: string, query: Record<string, string>, next: string | null): Html {
  const keep = Object.entries(query).filter(([name, value]) => value !== '' && name !== 'cursor');
  const href = (cursor?: string) => {
    const params = new URLSearchParams(keep);
    if (cursor) params.set('cursor', cursor);
    const text = params.toString();
    return text ? `${base}?${text}` : base;
  };
  const links = [
    query.cursor ? html`<a href="${href()}">First page</a>` : '',
    next ? html`<a href="${href(next)}" rel="next">Next page</a>` : '',
  ].filter(Boolean);
  return links.length ? html`<nav class="pager" aria-label="Pages">${links}</nav>` : html``;
}

export function domainHistorySection(
  viewer: Viewer,
  view: {
    domains: readonly DomainEntry[];
    filters: HistoryFilters;
    cursor: string;
    next: string | null;
    /** A refused search: the text as typed and its message. */
    search?: FormState | undefined;
  },
): Html {
  const filtering = view.filters.q !== '' || view.filters.band !== '';
  const body =
    view.domains.length > 0
      ? domainsTable(viewer, view.domains, { rescan: true, label: 'Scanned domains' })
      : filtering
        ? html`<p>No domain matches these filters.</p>`
        : html`<p>No scans yet. Scans made with your keys, batches and this page appear here, one row per domain.</p>`;
  return html`<h2 id="history-h">Scan history by domain</h2>
<p class="muted">Each domain once, with its latest score, the change since the scan before and its trend. Open a domain to see what changed check by check.</p>
${view.search?.error ? formErrorBox(HISTORY_SEARCH_FORM, view.search) : ''}
${historyFilterForm(view.filters, view.search)}
${body}
${pager(DASHBOARD_PATHS.scans, { ...view.filters, cursor: view.cursor }, view.next)}`;
}

export interface DomainPageView {
  viewer: Viewer;
  domain: string;
  scans: readonly DomainScan[];
  cursor: string;
  next: string | null;
}

function scansTable(scans: readonly DomainScan[]): Html {
  const rows = scans.map(
    (scan) =>
      html`<tr><td>${timeTag(scan.created_at)}</td><td class="num">${scan.score}</td><td class="num">${changeTag(scan.change)}</td><td>${diffText(scan.diff, scan.previous_scan_id)}</td><td><a href="${DASHBOARD_PATHS.scan(scan.id)}">Result<span class="sr-only"> of ${scan.created_at}</span></a></td></tr>`,
  );
  return tableRegion(
    'Scans of this domain',
    html`<table><thead><tr><th scope="col">Scanned</th><th scope="col" class="num">Score</th><th scope="col" class="num">Change</th><th scope="col">What changed (points per check)</th><th scope="col">Open</th></tr></thead><tbody>${rows}</tbody></table>`,
  );
}

export function domainPage(view: DomainPageView): Html {
  const latest = view.scans[0];
  const scores = [...view.scans].reverse().map((scan) => scan.score);
  const first = view.cursor === '';
  return dashboardLayout({
    title: `Scan history of ${view.domain}`,
    section: 'scans',
    viewer: view.viewer,
    body: html`<p><a href="${DASHBOARD_PATHS.scans}">← All scanned domains</a></p>
<h1>Scan history of ${view.domain}</h1>
${domainTabs(view.domain, 'scans')}
${
  latest && first
    ? html`<div class="cards"><section class="card" aria-labelledby="latest-h"><h2 id="latest-h">Latest score</h2><p class="big">${latest.score}<span class="muted">/100</span></p><p>${latest.change === null ? changeTag(null, 'first scan of this domain') : html`${changeTag(latest.change)} <span class="muted">since the scan before</span>`}</p></section>
<section class="card" aria-labelledby="trend-h"><h2 id="trend-h">Trend</h2><p>${sparkline(scores, view.domain)}</p><p class="muted">${scores.length} scan${scores.length === 1 ? '' : 's'} on this page, oldest first: ${scores.join(', ')}</p></section>
<section class="card" aria-labelledby="again-h"><h2 id="again-h">Scan again</h2><p class="muted">Runs the nine checks now and shows what changed.</p><div class="actions">${rescanForm(view.viewer, view.domain, false)}</div></section></div>`
    : ''
}
<div id="scan-status" class="card live" role="status" hidden><p id="scan-elapsed">Scanning…</p><progress aria-label="Scan in progress"></progress></div>
<h2>Scans, newest first</h2>
${scansTable(view.scans)}
${pager(DASHBOARD_PATHS.domain(view.domain), { cursor: view.cursor }, view.next)}`,
  });
}
