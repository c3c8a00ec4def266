/**
 * The latest summary as pictures a person reads at a glance: score over time, score per model,
 * the three dimensions, share of answer against competitors and the most cited domains, every
 * rate with its 95% interval; then the gaps and how the numbers were made.
 */
import type { CaseDetail, CaseSummaryResponse, RunView } from '#shared/domain/monitor/schemas';
import { type Bar, barChart, lineChart } from './charts.ts';
import { escapeHtml, percent, timeTag } from './components.ts';

type Summary = CaseSummaryResponse['summary'];

const FAMILY_NAMES: Record<string, string> = {
  openai: 'OpenAI',
  anthropic: 'Anthropic',
  perplexity: 'Perplexity',
  google: 'Google',
};

const pct = (value: number) => percent(value);

function scoreOverTime(runs: readonly RunView[]): string {
  const points = runs
    .filter((run) => run.status === 'done' && run.total_score !== null)
    .slice()
    .reverse()
    .map((run) => ({ label: run.label, value: run.total_score as number }));
  if (points.length === 0) return '';
  const first = points[0]?.value;
  const last = points.at(-1)?.value;
  return lineChart({
    id: 'chart-score',
    title: 'Score over time',
    description:
      points.length === 1
        ? `One finished run so far, scoring ${last} of 100.`
        : `${points.length} finished runs; the score went from ${first} to ${last} of 100.`,
    points,
  });
}

function perModel(summary: Summary): string {
  const bars: Bar[] = Object.entries(summary.per_model).map(([family, score]) => ({
    label: FAMILY_NAMES[family] ?? family,
    value: score ?? 0,
  }));
  return barChart({
    id: 'chart-models',
    title: 'Score per model family',
    description: `Scores out of 100: ${bars.map((bar) => `${bar.label} ${bar.value}`).join(', ')}.`,
    bars,
    max: 100,
    format: (value) => String(Math.round(value)),
    valueLabel: 'Score',
  });
}

function dimensions(summary: Summary): string {
  const intervals = summary.intervals.dimensions;
  const names = { visibility: 'Visibility', accuracy: 'Accuracy', sentiment: 'Sentiment' } as const;
  const bars: Bar[] = (Object.keys(names) as (keyof typeof names)[]).map((key) => ({
    label: names[key],
    value: summary.dimensions[key],
    lower: intervals[key].lower,
    upper: intervals[key].upper,
  }));
  return barChart({
    id: 'chart-dimensions',
    title: 'Visibility, accuracy and sentiment',
    description: bars
      .map(
        (bar) =>
          `${bar.label} ${pct(bar.value)} (95% interval ${pct(bar.lower ?? 0)} to ${pct(bar.upper ?? 0)})`,
      )
      .join('; '),
    bars,
    max: 1,
    format: pct,
    valueLabel: 'Rate',
  });
}

function shareOfAnswer(summary: Summary): string {
  const bars: Bar[] = summary.share_of_answer.map((entry) => {
    const interval = summary.intervals.share_of_answer[entry.name];
    return {
      label: entry.name,
      value: entry.share,
      highlight: entry.is_self,
      ...(interval ? { lower: interval.lower, upper: interval.upper } : {}),
    };
  });
  const self = summary.share_of_answer.find((entry) => entry.is_self);
  return barChart({
    id: 'chart-share',
    title: 'Share of answer against competitors',
    description: `Of the brand mentions in unbranded answers, ${self ? `${self.name} has ${pct(self.share)}` : 'the brand has none'}; ${bars
      .filter((bar) => !bar.highlight)
      .map((bar) => `${bar.label} ${pct(bar.value)}`)
      .join(', ')}.`,
    bars,
    max: 1,
    format: pct,
    valueLabel: 'Share',
  });
}

function citedDomains(summary: Summary): string {
  const top = summary.top_cited_domains.slice(0, 10);
  if (top.length === 0) return '<p>No answer cited a source.</p>';
  const bars: Bar[] = top.map((domain) => {
    const interval = summary.intervals.top_cited_domains[domain.domain];
    return {
      label: domain.domain,
      ...(domain.competitor ? { note: domain.competitor } : {}),
      value: domain.share,
      highlight: domain.is_self,
      ...(interval ? { lower: interval.lower, upper: interval.upper } : {}),
    };
  });
  return barChart({
    id: 'chart-cited',
    title: 'Most cited domains',
    description: `Share of all citations: ${bars.map((bar) => `${bar.label}${bar.note ? ` (${bar.note})` : ''} ${pct(bar.value)}`).join(', ')}.`,
    bars,
    max: Math.max(0.05, ...bars.map((bar) => bar.upper ?? bar.value)),
    format: pct,
    valueLabel: 'Share of citations',
  });
}

function gaps(summary: Summary): string {
  if (summary.top_gaps.length === 0) return '<p>No gaps found in this run.</p>';
  return `<ol>${summary.top_gaps.map((gap) => `<li>${escapeHtml(gap)}</li>`).join('')}</ol>`;
}

function method(summary: Summary): string {
  const judge = summary.judge;
  return `<details><summary>How these numbers were made</summary>
<ul>
<li>Score version ${summary.score_version}, prompt set <code>${escapeHtml(summary.prompt_set_version)}</code>.</li>
<li>${summary.sources_meta.answers_total} answers, ${summary.sources_meta.answers_with_sources} with cited sources; own domain cited in ${pct(summary.own_citation_rate)} of those.</li>
<li>Judge ${escapeHtml(judge.version)}: ${judge.judged_answers} answers judged, ${judge.unjudged_answers} measured deterministically only, ${judge.disagreements} mentions rejected.</li>
<li>${summary.usage.answer_calls + summary.usage.judge_calls} model calls, ${summary.usage.input_tokens + summary.usage.output_tokens} tokens, estimated cost $${summary.usage.estimated_cost_usd.toFixed(2)}.</li>
<li>Intervals are 95% Wilson intervals; a change inside them may be noise.</li>
</ul></details>`;
}

export function summarySection(
  detail: CaseDetail,
  runs: readonly RunView[],
  response: CaseSummaryResponse | null,
): string {
  if (!response) {
    return `<h2>Summary</h2><p>No run of ${escapeHtml(detail.name)} has finished yet: the summary appears when the first run is done.</p>`;
  }
  const summary = response.summary;
  const delta = summary.delta.total_score;
  return `<h2>Summary of the latest run</h2>
<div class="cards"><div class="card"><h3>Total score</h3><p class="big">${summary.total_score}<span class="muted">/100</span></p>
<p>${summary.delta.previous_run_id ? `${delta > 0 ? '+' : ''}${delta} since the run before${summary.delta.comparable ? '' : ' (not comparable: prompts or score changed)'}` : 'First finished run'}</p>
<p class="muted">Run “${escapeHtml(response.run.label)}”, finished ${timeTag(response.run.finished_at)}.</p></div></div>
<p class="muted">Where a value has whiskers, they mark its 95% interval: with this many answers the true value lies in that range, so a change inside it may be noise.</p>
<div class="charts">${scoreOverTime(runs)}${shareOfAnswer(summary)}${perModel(summary)}${dimensions(summary)}${citedDomains(summary)}</div>
<h3>Gaps: what answers get wrong or leave out</h3>
${gaps(summary)}
${method(summary)}`;
}
