/**
 * The answers behind a run's numbers (docs/dashboard.md "Case pages"): a prompt-by-model grid
 * (each cell: answers naming the brand of answers asked), filters, and each answer with its text,
 * citations (cited or only retrieved, with their category), the judge's verdicts, the mentions
 * with their quotes and the web searches the model ran; exports of the same selection.
 */

import type { IndexedAnswer } from '#shared/domain/monitor/ports';
import type { AnswerView } from '#shared/domain/monitor/run-schemas';
import type { CaseDetail, RunView } from '#shared/domain/monitor/schemas';
import { DASHBOARD_PATHS } from '#shared/surfaces/dashboard/paths';
import { type Html, html } from '#shared/surfaces/http/html';
import { BLOCKS } from './case-insights.ts';
import { CATEGORY_NAMES, FAMILY_NAMES } from './case-summary.ts';
import { fieldMessage, tableRegion } from './components.ts';
import { dashboardLayout, type Viewer } from './layout.ts';

const FAMILIES = ['openai', 'anthropic', 'perplexity', 'google'] as const;
const name = (family: string) => FAMILY_NAMES[family] ?? family;

/** Where the page stands in the answers the filters keep. */
export interface AnswersPaging {
  /** 1-based page number, and how many pages there are. */
  page: number;
  pages: number;
  /** Index of the page's first answer among those kept, and how many are kept. */
  from: number;
  total: number;
  /** Answers in the run. */
  of: number;
  /** Answers per page. */
  size: number;
}

interface AnswersView {
  viewer: Viewer;
  detail: CaseDetail;
  run: RunView;
  /** Every answer of the run as the index keeps it, and each prompt's text. */
  grid: { entries: readonly IndexedAnswer[]; prompts: Readonly<Record<string, string>> };
  answers: readonly AnswerView[];
  paging: AnswersPaging;
  filters: Record<string, string>;
  /** Filters of the address the list does not take, each with its message (answer-filters.ts). */
  refused?: Readonly<Record<string, string>>;
}

interface GridRow {
  promptId: string;
  cells: Map<string, { hits: number; total: number }>;
}

/** Answers naming the brand, of all answers, per prompt and family: one pass over the run. */
function gridRows(entries: readonly IndexedAnswer[]): GridRow[] {
  const rows = new Map<string, GridRow>();
  for (const entry of entries) {
    let row = rows.get(entry.prompt_id);
    if (!row) {
      row = { promptId: entry.prompt_id, cells: new Map() };
      rows.set(entry.prompt_id, row);
    }
    const cell = row.cells.get(entry.family) ?? { hits: 0, total: 0 };
    cell.total += 1;
    if (entry.mentioned) cell.hits += 1;
    row.cells.set(entry.family, cell);
  }
  return [...rows.values()].sort((a, b) => a.promptId.localeCompare(b.promptId));
}

function grid(view: AnswersView): Html {
  const { entries } = view.grid;
  const families = FAMILIES.filter((family) => entries.some((a) => a.family === family));
  const prompts = gridRows(entries);
  if (prompts.length === 0)
    return html`<p>This run has no stored answers (they may have been deleted).</p>`;
  const link = (filters: Record<string, string>) =>
    DASHBOARD_PATHS.runAnswers(view.detail.id, view.run.id, filters);
  const rows = prompts.map(({ promptId, cells }) => {
    const row = families.map((family) => {
      const cell = cells.get(family);
      if (!cell) return html`<td class="num">–</td>`;
      const label = `${cell.hits} of ${cell.total}`;
      return html`<td class="num${cell.hits > 0 ? ' hit' : ''}"><a href="${link({ prompt_id: promptId, family })}" aria-label="${`${promptId}, ${name(family)}: ${label} answers name the brand`}">${label}</a></td>`;
    });
    return html`<tr><th scope="row"><a href="${link({ prompt_id: promptId })}">${promptId}</a> <span class="muted">${view.grid.prompts[promptId] ?? ''}</span></th>${row}</tr>`;
  });
  const head = families.map(
    (family) =>
      html`<th scope="col" class="num"><a href="${link({ family })}">${name(family)}</a></th>`,
  );
  return html`<h2>Prompts by model</h2>
<p>Each cell: answers naming the brand, of the answers to that prompt from that family (both modes, every repeat). A cell opens those answers.</p>
${tableRegion('Prompts by model', html`<table class="grid"><thead><tr><th scope="col">Prompt</th>${head}</tr></thead><tbody>${rows}</tbody></table>`, 'answer-grid')}`;
}

function select(
  id: string,
  label: string,
  field: string,
  options: [string, string][],
  current?: string,
  error?: string,
) {
  const items = options.map(
    ([value, text]) =>
      html`<option value="${value}"${current === value ? ' selected' : ''}>${text}</option>`,
  );
  const invalid = error ? html` aria-invalid="true" aria-describedby="${id}-error"` : '';
  return html`<div class="field${error ? ' invalid' : ''}"><label for="${id}">${label}</label>${fieldMessage(id, error)}<select id="${id}" name="${field}"${invalid}><option value="">Any</option>${items}</select></div>`;
}

/** The filters of the address that are no control of the form, refused: said above it. */
function refusedElsewhere(refused: Readonly<Record<string, string>>): Html {
  const shown = new Set(['family', 'block', 'mode', 'mentioned', 'citation_category']);
  const rest = Object.entries(refused).filter(([name]) => !shown.has(name));
  if (rest.length === 0) return html``;
  return html`<div class="error" role="alert" id="refused-filters"><p>Left out of this selection:</p><ul>${rest.map(([name, message]) => html`<li>${ADDRESS_FILTERS[name] ?? name}: ${message}</li>`)}</ul></div>`;
}

/** The filters only a link sets (no control of the form), named as a reader knows them. */
const ADDRESS_FILTERS: Readonly<Record<string, string>> = {
  prompt_id: 'The prompt asked',
  entity: 'The brand or competitor counted',
  cited_domain: 'The cited domain',
};

const hidden = (field: string, value: string | undefined) =>
  value ? html`<input type="hidden" name="${field}" value="${value}">` : '';

/** Each active filter in words, in the order the form lists them. */
const FILTER_WORDS: [string, (value: string) => string][] = [
  ['family', (v) => `answered by ${name(v)}`],
  [
    'block',
    (v) =>
      `in block ${v}${Object.hasOwn(BLOCKS, v) ? ` (${BLOCKS[v as keyof typeof BLOCKS][0]})` : ''}`,
  ],
  ['mode', (v) => (v === 'online' ? 'with web search' : 'without web search')],
  ['mentioned', (v) => (v === 'true' ? 'naming the brand' : 'not naming the brand')],
  [
    'citation_category',
    (v) =>
      `citing ${(Object.hasOwn(CATEGORY_NAMES, v) ? (CATEGORY_NAMES[v] ?? v) : v).toLowerCase()}`,
  ],
  ['prompt_id', (v) => `to prompt ${v}`],
  ['entity', (v) => `that count toward the share of answer of ${v} (prompts not naming the brand)`],
  ['cited_domain', (v) => `citing ${v} or a subdomain of it`],
];

/** Which filters are in use, in words, each with a link that drops it (and one to drop all). */
function activeFilters(view: AnswersView): Html {
  const active = FILTER_WORDS.filter(([field]) => view.filters[field]);
  if (active.length === 0) return html`<p id="active-filters">Showing every answer of the run.</p>`;
  const selection = view.filters;
  const without = (field: string) => {
    const { [field]: _dropped, ...rest } = selection;
    return DASHBOARD_PATHS.runAnswers(view.detail.id, view.run.id, rest);
  };
  const items = active.map(([field, words]) => {
    const text = words(view.filters[field] ?? '');
    return html`<li>${text} <a href="${without(field)}" aria-label="${`Remove the filter: ${text}`}">remove</a></li>`;
  });
  return html`<div id="active-filters"><p>Showing only the answers:</p><ul>${items}</ul>
<p><a href="${DASHBOARD_PATHS.runAnswers(view.detail.id, view.run.id)}#answers">Show every answer</a></p></div>`;
}

function filterForm(view: AnswersView): Html {
  const f = view.filters;
  const r = view.refused ?? {};
  return html`${refusedElsewhere(r)}<form class="filters" method="get" action="${DASHBOARD_PATHS.runAnswers(view.detail.id, view.run.id)}">
${select(
  'a-family',
  'Model family',
  'family',
  FAMILIES.map((family) => [family, name(family)]),
  f.family,
  r.family,
)}
${select(
  'a-block',
  'Prompt block',
  'block',
  Object.entries(BLOCKS).map(([block, [text]]) => [block, `${block}: ${text}`]),
  f.block,
  r.block,
)}
${select(
  'a-mode',
  'Mode',
  'mode',
  [
    ['raw', 'Without web search'],
    ['online', 'With web search'],
  ],
  f.mode,
  r.mode,
)}
${select(
  'a-mentioned',
  'Brand named',
  'mentioned',
  [
    ['true', 'Names the brand'],
    ['false', 'Does not name it'],
  ],
  f.mentioned,
  r.mentioned,
)}
${select(
  'a-category',
  'Cites a kind of site',
  'citation_category',
  Object.entries(CATEGORY_NAMES),
  f.citation_category,
  r.citation_category,
)}
${hidden('prompt_id', f.prompt_id)}${hidden('entity', f.entity)}${hidden('cited_domain', f.cited_domain)}
<div class="actions"><button type="submit" class="secondary">Show answers</button></div></form>`;
}

function mentions(answer: AnswerView): Html {
  if (answer.mentions.length === 0) return html``;
  const rows = answer.mentions.map(
    (m) =>
      html`<tr><th scope="row">${m.name}${m.role === 'brand' ? ' (brand)' : ''}</th><td>${m.counted ? 'counted' : 'not counted'}</td><td>${m.detected ? 'found' : 'not found'} · judge ${m.judge.replace('_', ' ')}</td><td>${m.recommended === null ? '–' : m.recommended ? 'yes' : 'no'}</td><td>${m.evidence_quote ? html`<q>${m.evidence_quote}</q>` : '–'}</td></tr>`,
  );
  return tableRegion(
    `Mentions in ${answer.id}`,
    html`<table><caption>Mentions</caption><thead><tr><th scope="col">Name</th><th scope="col">Scores</th><th scope="col">Matcher and judge</th><th scope="col">Recommended</th><th scope="col">Quote</th></tr></thead><tbody>${rows}</tbody></table>`,
  );
}

function facts(answer: AnswerView): Html {
  if (answer.facts.length === 0) return html``;
  const rows = answer.facts.map(
    (fact) =>
      html`<tr><th scope="row">${fact.key}</th><td>${fact.status.replaceAll('_', ' ')}</td><td>${fact.claimed_value ?? '–'}</td><td>${fact.evidence_quote ? html`<q>${fact.evidence_quote}</q>` : '–'}</td></tr>`,
  );
  return tableRegion(
    `Fact verdicts in ${answer.id}`,
    html`<table><caption>Fact verdicts</caption><thead><tr><th scope="col">Fact</th><th scope="col">Verdict</th><th scope="col">Claimed</th><th scope="col">Quote</th></tr></thead><tbody>${rows}</tbody></table>`,
  );
}

function sources(answer: AnswerView): Html {
  if (answer.sources.length === 0) return html`<p class="muted">No sources.</p>`;
  const items = answer.sources.map(
    (source) =>
      html`<li><a href="${source.url}" rel="noopener noreferrer nofollow">${source.title ?? source.domain}</a> <span class="muted">${source.domain} · ${source.cited ? 'cited' : 'retrieved only'} · ${source.category.replaceAll('_', ' ')}</span></li>`,
  );
  return html`<h4>Sources</h4><ul class="sources">${items}</ul>`;
}

const SENTIMENT_WORDS = ['very negative', 'negative', 'neutral', 'positive', 'very positive'];

/** The judge's rating of the brand in words, with the scale it is on (never a bare number). */
export function sentimentText(value: number | null): string {
  if (value === null) return 'sentiment toward the brand: not rated';
  const word = SENTIMENT_WORDS[value + 2] ?? String(value);
  const signed = value > 0 ? `+${value}` : value < 0 ? `−${-value}` : '0';
  return `sentiment toward the brand: ${word} (${signed} on a scale from −2, very negative, to +2, very positive)`;
}

function answerCard(answer: AnswerView): Html {
  const queries = answer.search_queries.length
    ? html`<h4>Web searches</h4><ul>${answer.search_queries.map((q) => html`<li>${q}</li>`)}</ul>`
    : '';
  return html`<article class="answer" id="answer-${answer.id.replaceAll('.', '-')}" aria-labelledby="h-${answer.id.replaceAll('.', '-')}">
<h3 id="h-${answer.id.replaceAll('.', '-')}">${name(answer.family)}, ${answer.mode === 'online' ? 'with web search' : 'without web search'}: ${answer.prompt_id} (repeat ${answer.repeat})</h3>
<p class="muted">Model ${answer.model} · block ${answer.block} · ${answer.language} · ${sentimentText(answer.sentiment)}</p>
<p><strong>Asked:</strong> ${answer.prompt}</p>
<div class="answer-text" tabindex="0" role="region" aria-label="${`Text of the answer ${answer.id}`}">${answer.text}</div>
${mentions(answer)}${facts(answer)}${sources(answer)}${queries}
</article>`;
}

const count = (n: number) => n.toLocaleString('en-US');

/** "1-50 of 2,112 answers": where this page stands, said in words. */
export function rangeText(paging: AnswersPaging): string {
  if (paging.total === 0) return `0 of ${count(paging.of)} answers match`;
  const last = Math.min(paging.from + paging.size, paging.total);
  return `${count(paging.from + 1)}-${count(last)} of ${count(paging.total)} answers`;
}

/** The page numbers shown: the first, the last, and two either side of the current one. */
function shownPages(page: number, pages: number): (number | null)[] {
  const wanted = new Set([1, pages, page - 2, page - 1, page, page + 1, page + 2]);
  const list = [...wanted].filter((n) => n >= 1 && n <= pages).sort((a, b) => a - b);
  const out: (number | null)[] = [];
  for (const n of list) {
    const previous = out.at(-1);
    if (typeof previous === 'number' && n - previous > 1) out.push(null);
    out.push(n);
  }
  return out;
}

/** Previous, the page numbers and Next, keeping the filters; the current page is marked. */
function pager(view: AnswersView, label: string): Html {
  const { page, pages } = view.paging;
  if (pages <= 1) return html``;
  const href = (n: number) =>
    `${DASHBOARD_PATHS.runAnswers(view.detail.id, view.run.id, { ...view.filters, ...(n > 1 ? { page: String(n) } : {}) })}#answers`;
  const numbers = shownPages(page, pages).map((n) =>
    n === null
      ? html`<li aria-hidden="true">…</li>`
      : n === page
        ? html`<li><a href="${href(n)}" aria-current="page">${n}<span class="sr-only"> (this page)</span></a></li>`
        : html`<li><a href="${href(n)}">${n}<span class="sr-only"> of ${pages}</span></a></li>`,
  );
  const previous = page > 1 ? html`<a href="${href(page - 1)}" rel="prev">Previous</a>` : '';
  const next = page < pages ? html`<a href="${href(page + 1)}" rel="next">Next</a>` : '';
  return html`<nav class="pager numbered" aria-label="${label}">${previous}<ol>${numbers}</ol>${next}</nav>`;
}

export function answersPage(view: AnswersView): Html {
  const { detail, run, filters } = view;
  const exportOf = (format: string) =>
    DASHBOARD_PATHS.runAnswers(detail.id, run.id, { ...filters, format });
  const list = view.answers.length
    ? view.answers.map(answerCard)
    : html`<p>No answer matches these filters.</p>`;
  return dashboardLayout({
    title: `${detail.name}: answers of run ${run.label}`,
    section: 'cases',
    viewer: view.viewer,
    body: html`<p><a href="${DASHBOARD_PATHS.caseRun(detail.id, run.id)}">← Run “${run.label}” of ${detail.name}</a></p>
<h1>Answers of run “${run.label}”</h1>
${activeFilters(view)}
<p class="actions"><a class="button secondary" href="${exportOf('csv')}" download>Export these answers (CSV)</a>
<a class="button secondary" href="${exportOf('jsonl')}" download>Export these answers (JSON Lines)</a></p>
${grid(view)}
<h2 id="answers">Answers</h2>
${filterForm(view)}
<p id="answers-range"><strong>${rangeText(view.paging)}</strong>${view.paging.total < view.paging.of ? html` <span class="muted">(the run has ${count(view.paging.of)})</span>` : ''}</p>
${pager(view, 'Pages of answers')}
${list}
${pager(view, 'Pages of answers, again at the end')}`,
  });
}
