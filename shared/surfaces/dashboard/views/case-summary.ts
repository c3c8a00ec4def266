/**
 * A run's summary as pictures a person reads at a glance (docs/dashboard.md "Case pages"): score
 * over time, score per model family, the three dimensions, share of answer against competitors,
 * the cited domains and the kinds of sources, every value with its range as a whisker; bars open
 * the answers behind them. Then the gaps and the rest (`case-insights.ts`).
 */

import { wilson } from '#shared/domain/monitor/engine/statistics';
import type { CaseDetail, CaseSummaryResponse } from '#shared/domain/monitor/schemas';
import { DASHBOARD_PATHS } from '#shared/surfaces/dashboard/paths';
import { type Html, html } from '#shared/surfaces/http/html';
import {
  blocksExplained,
  deltaCard,
  insightsSection,
  type SummaryLinks,
  scoreRange,
} from './case-insights.ts';
import { changesSection } from './case-loop.ts';
import { type Bar, barChart, lineChart, type Point } from './charts.ts';
import { percent, timeTag } from './components.ts';
import type { Viewer } from './layout.ts';

type Summary = CaseSummaryResponse['summary'];

export const FAMILY_NAMES: Record<string, string> = {
  openai: 'OpenAI',
  anthropic: 'Anthropic',
  perplexity: 'Perplexity',
  google: 'Google',
};

const pct = (value: number) => percent(value);
const RANGE_NOTE =
  'Whiskers: the score when each dimension sits at the low or high end of its 95% interval.';

/** One point of the score line: a finished run and, when its summary was read, its range. */
export interface ScorePoint extends Point {}

function scoreOverTime(points: readonly ScorePoint[]): Html {
  if (points.length === 0) return html``;
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
    footnote: RANGE_NOTE,
  });
}

function perModel(summary: Summary, links: SummaryLinks): Html {
  const bars: Bar[] = Object.entries(summary.per_model).map(([family, score]) => {
    const intervals = summary.intervals.per_model[family as keyof typeof summary.per_model];
    const range = intervals ? scoreRange(intervals) : undefined;
    return {
      label: FAMILY_NAMES[family] ?? family,
      value: score ?? 0,
      ...(range ? { lower: range.lower, upper: range.upper } : {}),
      href: links.answers({ family }),
    };
  });
  return barChart({
    id: 'chart-models',
    title: 'Score per model family',
    description: `Scores out of 100: ${bars.map((bar) => `${bar.label} ${bar.value} (range ${bar.lower ?? bar.value} to ${bar.upper ?? bar.value})`).join(', ')}. Each bar opens that family's answers.`,
    bars,
    max: 100,
    format: (value) => String(Math.round(value)),
    valueLabel: 'Score',
    intervalLabel: 'Range',
    footnote: `${RANGE_NOTE} Each family's score is on its own answers.`,
  });
}

function dimensions(summary: Summary, links: SummaryLinks): Html {
  const intervals = summary.intervals.dimensions;
  const names = {
    visibility: ['Visibility', 'unbranded answers', { mentioned: 'true' }],
    accuracy: ['Accuracy', 'fact claims', { block: 'B' }],
    sentiment: ['Sentiment', 'rated mentions', { mentioned: 'true' }],
  } as const;
  const bars: Bar[] = (Object.keys(names) as (keyof typeof names)[]).map((key) => ({
    label: names[key][0],
    value: summary.dimensions[key],
    lower: intervals[key].lower,
    upper: intervals[key].upper,
    note: `over ${intervals[key].n} ${names[key][1]}`,
    href: links.answers(names[key][2]),
  }));
  return barChart({
    id: 'chart-dimensions',
    title: 'Visibility, accuracy and sentiment',
    description: bars
      .map(
        (bar) =>
          `${bar.label} ${pct(bar.value)} ${bar.note} (95% interval ${pct(bar.lower ?? 0)} to ${pct(bar.upper ?? 0)})`,
      )
      .join('; '),
    bars,
    max: 1,
    format: pct,
    valueLabel: 'Rate',
    footnote: `Visibility over ${intervals.visibility.n} unbranded answers, accuracy over ${intervals.accuracy.n} fact claims, sentiment over ${intervals.sentiment.n} rated mentions. Sentiment is the judge's rating of each mention from −2 (very negative) to +2 (very positive), drawn from 0% to 100%: 50% is neutral, ${sentimentWord(summary.dimensions.sentiment)} here.`,
  });
}

/** A sentiment dimension (the -2..2 rating mapped to 0..1) in words. */
function sentimentWord(value: number): string {
  if (value < 0.2) return 'very negative';
  if (value < 0.4) return 'negative';
  if (value <= 0.6) return 'neutral';
  if (value <= 0.8) return 'positive';
  return 'very positive';
}

function shareOfAnswer(summary: Summary, links: SummaryLinks): Html {
  const total = summary.share_of_answer[0]?.total ?? 0;
  const bars: Bar[] = summary.share_of_answer.map((entry) => {
    const interval = summary.intervals.share_of_answer[entry.name];
    return {
      label: entry.name,
      value: entry.share,
      highlight: entry.is_self,
      note: `${entry.judge_mentions} of ${total}`,
      ...(interval ? { lower: interval.lower, upper: interval.upper } : {}),
      // `entity` keeps exactly the answers behind `judge_mentions` (unbranded, counted).
      href: links.answers({ entity: entry.name }),
    };
  });
  const self = summary.share_of_answer.find((entry) => entry.is_self);
  return barChart({
    id: 'chart-share',
    title: 'Share of answer against competitors',
    description: `Of ${total} brand namings in unbranded answers, ${self ? `${self.name} has ${pct(self.share)}` : 'the brand has none'}; ${bars
      .filter((bar) => !bar.highlight)
      .map((bar) => `${bar.label} ${pct(bar.value)}`)
      .join(', ')}. Each bar opens the answers behind it.`,
    bars,
    max: 1,
    format: pct,
    valueLabel: 'Share',
    footnote: `Every bar is a share of the same ${total} namings (the brand and its competitors in unbranded answers).`,
  });
}

function citedDomains(summary: Summary, links: SummaryLinks): Html {
  const top = summary.top_cited_domains.slice(0, 10);
  if (top.length === 0) return html`<p>No answer cited a source.</p>`;
  const bars: Bar[] = top.map((domain) => {
    const interval = summary.intervals.top_cited_domains[domain.domain];
    return {
      label: domain.domain,
      ...(domain.competitor ? { note: domain.competitor } : {}),
      value: domain.share,
      highlight: domain.is_self,
      ...(interval ? { lower: interval.lower, upper: interval.upper } : {}),
      href: links.answers({ cited_domain: domain.domain }),
    };
  });
  const all = summary.citation_categories?.reduce((sum, entry) => sum + entry.citations, 0);
  return barChart({
    id: 'chart-cited',
    title: 'Most cited domains',
    description: `Share of all citations: ${bars.map((bar) => `${bar.label}${bar.note ? ` (${bar.note})` : ''} ${pct(bar.value)}`).join(', ')}. Each bar opens the answers behind it.`,
    bars,
    max: Math.max(0.05, ...bars.map((bar) => bar.upper ?? bar.value)),
    format: pct,
    valueLabel: 'Share of citations',
    footnote: `Every bar is a share of all ${all ?? ''} cited links of the run.`.replace('  ', ' '),
  });
}

export const CATEGORY_NAMES: Record<string, string> = {
  own: 'The brand’s own site',
  competitor: 'Competitors’ sites',
  reference: 'Reference (encyclopaedias, standards)',
  review_comparison: 'Reviews and comparisons',
  forum_community: 'Forums and communities',
  news_media: 'News and media',
  other: 'Other sites',
};

function citationCategories(summary: Summary, links: SummaryLinks): Html {
  const categories = summary.citation_categories;
  if (!categories || categories.length === 0) return html``;
  const total = categories.reduce((sum, entry) => sum + entry.citations, 0);
  if (total === 0) return html``;
  const bars: Bar[] = categories.map((entry) => {
    const interval = wilson(entry.citations, total);
    return {
      label: CATEGORY_NAMES[entry.category] ?? entry.category,
      value: entry.share,
      highlight: entry.category === 'own',
      note: `${entry.citations} of ${total}`,
      lower: interval.lower,
      upper: interval.upper,
      href: links.answers({ citation_category: entry.category }),
    };
  });
  return barChart({
    id: 'chart-categories',
    title: 'Kinds of sites cited',
    description: `Of ${total} cited links: ${bars.map((bar) => `${bar.label} ${pct(bar.value)}`).join(', ')}. Each bar opens the answers behind it.`,
    bars,
    max: Math.max(0.05, ...bars.map((bar) => bar.upper ?? bar.value)),
    format: pct,
    valueLabel: 'Share of citations',
    footnote: `Every bar is a share of the same ${total} cited links; links a search only retrieved are not counted.`,
  });
}

export interface SummaryOptions {
  detail: CaseDetail;
  run: CaseSummaryResponse['run'];
  summary: Summary;
  history: readonly ScorePoint[];
  /** "latest": the case page; "run": the page of one picked run. */
  heading: string;
  viewer: Viewer;
}

export function summarySection(options: SummaryOptions): Html {
  const { summary, detail, run } = options;
  const links: SummaryLinks = {
    answers: (filters) => DASHBOARD_PATHS.runAnswers(detail.id, run.id, filters),
    caseId: detail.id,
    runId: run.id,
  };
  const range = scoreRange(summary.intervals.dimensions);
  return html`<h2>${options.heading}</h2>
<div class="cards"><div class="card"><h3>Total score</h3><p class="big">${summary.total_score}<span class="muted">/100</span></p>
<p class="muted">Range ${range.lower} to ${range.upper}.</p>
<p class="muted">Run “${run.label}”, finished ${timeTag(run.finished_at)}.</p></div>
${deltaCard(summary, links)}</div>
${changesSection(summary.changes)}
<p class="actions"><a class="button secondary" href="${links.answers({})}">All answers of this run</a>
<a class="button secondary" href="${links.answers({ format: 'csv' })}" download>Export answers (CSV)</a>
<a class="button secondary" href="${links.answers({ format: 'jsonl' })}" download>Export answers (JSON Lines)</a></p>
${blocksExplained()}
<p class="muted">Where a value has whiskers, they mark its 95% interval: with this many answers the true value lies in that range, so a change inside it may be noise. A bar that is a link opens the answers behind it.</p>
<div class="charts">${scoreOverTime(options.history)}${shareOfAnswer(summary, links)}${perModel(summary, links)}${dimensions(summary, links)}${citedDomains(summary, links)}${citationCategories(summary, links)}</div>
${insightsSection({ summary, detail, links, viewer: options.viewer })}`;
}
