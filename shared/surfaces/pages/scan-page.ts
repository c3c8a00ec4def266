/**
 * The shareable result page of a scan (`/scans/{id}`): the same payload as
 * GET /api/v1/scans/{id}, for people. Score gauge and pillar bars first, then the fixes worth
 * the most, then every check with its findings, the way to scan one's own site, and the badge
 * with its embed snippet (docs/decisions.md, issue 17).
 */
import {
  formatPoints,
  gainOf,
  maxReachableScore,
  pointsText,
  topFixes,
  withoutGain,
} from '#shared/domain/scan-engine/report-notes';
import type { AnonymousAllowance } from '#shared/domain/scans/anonymous-quota';
import type { Scan } from '#shared/domain/scans/schemas';
import { type Html, html, inlineCode, joinHtml } from '#shared/surfaces/http/html';
import { DOCS_PATH } from '#shared/surfaces/http/meta';
import { jsonLdScript } from '#shared/surfaces/pages/discovery/json-ld';
import { publicLayout, SCAN_YOUR_SITE_PATH } from './public-layout.ts';
import { SIGN_UP_PATH, scanBox } from './scan-box.ts';
import { environmentSection, lighthouseBeside } from './scan-page-context.ts';
import { PILLARS, pillarBars, scoreGauge } from './score-graphics.ts';

type Check = Scan['checks'][number];
type Finding = Check['findings'][number];

const STATE_LABEL: Record<string, string> = {
  good: 'Good',
  warn: 'Needs work',
  bad: 'Failing',
  unknown: 'Not applicable / unknown',
  info: 'Note',
};

/** "22 Nov 2026, 04:15 UTC": readable, and the same for every reader whatever their locale. */
function humanDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const month = date.toLocaleString('en-GB', { month: 'short', timeZone: 'UTC' });
  const time = date.toISOString().slice(11, 16);
  return `${date.getUTCDate()} ${month} ${date.getUTCFullYear()}, ${time} UTC`;
}

const gainText = (points: number) => `+${pointsText(points)}`;

/** The badge's stable URL: the latest scan of the domain, whichever scan this page shows. */
export function badgeUrl(baseUrl: string, domain: string): string {
  return `${baseUrl}/badge/${domain}.svg`;
}

function hero(scan: Scan): Html {
  const reachable = maxReachableScore(scan.checks);
  return html`<div class="hero">
${scoreGauge(scan.score)}
<div>
<p>Scanned <time datetime="${scan.created_at}">${humanDate(scan.created_at)}</time> (scoring version ${scan.scoring_version}).</p>
<p>The score is the share of applicable points earned: checks that do not apply are left out.</p>
<p class="reachable">Maximum reachable for this site: <strong>${reachable}</strong>/100. Signals that
cannot be verified from outside (whether a firewall admits the real AI crawlers, mentions in AI
answers, live agent endpoints) count half, so no site reaches 100 (<a href="${DOCS_PATH}#max-score">why</a>).</p>
</div>
</div>`;
}

/** The three fixes worth the most, with what each adds to the score. */
function topFixesSection(scan: Scan): Html {
  const fixes = topFixes(scan.checks, 3);
  if (fixes.length === 0) {
    return html`<section id="top-fixes" aria-labelledby="top-fixes-title"><h2 id="top-fixes-title">Fix these first</h2>
<p>Nothing left to fix that the scan can see from outside.</p></section>`;
  }
  const items = fixes.map(
    (fix) =>
      html`<li><span class="gain">${gainText(fix.scoreGain)} to the score</span> ${inlineCode(fix.text)} <span class="muted">(${pointsText(fix.points)} in ${fix.check ?? 'its check'})</span></li>`,
  );
  return html`<section id="top-fixes" aria-labelledby="top-fixes-title">
<h2 id="top-fixes-title">Fix these first</h2>
<ol class="fixes">${items}</ol>
</section>`;
}

/** The standard a finding is judged against, linked (docs: #standards lists them all). */
function standardLink(standard: Finding['standard']): Html {
  if (standard === undefined) return html``;
  return html` <small class="standard">Standard: <a href="${standard.url}" rel="external">${standard.name}</a> (${standard.revision})</small>`;
}

/** One finding: its state, what the scan saw, what fixing it is worth, and its standard. */
function findingItem(finding: Finding): Html {
  const gain = gainOf(finding);
  const fix = gain > 0 ? html` <span class="gain">Fix: ${gainText(gain)}</span>` : '';
  return html`<li class="${finding.state}"><strong>${STATE_LABEL[finding.state] ?? finding.state}:</strong> <span class="finding-text">${inlineCode(withoutGain(finding.text))}</span>${fix}${standardLink(finding.standard)}</li>`;
}

/** What needs attention stays open; what passed folds away, so the page stays short. */
function findingLists(findings: readonly Finding[]): Html {
  const open = findings.filter((finding) => finding.state !== 'good');
  const passed = findings.filter((finding) => finding.state === 'good');
  const openList = open.length ? html`<ul>${open.map(findingItem)}</ul>` : '';
  const passedList = passed.length
    ? html`<details><summary>${passed.length} passed</summary><ul>${passed.map(findingItem)}</ul></details>`
    : '';
  return html`${openList}${passedList}`;
}

const lostPoints = (check: Check) => check.max - check.score;

function checkSection(check: Check, scan: Scan): Html {
  return html`<section class="check" id="check-${check.id}" aria-labelledby="check-${check.id}-title">
<h3 id="check-${check.id}-title">${check.title}</h3>
<p><span class="badge ${check.state}">${STATE_LABEL[check.state] ?? check.state}</span>
${formatPoints(check.score)} of ${pointsText(check.max)} · pillar ${check.pillar} ${PILLARS[check.pillar] ?? ''} · <code>${check.id}</code></p>
${findingLists(check.findings)}
${lighthouseBeside(scan, check.id)}
</section>`;
}

/** A scan box for the visitor's own site, and a free account to keep the history. */
function scanYourOwn(allowance: AnonymousAllowance | undefined): Html {
  return html`<section class="cta" aria-labelledby="cta-title">
<h2 id="cta-title">Create a free account to keep your history</h2>
<p>With a free account every scan is kept: see how a site’s score changes from scan to scan, scan many sites at once and follow how AI models answer about your brand. No password: we mail you a link.</p>
<p class="actions"><a class="button" href="${SIGN_UP_PATH}">Create a free account</a> <a href="${DOCS_PATH}#scan_domain">or call the API</a></p>
</section>
${scanBox({ heading: 'Scan your own site', allowance })}`;
}

function badgeSection(scan: Scan, baseUrl: string, pageUrl: string): Html {
  const src = badgeUrl(baseUrl, scan.domain);
  const alt = `Agent readiness of ${scan.domain}`;
  // The snippet a site owner copies is shown as text: built with the template, then escaped.
  const snippet = html`<a href="${pageUrl}"><img src="${src}" alt="${alt}"></a>`.toString();
  const markdown = `[![${alt}](${src})](${pageUrl})`;
  return html`<section id="badge" aria-labelledby="badge-title">
<h2 id="badge-title">Show the score on your site</h2>
<p><img src="${src}" alt="${`${alt}: badge`}" height="20"></p>
<p>The badge always shows the latest scan of <strong>${scan.domain}</strong>. HTML:</p>
<pre class="snippet"><code>${snippet}</code></pre>
<p>Markdown:</p>
<pre class="snippet"><code>${markdown}</code></pre>
</section>`;
}

/** The shareable result page of a scan: the same payload as GET /api/v1/scans/{id}. */
export function renderScanPage(scan: Scan, apiUrl: string, allowance?: AnonymousAllowance): Html {
  const baseUrl = apiUrl.replace(/\/api\/v1\/scans\/[^/]*$/, '');
  const pageUrl = `${baseUrl}/scans/${scan.id}`;
  const checks = [...scan.checks].sort((a, b) => lostPoints(b) - lostPoints(a));
  const body = html`<h1>Agent readiness of ${scan.domain}</h1>
${hero(scan)}
${environmentSection(scan)}
${topFixesSection(scan)}
<section id="pillars" aria-labelledby="pillars-title">
<h2 id="pillars-title">Pillars</h2>
${pillarBars(scan)}
</section>
${scanYourOwn(allowance)}
<section id="checks" aria-labelledby="checks-title">
<h2 id="checks-title">Checks, most points to gain first</h2>
${joinHtml(
  checks.map((check) => checkSection(check, scan)),
  '\n',
)}
</section>
${badgeSection(scan, baseUrl, pageUrl)}`;
  return publicLayout({
    title: `${scan.domain}: agent readiness ${scan.score}/100`,
    body,
    description: `Agent-readiness scan of ${scan.domain}: ${scan.score}/100.`,
    head: jsonLdScript(baseUrl),
    footer: html`<p>Machine-readable: <a href="${apiUrl}">${apiUrl}</a></p>`,
  });
}

/** A missing or mistyped share link: said for people, with the way forward. */
export function renderScanNotFoundPage(id: string): Html {
  const shown = id.slice(0, 64);
  return publicLayout({
    title: 'Scan not found',
    body: html`<h1>We could not find this scan</h1>
<p>No scan has the id <code>${shown}</code>. The link may be cut short or mistyped:
check it against the one you were sent.</p>
<div class="cta"><p>You can scan any site yourself and get its result page in about half a minute.</p>
<p class="actions"><a class="button" href="${SCAN_YOUR_SITE_PATH}">Scan a site</a>
<a href="${DOCS_PATH}">How the scan works</a></p></div>`,
  });
}
