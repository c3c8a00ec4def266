/** Running a scan (with live status) and the account's scan history by domain. */

import type { DomainEntry } from '#shared/domain/scans/history-schemas';
import type { FormState } from '#shared/surfaces/dashboard/form-kit/form';
import { formErrorBox, formInput } from '#shared/surfaces/dashboard/form-kit/render';
import { SCAN_FORM } from '#shared/surfaces/dashboard/forms-scans';
import { DASHBOARD_PATHS } from '#shared/surfaces/dashboard/paths';
import { type Html, html } from '#shared/surfaces/http/html';
import { csrfField, dashboardLayout, type Viewer, viewerCan } from './layout.ts';
import { domainHistorySection, type HistoryFilters } from './scan-history.ts';

export interface ScansView {
  viewer: Viewer;
  history: {
    domains: readonly DomainEntry[];
    filters: HistoryFilters;
    cursor: string;
    next: string | null;
    search?: FormState | undefined;
  };
  /** The scan form as sent and its refusal, when it came back. */
  form?: FormState;
}

export function scansPage(view: ScansView): Html {
  return dashboardLayout({
    title: 'Scans',
    section: 'scans',
    viewer: view.viewer,
    // Only the answer to a form post moves the address back to the page; a filtered list keeps
    // its filters in the address (bookmarkable).
    ...(view.form === undefined ? {} : { replaceUrl: DASHBOARD_PATHS.scans }),
    body: html`<h1>Scans</h1>
<p class="lead">A scan checks a site live against nine agent-readiness checks in four pillars and scores it from 0 to 100, with what to fix first.</p>
${formErrorBox(SCAN_FORM, view.form)}
${
  viewerCan(view.viewer, 'scans:write')
    ? html`<form class="stack" method="post" action="${DASHBOARD_PATHS.scans}" data-scan-form>
${csrfField(view.viewer)}
${formInput(SCAN_FORM, view.form, 'domain', { hint: 'For example example.com; a URL is reduced to its site.' })}
<div class="actions"><button type="submit">Scan now</button></div>
</form>`
    : html`<p class="muted">Your role in this account reads only: running scans needs a member's role.</p>`
}
<div id="scan-status" class="card live" role="status" hidden>
<p id="scan-elapsed">Scanning…</p>
<progress aria-label="Scan in progress"></progress>
<p class="muted">The scanner fetches the homepage, robots.txt, sitemaps, llms.txt, well-known agent and API documents and a few pages, then scores the nine checks. Most sites take a few seconds; a slow site up to about 30 seconds. The result opens when it is done.</p>
</div>
${domainHistorySection(view.viewer, view.history)}`,
  });
}
