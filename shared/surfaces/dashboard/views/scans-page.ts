/** Running a scan (with live status), the account's scan history by domain, and one result. */

import {
  formatPoints,
  maxReachableScore,
  pointsText,
  topFixes,
} from '#shared/domain/scan-engine/report-notes';
import type { DomainEntry } from '#shared/domain/scans/history-schemas';
import type { Scan } from '#shared/domain/scans/schemas';
import type { FormState } from '#shared/surfaces/dashboard/form-kit/form';
import { formErrorBox, formInput } from '#shared/surfaces/dashboard/form-kit/render';
import { SCAN_FORM } from '#shared/surfaces/dashboard/forms-scans';
import { DASHBOARD_PATHS } from '#shared/surfaces/dashboard/paths';
import { type Html, html, inlineCode } from '#shared/surfaces/http/html';
import { badge, copyField, tableRegion, timeTag } from './components.ts';
import { csrfField, dashboardLayout, type Viewer } from './layout.ts';
import { domainHistorySection, type HistoryFilters } from './scan-history.ts';

const PILLARS: Record<string, string> = {
  R: 'Retrievable',
  E: 'Explainable',
  A: 'Actionable',
  D: 'Distributed',
};

const STATE_TEXT: Record<string, string> = {
  good: 'good',
  warn: 'needs work',
  bad: 'failing',
  unknown: 'not applicable',
  info: 'note',
};

function stateBadge(state: string): Html {
  const css =
    state === 'good'
      ? 'done'
      : state === 'bad'
        ? 'failed'
        : state === 'warn'
          ? 'pending'
          : 'unknown';
  return badge(css, STATE_TEXT[state] ?? state);
}

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
<form class="stack" method="post" action="${DASHBOARD_PATHS.scans}" data-scan-form>
${csrfField(view.viewer)}
${formInput(SCAN_FORM, view.form, 'domain', { hint: 'For example example.com; a URL is reduced to its site.' })}
<div class="actions"><button type="submit">Scan now</button></div>
</form>
<div id="scan-status" class="card live" role="status" hidden>
<p id="scan-elapsed">Scanning…</p>
<progress aria-label="Scan in progress"></progress>
<p class="muted">The scanner fetches the homepage, robots.txt, sitemaps, llms.txt, well-known agent and API documents and a few pages, then scores the nine checks. Most sites take a few seconds; a slow site up to about 30 seconds. The result opens when it is done.</p>
</div>
${domainHistorySection(view.viewer, view.history)}`,
  });
}

function checksTable(scan: Scan): Html {
  const rows = scan.checks.map((check) => {
    const findings = check.findings.map(
      (finding) => html`<li>${stateBadge(finding.state)} ${inlineCode(finding.text)}</li>`,
    );
    return html`<tr><th scope="row">${check.title}<br><span class="muted">${PILLARS[check.pillar] ?? check.pillar}</span></th>
<td>${stateBadge(check.state)}</td><td class="num">${formatPoints(check.score)} / ${formatPoints(check.max)}</td>
<td>${findings.length ? html`<details><summary>${check.findings.length} finding${check.findings.length === 1 ? '' : 's'}</summary><ul>${findings}</ul></details>` : '–'}</td></tr>`;
  });
  return tableRegion(
    'Checks',
    html`<table><thead><tr><th scope="col">Check</th><th scope="col">State</th><th scope="col" class="num">Points</th><th scope="col">Findings</th></tr></thead><tbody>${rows}</tbody></table>`,
  );
}

function pillarCards(scan: Scan): Html[] {
  return Object.entries(PILLARS).map(([letter, name]) => {
    const checks = scan.checks.filter((check) => check.pillar === letter);
    const score = checks.reduce((sum, check) => sum + check.score, 0);
    const max = checks.reduce((sum, check) => sum + check.max, 0);
    return html`<div class="card"><h3>${letter} ${name}</h3><p class="big">${max === 0 ? 'n/a' : `${Math.round((100 * score) / max)}%`}</p><p class="muted">${formatPoints(score)} of ${pointsText(max)}</p></div>`;
  });
}

export function scanResultPage(viewer: Viewer, scan: Scan): Html {
  const fixes = topFixes(scan.checks, 3).map(
    (fix) =>
      html`<li><strong>+${pointsText(fix.scoreGain)}</strong>: ${inlineCode(fix.text)}${fix.check ? html` <span class="muted">(${fix.check})</span>` : ''}</li>`,
  );
  return dashboardLayout({
    title: `${scan.domain}: ${scan.score}/100`,
    section: 'scans',
    viewer,
    body: html`<p><a href="${DASHBOARD_PATHS.scans}">← All scans</a></p>
<h1>Agent readiness of ${scan.domain}</h1>
<div class="cards"><section class="card" aria-labelledby="score-h"><h2 id="score-h">Score</h2><p class="big">${scan.score}<span class="muted">/100</span></p>
<p class="muted">Scanned ${timeTag(scan.created_at)}; the most this site can reach is ${maxReachableScore(scan.checks)}.</p></section>
<section class="card" aria-labelledby="share-h"><h2 id="share-h">Share</h2>
${copyField({ id: 'share-url', label: 'Public result page: anyone with the link can read it', value: scan.url })}
<p><a href="${scan.url}">Open the shareable page</a></p></section></div>
${fixes.length ? html`<h2>Fix these first</h2><ol>${fixes}</ol>` : ''}
<h2>Pillars</h2>
<div class="cards">${pillarCards(scan)}</div>
<h2>Checks</h2>
${checksTable(scan)}`,
  });
}
