/**
 * The answers behind a run's numbers (docs/dashboard.md "Case pages"): a prompt-by-model grid
 * (each cell: answers naming the brand of answers asked), filters, and each answer with its text,
 * citations (cited or only retrieved, with their category), the judge's verdicts, the mentions
 * with their quotes and the web searches the model ran; exports of the same selection.
 */
import type { AnswerView } from '#shared/domain/monitor/run-schemas';
import type { CaseDetail, RunView } from '#shared/domain/monitor/schemas';
import { DASHBOARD_PATHS } from '#shared/surfaces/dashboard/paths';
import { BLOCKS } from './case-insights.ts';
import { CATEGORY_NAMES, FAMILY_NAMES } from './case-summary.ts';
import { escapeHtml, tableRegion } from './components.ts';
import { dashboardLayout, type Viewer } from './layout.ts';

const FAMILIES = ['openai', 'anthropic', 'perplexity', 'google'] as const;
const name = (family: string) => FAMILY_NAMES[family] ?? family;

interface AnswersView {
  viewer: Viewer;
  detail: CaseDetail;
  run: RunView;
  grid: readonly AnswerView[];
  answers: readonly AnswerView[];
  nextCursor: string | null;
  filters: Record<string, string>;
}

const named = (answer: AnswerView) =>
  answer.mentions.some((mention) => mention.role === 'brand' && mention.counted);

function grid(view: AnswersView): string {
  const families = FAMILIES.filter((family) => view.grid.some((a) => a.family === family));
  const prompts = new Map<string, AnswerView>();
  for (const answer of view.grid)
    if (!prompts.has(answer.prompt_id)) prompts.set(answer.prompt_id, answer);
  if (prompts.size === 0)
    return '<p>This run has no stored answers (they may have been deleted).</p>';
  const link = (filters: Record<string, string>) =>
    DASHBOARD_PATHS.runAnswers(view.detail.id, view.run.id, filters);
  const rows = [...prompts.values()]
    .sort((a, b) => a.prompt_id.localeCompare(b.prompt_id))
    .map((first) => {
      const cells = families
        .map((family) => {
          const cell = view.grid.filter(
            (a) => a.prompt_id === first.prompt_id && a.family === family,
          );
          if (cell.length === 0) return '<td class="num">–</td>';
          const hits = cell.filter(named).length;
          const label = `${hits} of ${cell.length}`;
          return `<td class="num${hits > 0 ? ' hit' : ''}"><a href="${escapeHtml(link({ prompt_id: first.prompt_id, family }))}" aria-label="${escapeHtml(`${first.prompt_id}, ${name(family)}: ${label} answers name the brand`)}">${label}</a></td>`;
        })
        .join('');
      return `<tr><th scope="row"><a href="${escapeHtml(link({ prompt_id: first.prompt_id }))}">${escapeHtml(first.prompt_id)}</a> <span class="muted">${escapeHtml(first.prompt)}</span></th>${cells}</tr>`;
    })
    .join('');
  const head = families
    .map(
      (family) =>
        `<th scope="col" class="num"><a href="${escapeHtml(link({ family }))}">${escapeHtml(name(family))}</a></th>`,
    )
    .join('');
  return `<h2>Prompts by model</h2>
<p>Each cell: answers naming the brand, of the answers to that prompt from that family (both modes, every repeat). A cell opens those answers.</p>
${tableRegion('Prompts by model', `<table class="grid"><thead><tr><th scope="col">Prompt</th>${head}</tr></thead><tbody>${rows}</tbody></table>`, 'answer-grid')}`;
}

function select(
  id: string,
  label: string,
  field: string,
  options: [string, string][],
  current?: string,
) {
  return `<div class="field"><label for="${id}">${label}</label><select id="${id}" name="${field}"><option value="">Any</option>${options
    .map(
      ([value, text]) =>
        `<option value="${value}"${current === value ? ' selected' : ''}>${escapeHtml(text)}</option>`,
    )
    .join('')}</select></div>`;
}

const hidden = (field: string, value: string | undefined) =>
  value ? `<input type="hidden" name="${field}" value="${escapeHtml(value)}">` : '';

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
function activeFilters(view: AnswersView): string {
  const active = FILTER_WORDS.filter(([field]) => view.filters[field]);
  if (active.length === 0) return '<p id="active-filters">Showing every answer of the run.</p>';
  const { cursor: _cursor, ...selection } = view.filters;
  const without = (field: string) => {
    const { [field]: _dropped, ...rest } = selection;
    return DASHBOARD_PATHS.runAnswers(view.detail.id, view.run.id, rest);
  };
  const items = active
    .map(([field, words]) => {
      const text = words(view.filters[field] ?? '');
      return `<li>${escapeHtml(text)} <a href="${escapeHtml(without(field))}" aria-label="${escapeHtml(`Remove the filter: ${text}`)}">remove</a></li>`;
    })
    .join('');
  return `<div id="active-filters"><p>Showing only the answers:</p><ul>${items}</ul>
<p><a href="${escapeHtml(DASHBOARD_PATHS.runAnswers(view.detail.id, view.run.id))}#answers">Show every answer</a></p></div>`;
}

function filterForm(view: AnswersView): string {
  const f = view.filters;
  return `<form class="filters" method="get" action="${escapeHtml(DASHBOARD_PATHS.runAnswers(view.detail.id, view.run.id))}">
${select(
  'a-family',
  'Model family',
  'family',
  FAMILIES.map((family) => [family, name(family)]),
  f.family,
)}
${select(
  'a-block',
  'Prompt block',
  'block',
  Object.entries(BLOCKS).map(([block, [text]]) => [block, `${block}: ${text}`]),
  f.block,
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
)}
${select(
  'a-category',
  'Cites a kind of site',
  'citation_category',
  Object.entries(CATEGORY_NAMES),
  f.citation_category,
)}
${hidden('prompt_id', f.prompt_id)}${hidden('entity', f.entity)}${hidden('cited_domain', f.cited_domain)}
<div class="actions"><button type="submit" class="secondary">Show answers</button></div></form>`;
}

function mentions(answer: AnswerView): string {
  if (answer.mentions.length === 0) return '';
  const rows = answer.mentions
    .map(
      (m) =>
        `<tr><th scope="row">${escapeHtml(m.name)}${m.role === 'brand' ? ' (brand)' : ''}</th><td>${m.counted ? 'counted' : 'not counted'}</td><td>${m.detected ? 'found' : 'not found'} · judge ${escapeHtml(m.judge.replace('_', ' '))}</td><td>${m.recommended === null ? '–' : m.recommended ? 'yes' : 'no'}</td><td>${m.evidence_quote ? `<q>${escapeHtml(m.evidence_quote)}</q>` : '–'}</td></tr>`,
    )
    .join('');
  return tableRegion(
    `Mentions in ${answer.id}`,
    `<table><caption>Mentions</caption><thead><tr><th scope="col">Name</th><th scope="col">Scores</th><th scope="col">Matcher and judge</th><th scope="col">Recommended</th><th scope="col">Quote</th></tr></thead><tbody>${rows}</tbody></table>`,
  );
}

function facts(answer: AnswerView): string {
  if (answer.facts.length === 0) return '';
  const rows = answer.facts
    .map(
      (fact) =>
        `<tr><th scope="row">${escapeHtml(fact.key)}</th><td>${escapeHtml(fact.status.replaceAll('_', ' '))}</td><td>${escapeHtml(fact.claimed_value ?? '–')}</td><td>${fact.evidence_quote ? `<q>${escapeHtml(fact.evidence_quote)}</q>` : '–'}</td></tr>`,
    )
    .join('');
  return tableRegion(
    `Fact verdicts in ${answer.id}`,
    `<table><caption>Fact verdicts</caption><thead><tr><th scope="col">Fact</th><th scope="col">Verdict</th><th scope="col">Claimed</th><th scope="col">Quote</th></tr></thead><tbody>${rows}</tbody></table>`,
  );
}

function sources(answer: AnswerView): string {
  if (answer.sources.length === 0) return '<p class="muted">No sources.</p>';
  const items = answer.sources
    .map(
      (source) =>
        `<li><a href="${escapeHtml(source.url)}" rel="noopener noreferrer nofollow">${escapeHtml(source.title ?? source.domain)}</a> <span class="muted">${escapeHtml(source.domain)} · ${source.cited ? 'cited' : 'retrieved only'} · ${escapeHtml(source.category.replaceAll('_', ' '))}</span></li>`,
    )
    .join('');
  return `<h4>Sources</h4><ul class="sources">${items}</ul>`;
}

const SENTIMENT_WORDS = ['very negative', 'negative', 'neutral', 'positive', 'very positive'];

/** The judge's rating of the brand in words, with the scale it is on (never a bare number). */
export function sentimentText(value: number | null): string {
  if (value === null) return 'sentiment toward the brand: not rated';
  const word = SENTIMENT_WORDS[value + 2] ?? String(value);
  const signed = value > 0 ? `+${value}` : value < 0 ? `−${-value}` : '0';
  return `sentiment toward the brand: ${word} (${signed} on a scale from −2, very negative, to +2, very positive)`;
}

function answerCard(answer: AnswerView): string {
  const queries = answer.search_queries.length
    ? `<h4>Web searches</h4><ul>${answer.search_queries.map((q) => `<li>${escapeHtml(q)}</li>`).join('')}</ul>`
    : '';
  return `<article class="answer" id="answer-${escapeHtml(answer.id.replaceAll('.', '-'))}" aria-labelledby="h-${escapeHtml(answer.id.replaceAll('.', '-'))}">
<h3 id="h-${escapeHtml(answer.id.replaceAll('.', '-'))}">${escapeHtml(name(answer.family))}, ${answer.mode === 'online' ? 'with web search' : 'without web search'}: ${escapeHtml(answer.prompt_id)} (repeat ${answer.repeat})</h3>
<p class="muted">Model ${escapeHtml(answer.model)} · block ${escapeHtml(answer.block)} · ${escapeHtml(answer.language)} · ${sentimentText(answer.sentiment)}</p>
<p><strong>Asked:</strong> ${escapeHtml(answer.prompt)}</p>
<div class="answer-text">${escapeHtml(answer.text)}</div>
${mentions(answer)}${facts(answer)}${sources(answer)}${queries}
</article>`;
}

export function answersPage(view: AnswersView): string {
  const { detail, run, filters } = view;
  const link = (extra: Record<string, string>) =>
    DASHBOARD_PATHS.runAnswers(detail.id, run.id, { ...filters, ...extra });
  const { cursor: _cursor, ...selection } = filters;
  const exportOf = (format: string) =>
    DASHBOARD_PATHS.runAnswers(detail.id, run.id, { ...selection, format });
  const list = view.answers.length
    ? view.answers.map(answerCard).join('')
    : '<p>No answer matches these filters.</p>';
  return dashboardLayout({
    title: `${detail.name}: answers of run ${run.label}`,
    section: 'cases',
    viewer: view.viewer,
    body: `<p><a href="${escapeHtml(DASHBOARD_PATHS.caseRun(detail.id, run.id))}">← Run “${escapeHtml(run.label)}” of ${escapeHtml(detail.name)}</a></p>
<h1>Answers of run “${escapeHtml(run.label)}”</h1>
${activeFilters(view)}
<p class="actions"><a class="button secondary" href="${escapeHtml(exportOf('csv'))}" download>Export these answers (CSV)</a>
<a class="button secondary" href="${escapeHtml(exportOf('jsonl'))}" download>Export these answers (JSON Lines)</a></p>
${grid(view)}
<h2 id="answers">Answers</h2>
${filterForm(view)}
${list}
${view.nextCursor ? `<p><a href="${escapeHtml(link({ cursor: view.nextCursor }))}">Next answers</a></p>` : ''}`,
  });
}
