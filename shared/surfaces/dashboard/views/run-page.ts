/**
 * One run of a case (any run, not only the latest) and two runs compared (docs/dashboard.md
 * "Case pages"). The comparison puts scores, dimensions and families side by side, each with its
 * range, and says in words when the two are not comparable or a family served other models.
 */

import type { SummaryDelta } from '#shared/domain/monitor/engine/summary-schema';
import type { GetRunResponse } from '#shared/domain/monitor/run-schemas';
import type { CaseDetail, RunView } from '#shared/domain/monitor/schemas';
import { DASHBOARD_PATHS } from '#shared/surfaces/dashboard/paths';
import { type Html, html } from '#shared/surfaces/http/html';
import { comparabilityText, scoreRange } from './case-insights.ts';
import { FAMILY_NAMES, type ScorePoint, summarySection } from './case-summary.ts';
import { badge, humanDate, notice, percent, tableRegion, timeTag } from './components.ts';
import { dashboardLayout, type Viewer } from './layout.ts';
import { quotaWaitsPart } from './quota-waits.ts';

type Summary = NonNullable<GetRunResponse['summary']>;

interface RunPageView {
  viewer: Viewer;
  detail: CaseDetail;
  runs: readonly RunView[];
  read: GetRunResponse;
  history: readonly ScorePoint[];
  notice?: string | undefined;
}

/** A GET form that opens this run's page compared with another finished run. */
export function compareForm(caseId: string, run: RunView, runs: readonly RunView[]): Html {
  const others = runs.filter((other) => other.id !== run.id && other.status === 'done');
  if (others.length === 0 || run.status !== 'done') return html``;
  const options = others.map(
    (other) =>
      html`<option value="${other.id}">${other.label} (score ${other.total_score ?? '–'}, ${other.kind})</option>`,
  );
  return html`<form class="actions" method="get" action="${DASHBOARD_PATHS.caseRun(caseId, run.id)}">
<div class="field"><label for="against-${run.id}">Compare run “${run.label}” with</label>
<select id="against-${run.id}" name="against">${options}</select></div>
<button type="submit" class="secondary">Compare</button></form>`;
}

/** A run under way: its answers so far and the families waiting for provider quota. */
function progressPart(progress: GetRunResponse['progress']): Html {
  if (!progress) return html``;
  const planned = progress.planned === null ? '' : ` of ${progress.planned}`;
  return html`<div role="status"><p>${progress.asked}${planned} answers asked, ${progress.judged} judged (reload the page to see it move on).</p>${quotaWaitsPart(progress.quota_waits)}</div>`;
}

function backLink(detail: CaseDetail): Html {
  return html`<p><a href="${DASHBOARD_PATHS.case(detail.id)}">← ${detail.name}</a></p>`;
}

export function runPage(view: RunPageView): Html {
  const { detail, read } = view;
  const run = read.run;
  const body = read.summary
    ? summarySection({
        detail,
        run: { id: run.id, label: run.label, kind: run.kind, finished_at: run.finished_at ?? '' },
        summary: read.summary,
        history: view.history,
        heading: 'Summary of this run',
        viewer: view.viewer,
      })
    : html`<p>This run is ${run.status}${run.error ? html`: ${run.error}` : ''}. A summary appears once a run is done.</p>${progressPart(read.progress)}`;
  return dashboardLayout({
    title: `${detail.name}: run ${run.label}`,
    section: 'cases',
    viewer: view.viewer,
    body: html`${backLink(detail)}
<h1>${detail.name}: run “${run.label}”</h1>
${notice(view.notice)}
<p>${badge(run.status)} ${run.kind} run, started ${timeTag(run.scheduled_for)}, finished ${timeTag(run.finished_at)}.</p>
${compareForm(detail.id, run, view.runs)}
${body}`,
  });
}

interface CompareView {
  viewer: Viewer;
  detail: CaseDetail;
  runs: readonly RunView[];
  current: GetRunResponse;
  other: GetRunResponse;
  delta: SummaryDelta | null;
}

const signed = (value: number) => (value > 0 ? `+${value}` : String(value));
const pointsText = (value: number) => {
  const change = Math.round(value * 100);
  return `${signed(change)} ${Math.abs(change) === 1 ? 'point' : 'points'}`;
};

function compareRows(a: Summary, b: Summary, delta: SummaryDelta): Html[] {
  const rangeA = scoreRange(a.intervals.dimensions);
  const rangeB = scoreRange(b.intervals.dimensions);
  const row: Row = (name, older, newer, change) =>
    html`<tr><th scope="row">${name}</th><td class="num">${older}</td><td class="num">${newer}</td><td class="num">${change}</td></tr>`;
  const rows = [
    row(
      'Total score',
      html`${b.total_score} <span class="muted">(${rangeB.lower}–${rangeB.upper})</span>`,
      html`${a.total_score} <span class="muted">(${rangeA.lower}–${rangeA.upper})</span>`,
      signed(delta.total_score),
    ),
  ];
  for (const key of ['visibility', 'accuracy', 'sentiment'] as const) {
    const ia = a.intervals.dimensions[key];
    const ib = b.intervals.dimensions[key];
    rows.push(
      row(
        key[0]?.toUpperCase() + key.slice(1),
        html`${percent(b.dimensions[key])} <span class="muted">(${percent(ib.lower)}–${percent(ib.upper)}, n ${ib.n})</span>`,
        html`${percent(a.dimensions[key])} <span class="muted">(${percent(ia.lower)}–${percent(ia.upper)}, n ${ia.n})</span>`,
        delta.dimensions ? pointsText(delta.dimensions[key]) : '–',
      ),
    );
  }
  rows.push(...shareRows(a, b, row));
  const families = new Set([...Object.keys(a.per_model), ...Object.keys(b.per_model)]);
  for (const family of families) {
    const key = family as keyof typeof a.per_model;
    const change = delta.per_model[key];
    rows.push(
      row(
        html`${FAMILY_NAMES[family] ?? family} score`,
        String(b.per_model[key] ?? '–'),
        String(a.per_model[key] ?? '–'),
        change === undefined ? '–' : signed(change),
      ),
    );
  }
  return rows;
}

type Row = (
  name: Html | string,
  older: Html | string,
  newer: Html | string,
  change: string,
) => Html;

/**
 * Share of answer of every name either run tracked: its share with the namings behind it (its
 * own denominator in each run), and the change where both runs tracked it.
 */
function shareRows(a: Summary, b: Summary, row: Row): Html[] {
  const key = (name: string) => name.normalize('NFKC').toLowerCase();
  const older = new Map(b.share_of_answer.map((entry) => [key(entry.name), entry]));
  const newer = new Map(a.share_of_answer.map((entry) => [key(entry.name), entry]));
  // The brand first, then every other name either run tracked.
  const self = [...newer.values(), ...older.values()].find((entry) => entry.is_self);
  const names = [...new Set([...newer.keys(), ...older.keys()])].sort(
    (x, y) => Number(y === key(self?.name ?? '')) - Number(x === key(self?.name ?? '')),
  );
  const cell = (entry: Summary['share_of_answer'][number] | undefined) =>
    entry
      ? html`${percent(entry.share)} <span class="muted">(${entry.judge_mentions} of ${entry.total})</span>`
      : html`<span class="muted">not tracked</span>`;
  return names.map((name) => {
    const before = older.get(name);
    const after = newer.get(name);
    const label = (after ?? before)?.name ?? name;
    const change = before && after ? pointsText(after.share - before.share) : '–';
    return row(html`Share of answer: ${label}`, cell(before), cell(after), change);
  });
}

export function comparePage(view: CompareView): Html {
  const { detail, current, other, delta } = view;
  const a = current.summary;
  const b = other.summary;
  const heading = `Run “${current.run.label}” against run “${other.run.label}”`;
  const content =
    a && b && delta
      ? html`${comparabilityText(delta)}
${tableRegion(
  'Comparison',
  html`<table><thead><tr><th scope="col">Measure</th><th scope="col" class="num">${other.run.label}<br><span class="muted small">${humanDate(other.run.finished_at)}</span></th><th scope="col" class="num">${current.run.label}<br><span class="muted small">${humanDate(current.run.finished_at)}</span></th><th scope="col" class="num">Change</th></tr></thead><tbody>${compareRows(a, b, delta)}</tbody></table>`,
)}
<p class="muted">In brackets: the 95% interval of each rate and the number of answers, claims or mentions behind it (scores: the range from the dimensions’ intervals). Each rate is compared over its own denominator in both runs.</p>`
      : html`<p>Both runs must be done to be compared.</p>`;
  return dashboardLayout({
    title: `${detail.name}: compare runs`,
    section: 'cases',
    viewer: view.viewer,
    body: html`${backLink(detail)}
<h1>${heading}</h1>
<p><a href="${DASHBOARD_PATHS.caseRun(detail.id, current.run.id)}">Run “${current.run.label}”</a> (${timeTag(current.run.finished_at)}) · <a href="${DASHBOARD_PATHS.caseRun(detail.id, other.run.id)}">run “${other.run.label}”</a> (${timeTag(other.run.finished_at)})</p>
${content}
${compareForm(detail.id, current.run, view.runs)}`,
  });
}
