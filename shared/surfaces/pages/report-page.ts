/**
 * The page a report link opens (docs/alerts.md "Client reports by link"): one run's summary for
 * an agency's client, under the agency's title and logo instead of this service's chrome. No
 * keys, no navigation, no forms, no script. Each section is a sheet: on screen they follow each
 * other (one column, at 375 px too); printed, each starts a new page. The style sheet is a
 * constant admitted by its hash; the logo is the only thing loaded, from an https address, with no
 * referrer (the page's address holds the token).
 */
import { sha256Base64 } from '#shared/domain/kernel/hash';
import { PROVIDER_FAMILIES } from '#shared/domain/monitor/provider-port';
import type { ReportData } from '#shared/domain/reports/operations';
import { scoreRange } from '#shared/surfaces/dashboard/views/case-insights';
import { type Html, html, unsafeRawHtml } from '#shared/surfaces/http/html';
import {
  changesSheet,
  citedSheet,
  familyName,
  fixesSheet,
  percent,
  shareSheet,
} from './report-sections.ts';

export const REPORT_CSS = `
*{box-sizing:border-box}
body{font:16px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;color:#1b1b1b;background:#fff}
main{max-width:60rem;margin:0 auto;padding:1rem 1rem 3rem;overflow-wrap:break-word}
a,.name,th{overflow-wrap:anywhere}
a{color:#0b57d0}
:focus-visible{outline:3px solid #1b1b1b;outline-offset:2px}
header.report{display:flex;flex-wrap:wrap;gap:.8rem 1.2rem;align-items:center;border-bottom:2px solid #1b1b1b;padding-bottom:.8rem}
header.report img{max-height:3.5rem;max-width:12rem;height:auto;width:auto}
header.report h1{font-size:1.6rem;margin:0;flex:1 1 16rem}
.sub{color:#444;margin:.2rem 0 0}
section.sheet{margin:1.5rem 0}
h2{font-size:1.3rem;border-bottom:1px solid #d5dae1;padding-bottom:.2rem}
.figures{display:grid;grid-template-columns:repeat(auto-fit,minmax(11rem,1fr));gap:.8rem;margin:1rem 0}
.figure{border:1px solid #d5dae1;border-radius:8px;padding:.6rem .8rem}
.figure .value{font-size:1.8rem;font-weight:700;display:block}
.figure .label{font-weight:600}
.figure .range{color:#444;font-size:.9rem;display:block}
table{border-collapse:collapse;width:100%;margin:.6rem 0}
th,td{text-align:left;padding:.35rem .5rem;border-bottom:1px solid #e1e5ea;vertical-align:top}
th{font-weight:600}
td.num,th.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
ul.bars{list-style:none;padding:0;margin:.6rem 0;display:grid;gap:.6rem}
ul.bars li{display:grid;grid-template-columns:minmax(0,1fr) auto;gap:.1rem 1rem}
ul.bars .bar{grid-column:1/-1;display:block;width:100%;height:.7rem}
ul.bars .bar .track{fill:#e6e9ee}ul.bars .bar .fill{fill:#5a6b82}
ul.bars li.self .bar .fill{fill:#0b57d0}
ul.bars .name{font-weight:600}
ul.changes,ul.fixes,ul.pages{padding-left:1.2rem}ul.changes li,ul.fixes li,ul.pages li{margin:.5rem 0}
.cause{display:inline-block;border-radius:999px;padding:0 .5rem;font-size:.85rem;background:#eef3fc;color:#083e94;font-weight:600}
.muted{color:#555}
footer.report{border-top:1px solid #d5dae1;margin-top:2rem;padding-top:.6rem;color:#444;font-size:.9rem}
@media (max-width:30rem){
.figure .value{font-size:1.5rem}
ul.bars li{grid-template-columns:1fr}
table.stack thead{display:none}
table.stack tr{display:block;border-bottom:1px solid #e1e5ea;padding:.3rem 0}
table.stack th,table.stack td{display:flex;justify-content:space-between;gap:1rem;border:0;padding:.1rem 0;text-align:left}
table.stack td::before{content:attr(data-label);color:#444}
}
@media print{
@page{margin:16mm}
body{font-size:11pt}
main{max-width:none;padding:0}
section.sheet{break-before:page;page-break-before:always;margin:0}
section.sheet:first-of-type{break-before:auto;page-break-before:auto}
a{color:#1b1b1b;text-decoration:none}
.figure,ul.bars li,ul.changes li,ul.fixes li,tr{break-inside:avoid}
}
`.trim();

/** The headers of the page: never cached or framed, no referrer, admitted style only. */
export const REPORT_HEADERS: Readonly<Record<string, string>> = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'content-security-policy': [
    "default-src 'none'",
    `style-src 'sha256-${sha256Base64(REPORT_CSS)}'`,
    'img-src https:',
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; '),
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'x-robots-tag': 'noindex, nofollow',
};

function documentOf(title: string, body: Html): Html {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="referrer" content="no-referrer">
<title>${title}</title>
<style>${unsafeRawHtml(REPORT_CSS, 'the report page style sheet, a constant of this code')}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

const dateOf = (iso: string) => iso.slice(0, 10);

function header(data: ReportData): Html {
  const title = data.link.title ?? `${data.case.name}: visibility in AI answers`;
  const logo = data.link.logo_url
    ? // The heading beside it names the agency: the logo adds no words (alt="").
      html`<img src="${data.link.logo_url}" alt="" referrerpolicy="no-referrer">`
    : '';
  return html`<header class="report">${logo}<div><h1>${title}</h1>
<p class="sub">${data.case.name} (${data.case.domain}) · run ${data.run.label}, finished ${dateOf(data.summary.finished_at)}</p></div></header>`;
}

function figure(label: string, value: string, range: string): Html {
  return html`<div class="figure"><span class="label">${label}</span><span class="value">${value}</span><span class="range">${range}</span></div>`;
}

function scoresSheet(data: ReportData): Html {
  const summary = data.summary.summary;
  const dims = summary.intervals.dimensions;
  const score = scoreRange(dims);
  const delta =
    summary.delta.previous_run_id === null
      ? 'first run'
      : `${summary.delta.total_score > 0 ? '+' : summary.delta.total_score < 0 ? '−' : '±'}${Math.abs(summary.delta.total_score)} since the run before`;
  const rate = (name: 'visibility' | 'accuracy' | 'sentiment', label: string) =>
    figure(
      label,
      percent(summary.dimensions[name]),
      `95 % interval ${percent(dims[name].lower)} to ${percent(dims[name].upper)}`,
    );
  const families = PROVIDER_FAMILIES.filter((family) => summary.per_model[family] !== undefined);
  const rows = families.map((family) => {
    const visibility = summary.intervals.per_model[family]?.visibility;
    return html`<tr><th scope="row">${familyName(family)}</th><td class="num" data-label="Score">${summary.per_model[family]}</td><td class="num" data-label="Visibility">${visibility ? percent(visibility.value) : '–'}</td><td class="num" data-label="95 % interval">${visibility ? `${percent(visibility.lower)} to ${percent(visibility.upper)}` : '–'}</td></tr>`;
  });
  return html`<section class="sheet" aria-labelledby="scores"><h2 id="scores">Scores</h2>
<div class="figures">
${figure('Score (0 to 100)', String(summary.total_score), `range ${score.lower} to ${score.upper}, ${delta}`)}
${rate('visibility', 'Visibility')}${rate('accuracy', 'Accuracy')}${rate('sentiment', 'Sentiment')}
</div>
<table class="stack"><caption class="muted">Per model: score and how often the brand is named (visibility) with its 95 % interval</caption>
<thead><tr><th scope="col">Model</th><th scope="col" class="num">Score</th><th scope="col" class="num">Visibility</th><th scope="col" class="num">95 % interval</th></tr></thead>
<tbody>${rows}</tbody></table>
<p class="muted">The figures are samples of what the models answered in this run: each comes with the range it lies in with 95 % confidence.</p>
</section>`;
}

/** The whole page of a live report link. */
export function renderReportPage(data: ReportData, now: Date): Html {
  const title = data.link.title ?? `${data.case.name}: visibility in AI answers`;
  return documentOf(
    title,
    html`${header(data)}
${scoresSheet(data)}
${shareSheet(data)}
${changesSheet(data)}
${citedSheet(data)}
${fixesSheet(data)}
<footer class="report"><p>Prepared ${dateOf(now.toISOString())} from a read-only link that expires ${dateOf(data.link.expires_at)}. Measured by the Agent-Readiness AI Answer Monitor: ${data.summary.summary.sources_meta.answers_total} answers of ${PROVIDER_FAMILIES.filter((family) => data.summary.summary.per_model[family] !== undefined).length} model families.</p></footer>`,
  );
}

/** The same 404 for every link that does not open (unknown, revoked, expired). */
export function renderReportNotFound(): Html {
  return documentOf(
    'Report not found',
    html`<h1>This report is not available</h1>
<p>The link does not exist, was revoked, or has expired. Ask whoever sent it for a new one.</p>`,
  );
}
