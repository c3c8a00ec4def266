import {
  formatPoints as formatNotePoints,
  maxReachableScore,
  topFixes,
} from '#shared/domain/scan-engine/report-notes';
import type { Scan } from '#shared/domain/scans/schemas';
import { DOCS_PATH } from '#shared/surfaces/http/meta';
import { jsonLdScript } from '#shared/surfaces/pages/discovery/json-ld';
import { escapeHtml } from '../http/html.ts';
import { layout } from './html.ts';

const PILLARS: Record<string, string> = {
  R: 'Retrievable',
  E: 'Explainable',
  A: 'Actionable',
  D: 'Distributed',
};

const STATE_LABEL: Record<string, string> = {
  good: 'Good',
  warn: 'Needs work',
  bad: 'Failing',
  unknown: 'Not applicable / unknown',
  info: 'Note',
};

function pillarSummary(scan: Scan): string {
  const rows = Object.entries(PILLARS).map(([letter, name]) => {
    const checks = scan.checks.filter((check) => check.pillar === letter);
    const score = checks.reduce((sum, check) => sum + check.score, 0);
    const max = checks.reduce((sum, check) => sum + check.max, 0);
    const percent = max === 0 ? 'n/a' : `${Math.round((100 * score) / max)}%`;
    return `<tr><th scope="row">${letter} ${name}</th><td>${formatPoints(score)} / ${formatPoints(max)}</td><td>${percent}</td></tr>`;
  });
  return `<table><thead><tr><th>Pillar</th><th>Points</th><th>Share</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

/** "22 Nov 2026, 04:15 UTC": readable, and the same for every reader whatever their locale. */
function humanDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const month = date.toLocaleString('en-GB', { month: 'short', timeZone: 'UTC' });
  const time = date.toISOString().slice(11, 16);
  return `${date.getUTCDate()} ${month} ${date.getUTCFullYear()}, ${time} UTC`;
}

const formatPoints = formatNotePoints;

/**
 * Why 100 is out of reach: signals that cannot be verified from outside count half (SPEC.md),
 * so the best a site can score is below 100; say how far, for this site.
 */
function reachableSummary(scan: Scan): string {
  const reachable = maxReachableScore(scan.checks);
  return `<p class="reachable">Maximum reachable for this site: <strong>${reachable}</strong>/100.
Signals that cannot be verified from outside (whether a firewall admits the real AI crawlers,
mentions in AI answers, live agent endpoints) count half by the scoring rules, so no site reaches
100; each check below says which of its signals count half.</p>`;
}

/** The three fixes worth the most, with what each adds to the score. */
function topFixesSection(scan: Scan): string {
  const fixes = topFixes(scan.checks, 3);
  if (fixes.length === 0) {
    return '';
  }
  const items = fixes
    .map(
      (fix) =>
        `<li><strong>+${fix.scoreGain} ${fix.scoreGain === 1 ? 'point' : 'points'} to the score</strong>: ${escapeHtml(fix.text)} <small>(${formatPoints(fix.points)} points in ${escapeHtml(fix.check ?? 'its check')})</small></li>`,
    )
    .join('');
  return `<section id="top-fixes">
<h2>Fix these first</h2>
<ol>${items}</ol>
</section>`;
}

/** The standard a finding is judged against, linked (docs: #standards lists them all). */
function standardLink(standard: Scan['checks'][number]['findings'][number]['standard']): string {
  if (standard === undefined) return '';
  return ` <small class="standard">Standard: <a href="${escapeHtml(standard.url)}" rel="external">${escapeHtml(standard.name)}</a> (${escapeHtml(standard.revision)})</small>`;
}

function checkSection(check: Scan['checks'][number]): string {
  const findings = check.findings
    .map(
      (finding) =>
        `<li class="${escapeHtml(finding.state)}"><strong>${escapeHtml(STATE_LABEL[finding.state] ?? finding.state)}:</strong> ${escapeHtml(finding.text)}${standardLink(finding.standard)}</li>`,
    )
    .join('');
  return `<section id="check-${escapeHtml(check.id)}">
<h3>${escapeHtml(check.title)} <small>(${escapeHtml(check.id)}, pillar ${escapeHtml(check.pillar)})</small></h3>
<p class="${escapeHtml(check.state)}">${escapeHtml(STATE_LABEL[check.state] ?? check.state)}: ${formatPoints(check.score)} of ${formatPoints(check.max)} points</p>
<ul>${findings}</ul>
</section>`;
}

/** The shareable result page of a scan: the same payload as GET /api/v1/scans/{id}. */
export function renderScanPage(scan: Scan, apiUrl: string): string {
  const title = `${scan.domain}: agent readiness ${scan.score}/100`;
  const body = `<header>
<p><a href="${DOCS_PATH}">API documentation</a></p>
<h1>Agent readiness of ${escapeHtml(scan.domain)}</h1>
<p class="score">${scan.score}<small>/100</small></p>
<p>Scanned <time datetime="${escapeHtml(scan.created_at)}">${escapeHtml(humanDate(scan.created_at))}</time> with scoring version ${scan.scoring_version}.
The score is the share of applicable points earned: checks that do not apply are left out, and
signals that cannot be verified from outside count half.</p>
${reachableSummary(scan)}
</header>
${topFixesSection(scan)}
<h2>Pillars</h2>
${pillarSummary(scan)}
<h2>Checks</h2>
${scan.checks.map(checkSection).join('\n')}
<footer><p>Machine-readable: <a href="${escapeHtml(apiUrl)}">${escapeHtml(apiUrl)}</a></p></footer>`;
  const baseUrl = apiUrl.replace(/\/api\/v1\/scans\/[^/]*$/, '');
  return layout(
    title,
    body,
    `Agent-readiness scan of ${scan.domain}: ${scan.score}/100.`,
    jsonLdScript(baseUrl),
  );
}

export function renderScanNotFoundPage(id: string): string {
  return layout(
    'Scan not found',
    `<h1>Scan not found</h1><p>There is no scan with id <code>${escapeHtml(id.slice(0, 64))}</code>. Check the link, or run a new scan with <code>POST /api/v1/scans</code>.</p><p><a href="${DOCS_PATH}">API documentation</a></p>`,
  );
}
