/**
 * The dashboard's page of one scan: score, share link, the fixes worth most, pillars, checks,
 * and the fix pack with "Check my fixes" (issue 38, point 5). Apart from the scans page so that
 * the scan forms' function does not bundle it.
 */
import {
  formatPoints,
  maxReachableScore,
  pointsText,
  topFixes,
} from '#shared/domain/scan-engine/report-notes';
import type { Scan } from '#shared/domain/scans/schemas';
import { DASHBOARD_PATHS } from '#shared/surfaces/dashboard/paths';
import { type Html, html, inlineCode } from '#shared/surfaces/http/html';
import { badge, copyField, tableRegion, timeTag } from './components.ts';
import {
  type FixItem,
  fixPackSection,
  type VerificationItem,
  verificationNotice,
} from './fix-pack.ts';
import { dashboardLayout, type Viewer } from './layout.ts';

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

/** What the scan page adds for the account's own scans. */
export interface ScanExtras {
  fixes: readonly FixItem[];
  verifyAction: string;
  verification?: VerificationItem;
}

export function scanResultPage(viewer: Viewer, scan: Scan, extras: ScanExtras): Html {
  const checked = extras.verification
    ? verificationNotice(
        extras.verification,
        DASHBOARD_PATHS.scan(extras.verification.verifiedScanId),
      )
    : '';
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
${checked}
<div class="cards"><section class="card" aria-labelledby="score-h"><h2 id="score-h">Score</h2><p class="big">${scan.score}<span class="muted">/100</span></p>
<p class="muted">Scanned ${timeTag(scan.created_at)}; the most this site can reach is ${maxReachableScore(scan.checks)}.</p></section>
<section class="card" aria-labelledby="share-h"><h2 id="share-h">Share</h2>
${copyField({ id: 'share-url', label: 'Public result page: anyone with the link can read it', value: scan.url })}
<p><a href="${scan.url}">Open the shareable page</a></p></section></div>
${fixes.length ? html`<h2>Fix these first</h2><ol>${fixes}</ol>` : ''}
<h2>Pillars</h2>
<div class="cards">${pillarCards(scan)}</div>
<h2>Checks</h2>
${checksTable(scan)}
${fixPackSection(viewer, extras.verifyAction, extras.fixes)}`,
  });
}
