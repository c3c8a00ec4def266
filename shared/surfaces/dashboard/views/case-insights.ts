/**
 * The words around a summary's charts (docs/dashboard.md "Case pages"): what the prompt blocks
 * are (docs/monitor.md "Prompt blocks"), the change against another run with its `comparable`
 * flag and model changes, the gaps, the readiness gaps with links to the scans, the brands the
 * answers recommend that the case does not track (each with "Track this competitor"), the web
 * searches the models ran, the models they served and how the numbers were made.
 */

import { SCORE_WEIGHTS } from '#shared/domain/monitor/engine/aggregate';
import type { CaseDetail, CaseSummaryResponse } from '#shared/domain/monitor/schemas';
import { DASHBOARD_PATHS } from '#shared/surfaces/dashboard/paths';
import { type Html, html, joinHtml } from '#shared/surfaces/http/html';
import { percent, tableRegion } from './components.ts';
import { csrfField, type Viewer } from './layout.ts';

type Summary = CaseSummaryResponse['summary'];
type Interval = { lower: number; upper: number; n: number };

export interface SummaryLinks {
  /** The drill-down page of this run with these filters (`format` makes it an export). */
  answers(filters: Record<string, string>): string;
  caseId: string;
  runId: string;
}

const FAMILY: Record<string, string> = {
  openai: 'OpenAI',
  anthropic: 'Anthropic',
  perplexity: 'Perplexity',
  google: 'Google',
};
const familyName = (family: string) => FAMILY[family] ?? family;
const signed = (value: number) => (value > 0 ? `+${value}` : String(value));

/**
 * The score (docs/monitor.md "Dimensions and score") with every dimension at the low, then the
 * high end of its 95% interval: a conservative range, since the score itself is no rate.
 */
export function scoreRange(intervals: {
  visibility: Interval;
  accuracy: Interval;
  sentiment: Interval;
}): { lower: number; upper: number } {
  let weights = 0;
  let lower = 0;
  let upper = 0;
  for (const key of ['visibility', 'accuracy', 'sentiment'] as const) {
    const interval = intervals[key];
    if (interval.n === 0) continue;
    weights += SCORE_WEIGHTS[key];
    lower += SCORE_WEIGHTS[key] * interval.lower;
    upper += SCORE_WEIGHTS[key] * interval.upper;
  }
  if (weights === 0) return { lower: 0, upper: 0 };
  return { lower: Math.round((100 * lower) / weights), upper: Math.round((100 * upper) / weights) };
}

export const BLOCKS = {
  A: ['Unbranded discovery', 'questions that do not name the brand (“which tools do X?”)'],
  B: ['Brand facts', 'questions about the brand, checked against the fact sheet'],
  C: ['Comparisons', 'the brand against each tracked competitor'],
  D: ['Use cases', 'questions about the jobs the brand is used for'],
} as const;

export function blocksExplained(): Html {
  return html`<details class="blocks"><summary>What the prompt blocks A to D are</summary><dl>${Object.entries(
    BLOCKS,
  ).map(
    ([block, [name, text]]) =>
      html`<div><dt><strong>${block}: ${name}</strong></dt><dd>${text}</dd></div>`,
  )}</dl><p>Visibility and share of answer count unbranded answers only: a question that names the brand cannot tell whether a model would have named it.</p></details>`;
}

/** Why a difference between two runs may not be the brand's doing, in words. */
export function comparabilityText(delta: Summary['delta']): Html {
  const differences = delta.differences ?? [];
  let verdict: Html;
  if (delta.comparable) {
    verdict = html`<p class="muted">Comparable: both runs asked the same prompts, tracked the same competitors, counted the same model families and scored them the same way.</p>`;
  } else if (differences.length > 0) {
    verdict = html`<div class="caution" role="note"><p><strong>Not comparable</strong>: the runs measured different things, so read the change as a new baseline, not a trend.</p><ul>${differences.map((d) => html`<li>${d.text}</li>`)}</ul></div>`;
  } else {
    verdict = html`<p class="muted">Not comparable: the two runs asked different prompts or scored them differently (the case or the method changed), so read the change as a new baseline, not a trend.</p>`;
  }
  const notes: string[] = [];
  for (const change of delta.model_changes ?? []) {
    notes.push(
      `${familyName(change.family)} served other models (${change.previous_models.join(', ') || 'none'} before, ${change.models.join(', ')} now): its change may be the model's, not the brand's.`,
    );
  }
  const noise = delta.visibility_change;
  if (noise?.within_noise) {
    notes.push(
      `The change of visibility (${signed(Math.round(noise.difference * 100))} points, 95% interval ${Math.round(noise.lower * 100)} to ${Math.round(noise.upper * 100)}) is within noise.`,
    );
  }
  return html`${verdict}${notes.map((note) => html`<p class="muted">${note}</p>`)}`;
}

export function deltaCard(summary: Summary, links: SummaryLinks): Html {
  const delta = summary.delta;
  if (!delta.previous_run_id) {
    return html`<div class="card"><h3>Change</h3><p>First finished run: nothing to compare yet.</p></div>`;
  }
  const compare = DASHBOARD_PATHS.caseRun(links.caseId, links.runId, {
    against: delta.previous_run_id,
  });
  return html`<div class="card"><h3>Change since the run before</h3><p class="big">${signed(delta.total_score)}</p>
${comparabilityText(delta)}
<p><a href="${compare}">Compare the two runs</a></p></div>`;
}

function gaps(summary: Summary): Html {
  if (summary.top_gaps.length === 0) return html`<p>No gaps found in this run.</p>`;
  return html`<ol>${summary.top_gaps.map((gap) => html`<li>${gap}</li>`)}</ol>`;
}

interface ReadinessView {
  checks: { check: string; title: string; points_at_stake: number; passing_sites: string[] }[];
  statements: { text: string; points_at_stake: number; scan_url: string }[];
  brand: {
    domain: string;
    scan_id: string | null;
    score: number | null;
    status?: string;
    /** Why the brand's site could not be scanned (the scan's own error). */
    error?: string | null;
  };
  sites: { domain: string; scan_id: string | null; score: number | null; status: string }[];
  note: string | null;
}

/** `readiness_gaps`, when the run has it (docs/monitor.md; runs before it lack the field). */
function readinessOf(summary: Summary): ReadinessView | undefined {
  const value = (summary as { readiness_gaps?: unknown }).readiness_gaps;
  if (!value || typeof value !== 'object') return undefined;
  const view = value as Partial<ReadinessView>;
  if (!Array.isArray(view.checks) || !Array.isArray(view.statements) || !view.brand) {
    return undefined;
  }
  return { sites: [], note: null, ...view } as ReadinessView;
}

const scanLink = (scanId: string | null, text: string) =>
  scanId ? html`<a href="/scans/${encodeURIComponent(scanId)}">${text}</a>` : text;

/** Why there is nothing to compare; for an unreachable brand site, with the scan's reason. */
function readinessNote(gaps: ReadinessView): Html {
  const note = gaps.note ?? 'No check where a cited site passes and the brand fails.';
  const reason = gaps.brand.status === 'unreachable' && gaps.brand.error ? gaps.brand.error : '';
  return html`<p>${note}${reason ? html` <span class="muted">Reason: ${reason}</span>` : ''}</p>`;
}

function readinessGaps(summary: Summary): Html {
  const gaps = readinessOf(summary);
  if (!gaps) return html``;
  const statements = gaps.statements.length
    ? html`<ol>${gaps.statements.map((entry) => html`<li>${entry.text} <span class="muted">(${entry.points_at_stake} points at stake)</span> <a href="${entry.scan_url}">See the scan of ${gaps.brand.domain}</a></li>`)}</ol>`
    : readinessNote(gaps);
  const scans = new Map(gaps.sites.map((site) => [site.domain, site]));
  const rows = gaps.checks.map(
    (check) =>
      html`<tr><th scope="row">${check.title}</th><td class="num">${check.points_at_stake}</td><td>${joinHtml(
        check.passing_sites.map((site) => scanLink(scans.get(site)?.scan_id ?? null, site)),
        ', ',
      )}</td></tr>`,
  );
  return html`<h3>Agent readiness: where cited sites do better</h3>
<p>The sites the models cite where competitors win, scanned like the brand’s own site (${scanLink(gaps.brand.scan_id, `${gaps.brand.domain}${gaps.brand.score === null ? '' : `, score ${gaps.brand.score}`}`)}).</p>
${statements}
${rows.length ? tableRegion('Checks the brand fails that cited sites pass', html`<table><thead><tr><th scope="col">Check</th><th scope="col" class="num">Points at stake</th><th scope="col">Cited sites that pass</th></tr></thead><tbody>${rows}</tbody></table>`) : ''}`;
}

function discoveredBrands(
  summary: Summary,
  detail: CaseDetail,
  links: SummaryLinks,
  viewer: Viewer,
): Html {
  const brands = summary.discovered_brands;
  if (!brands) return html``;
  if (brands.length === 0) {
    return html`<h3>Brands the answers recommend that you do not track</h3><p>None in this run.</p>`;
  }
  const tracked = new Set(detail.competitor_profiles.map((c) => c.name.toLowerCase()));
  const rows = brands.map((brand, index) => {
    const action = tracked.has(brand.name.toLowerCase())
      ? html`<span class="muted">Tracked now</span>`
      : html`<form method="post" action="${DASHBOARD_PATHS.trackCompetitor(links.caseId)}">${csrfField(viewer)}<input type="hidden" name="name" value="${brand.name}"><input type="hidden" name="run_id" value="${links.runId}"><button type="submit" class="secondary" id="track-${index}" aria-label="Track this competitor: ${brand.name}">Track this competitor</button></form>`;
    return html`<tr><th scope="row">${brand.name}</th><td class="num">${brand.answers} of ${brand.share.n}</td><td class="num">${percent(brand.share.lower)} – ${percent(brand.share.upper)}</td><td>${brand.families.map(familyName).join(', ')}</td><td>${action}</td></tr>`;
  });
  return html`<h3>Brands the answers recommend that you do not track</h3>
<p>Named as options for ${detail.category} in judged answers. Tracking one adds it to the case’s competitors; the next run measures it.</p>
${tableRegion('Discovered brands', html`<table><thead><tr><th scope="col">Brand</th><th scope="col" class="num">Judged answers naming it</th><th scope="col" class="num">95% interval</th><th scope="col">Families</th><th scope="col">Action</th></tr></thead><tbody>${rows}</tbody></table>`)}`;
}

function searchQueries(summary: Summary): Html {
  const queries = summary.top_search_queries;
  if (!queries || queries.length === 0) return html``;
  const rows = queries.map(
    (entry) =>
      html`<tr><td>${entry.query}</td><td class="num">${entry.answers}</td><td>${entry.families.map(familyName).join(', ')}</td></tr>`,
  );
  return html`<h3>What the models searched the web for</h3>
${tableRegion('Web searches', html`<table><thead><tr><th scope="col">Query</th><th scope="col" class="num">Answers</th><th scope="col">Families</th></tr></thead><tbody>${rows}</tbody></table>`)}`;
}

function method(summary: Summary): Html {
  const judge = summary.judge;
  const served = Object.entries(summary.served_models ?? {})
    .map(([family, models]) => `${familyName(family)}: ${(models ?? []).join(', ')}`)
    .join('; ');
  return html`<details><summary>How these numbers were made</summary>
<ul>
<li>Score version ${summary.score_version}, prompt set <code>${summary.prompt_set_version}</code>.</li>
${served ? html`<li>Models served: ${served}.</li>` : ''}
<li>${summary.sources_meta.answers_total} answers, ${summary.sources_meta.answers_with_sources} with cited sources; own domain cited in ${percent(summary.own_citation_rate)} of those ${summary.sources_meta.answers_with_sources}.</li>
<li>Judge ${judge.version}: ${judge.judged_answers} answers judged, ${judge.unjudged_answers} measured deterministically only, ${judge.disagreements} mentions rejected.</li>
<li>${summary.usage.answer_calls + summary.usage.judge_calls} model calls, ${summary.usage.input_tokens + summary.usage.output_tokens} tokens, estimated cost $${summary.usage.estimated_cost_usd.toFixed(2)}.</li>
<li>Intervals are 95% Wilson intervals; a change inside them may be noise.</li>
</ul></details>`;
}

export function insightsSection(options: {
  summary: Summary;
  detail: CaseDetail;
  links: SummaryLinks;
  viewer: Viewer;
}): Html {
  const { summary, detail, links, viewer } = options;
  return html`<h3>Gaps: what answers get wrong or leave out</h3>
${gaps(summary)}
${readinessGaps(summary)}
${discoveredBrands(summary, detail, links, viewer)}
${searchQueries(summary)}
${method(summary)}`;
}
