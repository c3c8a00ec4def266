/**
 * One case: its facts, starting a run, the runs with their status (each opens its own page), the
 * latest summary with its changes and their causes, the canaries per family, the fixes of the
 * brand's site with their verdicts, comparing runs, and archiving the case (after a confirmation).
 */

import type { FixView } from '#shared/domain/monitor/fix-schemas';
import type { CasePromptsResponse } from '#shared/domain/monitor/prompt-schemas';
import type { RunProgress } from '#shared/domain/monitor/run-progress';
import type { CaseDetail, CaseSummaryResponse, RunView } from '#shared/domain/monitor/schemas';
import type { FormState } from '#shared/surfaces/dashboard/form-kit/form';
import { formErrorBox, formInput } from '#shared/surfaces/dashboard/form-kit/render';
import { RUN_FORM } from '#shared/surfaces/dashboard/forms-monitor';
import { DASHBOARD_PATHS } from '#shared/surfaces/dashboard/paths';
import { type Html, html } from '#shared/surfaces/http/html';
import { type CitedPagesView, citedPagesSection } from './case-cited-pages.ts';
import { type CanaryPoint, canaryPanel, fixesTimeline } from './case-loop.ts';
import { type ScorePoint, summarySection } from './case-summary.ts';
import { caseTabs } from './case-tabs.ts';
import { badge, notice, tableRegion, timeTag } from './components.ts';
import { csrfField, dashboardLayout, type Viewer, viewerCan } from './layout.ts';
import { promptsSection } from './prompts-page.ts';
import { compareForm } from './run-page.ts';

export interface CaseView {
  viewer: Viewer;
  detail: CaseDetail;
  runs: readonly RunView[];
  summary: CaseSummaryResponse | null;
  history: readonly ScorePoint[];
  /** The finished runs' canaries, oldest first. */
  canaries: readonly CanaryPoint[];
  /** The fixes of the brand's site; null when they could not be read. */
  fixes: readonly FixView[] | null;
  /** What the next run asks (`get_case_prompts`). */
  prompts: CasePromptsResponse;
  notice?: string | undefined;
  /** The run form as sent and its refusal, when it came back. */
  runForm?: FormState | undefined;
  /** The brand's pages the latest run cites, with the agents' last fetches. */
  citedPages?: CitedPagesView | undefined;
  /** How far the run under way has got. */
  progress?: (RunProgress & { run: RunView }) | undefined;
}

const PHASES: Record<RunProgress['phase'], string> = {
  queued: 'Queued: the run starts in a moment',
  asking: 'Asking the models',
  judging: 'Judging the answers',
  summarising: 'Every answer is in; the scores are being computed',
};

/** "Asking the models: 312 of 744 answers so far; 120 judged", with a progress bar. */
function progressOf(view: CaseView): Html {
  const progress = view.progress;
  if (!progress) {
    return html`<p role="status">A run is under way: models are being asked now. This part updates by itself (or reload the page).</p>`;
  }
  const phase = PHASES[progress.phase];
  const control =
    progress.canaries > 0 ? ` (${progress.canaries} of them to the control questions)` : '';
  const counts =
    progress.phase === 'asking' || progress.phase === 'judging'
      ? `: ${progress.asked}${progress.planned === null ? '' : ` of ${progress.planned}${control}`} answers asked, ${progress.judged} judged`
      : '';
  const bar =
    progress.planned !== null
      ? html`<label class="sr-only" for="run-bar">Answers asked</label><progress id="run-bar" max="${progress.planned}" value="${progress.asked}">${progress.asked} of ${progress.planned}</progress>`
      : '';
  return html`<div role="status"><p>Run “${progress.run.label}”: ${phase}${counts}. This part updates by itself (or reload the page).</p>${bar}</div>`;
}

function facts(detail: CaseDetail): Html {
  const competitors = detail.competitor_profiles
    .map((competitor) =>
      competitor.domain ? `${competitor.name} (${competitor.domain})` : competitor.name,
    )
    .join(', ');
  const factRows = Object.entries(detail.fact_sheet).map(
    ([key, value]) => html`<tr><th scope="row">${key}</th><td>${value}</td></tr>`,
  );
  return html`<dl class="facts">
<div><dt><strong>Domain</strong></dt><dd>${detail.domain}</dd></div>
<div><dt><strong>Category</strong></dt><dd>${detail.category}</dd></div>
<div><dt><strong>Competitors</strong></dt><dd>${competitors || '–'}</dd></div>
<div><dt><strong>Other names</strong></dt><dd>${detail.aliases.join(', ') || '–'}</dd></div>
<div><dt><strong>Languages, region</strong></dt><dd>${detail.languages.join(', ')}${detail.region ? html`, ${detail.region}` : ''}</dd></div>
<div><dt><strong>Status</strong></dt><dd>${badge(detail.status)}</dd></div>
</dl>
${factRows.length ? html`<details><summary>Fact sheet (${Object.keys(detail.fact_sheet).length})</summary>${tableRegion('Fact sheet', html`<table><tbody>${factRows}</tbody></table>`)}</details>` : ''}`;
}

/** What the live region says once no run is open: the latest run's end state, not "Finished." */
function runDoneText(runs: CaseView['runs']): string {
  const latest = [...runs].sort((a, b) => b.scheduled_for.localeCompare(a.scheduled_for))[0];
  if (!latest) return 'No run is under way.';
  const score = latest.total_score === null ? '' : `, score ${latest.total_score}`;
  return `Run ${latest.label} ${latest.status}${score}.`;
}

/** The runs the case page lists at most (newest first). */
export const CASE_PAGE_RUNS = 24;

/**
 * A run's change against the run before, or "first run" for the case's first finished run (the
 * API says 0 there): the oldest finished run of a list that holds every run of the case.
 */
function changeText(run: RunView, runs: readonly RunView[]): string {
  if (run.delta === null) return '–';
  const oldest = runs.filter((other) => other.status === 'done').at(-1);
  if (oldest?.id === run.id && runs.length < CASE_PAGE_RUNS) return 'first run';
  return run.delta > 0 ? `+${run.delta}` : String(run.delta);
}

function runsSection(view: CaseView): Html {
  const open = isOpen(view);
  const poll = open
    ? html` data-poll="3" data-poll-src="${DASHBOARD_PATHS.case(view.detail.id)}"`
    : '';
  const rows = view.runs.map(
    (run) =>
      html`<tr><td><a href="${DASHBOARD_PATHS.caseRun(view.detail.id, run.id)}">${run.label}</a></td><td>${run.kind}</td><td>${badge(run.status)}</td><td>${timeTag(run.scheduled_for)}</td><td>${timeTag(run.finished_at)}</td><td class="num">${run.total_score ?? '–'}</td><td class="num">${changeText(run, view.runs)}</td><td>${run.error ?? ''}</td></tr>`,
  );
  const table = view.runs.length
    ? tableRegion(
        'Runs',
        html`<table><thead><tr><th scope="col">Run</th><th scope="col">Kind</th><th scope="col">Status</th><th scope="col">Started</th><th scope="col">Finished</th><th scope="col" class="num">Score</th><th scope="col" class="num">Change</th><th scope="col">Error</th></tr></thead><tbody>${rows}</tbody></table>`,
      )
    : html`<p>No runs yet.</p>`;
  return html`<section id="case-runs" data-live${poll} data-done-text="${runDoneText(view.runs)}">
<h2>Runs</h2>
${table}</section>`;
}

const isOpen = (view: CaseView) =>
  view.runs.some((run) => run.status === 'queued' || run.status === 'running');

/**
 * The run under way, at the top of the page, right under "Start a run" (issue 36 point 6);
 * refreshed with the runs while it lasts, empty once none is.
 */
function runNow(view: CaseView): Html {
  return html`<section id="case-run-now" data-live aria-label="Run under way">${isOpen(view) ? progressOf(view) : ''}</section>`;
}

/** Starting a run; while one is pending the button is off and says why (one run at a time). */
function runForm(view: CaseView): Html {
  if (!viewerCan(view.viewer, 'monitor:write')) return html``;
  if (view.detail.status === 'archived') {
    return html`<p class="notice">This case is archived: runs do not start for it. Restore it below to measure again.</p>`;
  }
  const pending = isOpen(view);
  return html`<form class="actions" id="case-run-form" data-live method="post" action="${DASHBOARD_PATHS.caseRuns(view.detail.id)}">
${csrfField(view.viewer)}
${formInput(RUN_FORM, view.runForm, 'label', { hint: 'Default: today’s date' })}
<button type="submit"${pending ? html` disabled aria-describedby="run-pending"` : ''}>Start a run</button>
${pending ? html`<span class="muted" id="run-pending">A run is under way: the next can start when it has finished.</span>` : html`<span class="muted">Manual runs need the Pro plan; one run at a time per case.</span>`}
</form>`;
}

function latestSummary(view: CaseView): Html {
  if (!view.summary) {
    return html`<h2>Summary</h2><p>No run of ${view.detail.name} has finished yet: the summary appears when the first run is done.</p>`;
  }
  const latest = view.runs.find((run) => run.id === view.summary?.run.id);
  return html`${latest ? compareForm(view.detail.id, latest, view.runs) : ''}${summarySection({
    detail: view.detail,
    run: view.summary.run,
    summary: view.summary.summary,
    history: view.history,
    heading: 'Summary of the latest run',
    viewer: view.viewer,
  })}`;
}

/** Archiving asks first: the button sits inside a disclosure that says what it does. */
function statusForm(view: CaseView): Html {
  if (!viewerCan(view.viewer, 'monitor:write')) return html``;
  const action = DASHBOARD_PATHS.caseStatus(view.detail.id);
  if (view.detail.status === 'archived') {
    return html`<form method="post" action="${action}">${csrfField(view.viewer)}<input type="hidden" name="status" value="active"><button type="submit" class="secondary">Restore this case</button></form>`;
  }
  return html`<details class="confirm"><summary>Archive this case…</summary>
<p>An archived case is not measured any more: no monthly run, no manual run. Its runs, answers and summaries stay readable, and you can restore it at any time.</p>
<form method="post" action="${action}">${csrfField(view.viewer)}<input type="hidden" name="status" value="archived"><button type="submit" class="danger">Yes, archive ${view.detail.name}</button></form></details>`;
}

export function casePage(view: CaseView): Html {
  const detail = view.detail;
  return dashboardLayout({
    title: detail.name,
    section: 'cases',
    viewer: view.viewer,
    replaceUrl: DASHBOARD_PATHS.case(detail.id),
    body: html`<p><a href="${DASHBOARD_PATHS.cases}">← All cases</a></p>
<h1>${detail.name}</h1>
${caseTabs(detail.id, 'case')}
${notice(view.notice)}${formErrorBox(RUN_FORM, view.runForm)}
${viewerCan(view.viewer, 'monitor:write') && html`<p class="actions"><a class="button secondary" href="${DASHBOARD_PATHS.editCase(detail.id)}">Edit case</a></p>`}
${facts(detail)}
${runForm(view)}
${runNow(view)}
<section id="case-summary" data-live>${latestSummary(view)}</section>
${citedPagesSection(view.citedPages)}
${canaryPanel(view.canaries)}
${fixesTimeline(view.fixes, detail.id)}
${runsSection(view)}
${promptsSection(detail, view.prompts)}
<h2>Archive</h2>
${statusForm(view)}`,
  });
}
