/**
 * A case's prompts (docs/dashboard.md "Prompts"): on the case page, what the next run asks and
 * how often; on their own page, the list as a form (a box to switch each off, its words to
 * reword it, new prompts one per line) and the case fields in its other languages, which the
 * prompts of those languages are written with.
 */
import type { CasePromptsResponse, CasePromptView } from '#shared/domain/monitor/prompt-schemas';
import type { CaseDetail } from '#shared/domain/monitor/schemas';
import { DASHBOARD_PATHS } from '#shared/surfaces/dashboard/paths';
import { BLOCKS } from './case-insights.ts';
import {
  errorBox,
  escapeHtml,
  fieldErrorSummary,
  notice,
  type ShownError,
  tableRegion,
  textArea,
  textField,
} from './components.ts';
import { csrfField, dashboardLayout, type Viewer } from './layout.ts';

/** One listed prompt as the form shows it (what was typed, after a refused form). */
export type PromptRow = CasePromptView;

export interface PromptsPageView {
  viewer: Viewer;
  detail: CaseDetail;
  list: CasePromptsResponse;
  rows: readonly PromptRow[];
  /** New prompts as typed in a refused form. */
  added?: { text: string; language: string; block: string };
  error?: ShownError | undefined;
  fieldErrors?: Record<string, string>;
  notice?: string | undefined;
  translationsError?: ShownError | undefined;
  typedTranslations?: Readonly<Record<string, string>>;
}

/** "German (de)": the language's English name and its code. */
export function languageName(code: string): string {
  try {
    const name = new Intl.DisplayNames(['en'], { type: 'language' }).of(code);
    return name && name !== code ? `${name} (${code})` : code;
  } catch {
    return code;
  }
}

const FAMILIES = 4;

function countsByLanguage(prompts: readonly { language: string }[]): string {
  const counts = new Map<string, number>();
  for (const prompt of prompts) counts.set(prompt.language, (counts.get(prompt.language) ?? 0) + 1);
  return [...counts].map(([language, n]) => `${n} in ${languageName(language)}`).join(', ');
}

function notesBox(notes: readonly string[]): string {
  if (notes.length === 0) return '';
  return `<div class="caution" role="note"><ul>${notes.map((note) => `<li>${escapeHtml(note)}</li>`).join('')}</ul></div>`;
}

function sourceText(prompt: PromptRow): string {
  if (prompt.source === 'generated') return 'generated from the case';
  if (prompt.generated_text) return `reworded by you (generated: “${prompt.generated_text}”)`;
  return 'written by you';
}

/** The case page's part: what the next run asks, in a disclosure, and the way to change it. */
export function promptsSection(detail: CaseDetail, list: CasePromptsResponse): string {
  const asked = list.prompts.filter((prompt) => prompt.enabled);
  const off = list.prompts.length - asked.length;
  const rows = asked
    .map(
      (prompt) =>
        `<tr><td>${escapeHtml(prompt.block)}</td><td>${escapeHtml(prompt.language)}</td><td>${escapeHtml(prompt.text)}</td><td>${escapeHtml(sourceText(prompt))}</td></tr>`,
    )
    .join('');
  const answers = asked.length * list.repeats * FAMILIES * 2;
  return `<section id="case-prompts" aria-labelledby="prompts-h"><h2 id="prompts-h">Prompts</h2>
<p>The next run asks <strong>${asked.length} ${asked.length === 1 ? 'prompt' : 'prompts'}</strong>${asked.length ? ` (${countsByLanguage(asked)})` : ''}, each ${list.repeats} ${list.repeats === 1 ? 'time' : 'times'} by each of the ${FAMILIES} model families, with and without web search: ${answers} answers.${off ? ` ${off} more ${off === 1 ? 'is' : 'are'} switched off.` : ''}</p>
${notesBox(list.notes)}
<details><summary>Show the ${asked.length} prompts the next run asks</summary>
${tableRegion('Prompts the next run asks', `<table><thead><tr><th scope="col">Block</th><th scope="col">Language</th><th scope="col">Prompt</th><th scope="col">From</th></tr></thead><tbody>${rows}</tbody></table>`)}
</details>
<p class="actions"><a class="button secondary" href="${DASHBOARD_PATHS.casePrompts(detail.id)}">See and change the prompts</a> <span class="muted">Prompt set <code>${escapeHtml(list.prompt_set_version)}</code></span></p>
</section>`;
}

function promptRow(row: PromptRow, n: number, error: string | undefined): string {
  const id = `f-text_${n}`;
  const label = `Prompt ${n + 1}, block ${row.block}, ${languageName(row.language)}`;
  const message = error
    ? `<span class="field-error" id="${id}-error"><span class="sr-only">Error: </span>${escapeHtml(error)}</span>`
    : '';
  return `<tr><td><input type="hidden" name="id_${n}" value="${escapeHtml(row.id)}">
<input type="checkbox" id="f-on_${n}" name="on_${n}" value="1"${row.enabled ? ' checked' : ''}><label class="sr-only" for="f-on_${n}">Ask prompt ${n + 1}</label></td>
<td class="block">${escapeHtml(row.block)}</td>
<td><div class="field${error ? ' invalid' : ''}"><label class="sr-only" for="${id}">${escapeHtml(label)}</label>${message}<textarea class="prompt-text" id="${id}" name="text_${n}" rows="2" required maxlength="1000"${error ? ` aria-invalid="true" aria-describedby="${id}-error"` : ''}>${escapeHtml(row.text)}</textarea></div></td>
<td class="small">${escapeHtml(sourceText(row))}</td></tr>`;
}

function promptTables(view: PromptsPageView): string {
  const errors = view.fieldErrors ?? {};
  const byLanguage = new Map<string, { row: PromptRow; n: number }[]>();
  view.rows.forEach((row, n) => {
    byLanguage.set(row.language, [...(byLanguage.get(row.language) ?? []), { row, n }]);
  });
  return [...byLanguage]
    .map(([language, entries]) => {
      const asked = entries.filter((entry) => entry.row.enabled).length;
      const body = entries.map(({ row, n }) => promptRow(row, n, errors[`text_${n}`])).join('');
      return `<h2>${escapeHtml(languageName(language))}: ${asked} of ${entries.length} asked</h2>
${tableRegion(`Prompts in ${languageName(language)}`, `<table class="prompts"><thead><tr><th scope="col">Ask</th><th scope="col">Block</th><th scope="col">Prompt</th><th scope="col">From</th></tr></thead><tbody>${body}</tbody></table>`)}`;
    })
    .join('\n');
}

function select(id: string, name: string, label: string, options: [string, string][], value = '') {
  const items = options
    .map(
      ([key, text]) =>
        `<option value="${escapeHtml(key)}"${key === value ? ' selected' : ''}>${escapeHtml(text)}</option>`,
    )
    .join('');
  return `<div class="field"><label for="${id}">${escapeHtml(label)}</label><select id="${id}" name="${name}">${items}</select></div>`;
}

function addFields(view: PromptsPageView): string {
  const added = view.added ?? { text: '', language: '', block: '' };
  const blocks: [string, string][] = [
    ['', 'Decide from the words (B when it names the brand, else A)'],
    ...Object.entries(BLOCKS).map(([block, [name]]): [string, string] => [
      block,
      `${block}: ${name}`,
    ]),
  ];
  return `<h2>Add prompts</h2>
<div class="stack-narrow">
${textArea({ name: 'new_prompts', label: 'New prompts', value: added.text, rows: 4, hint: 'One per line, written in the language chosen below, as a person would ask.', error: view.fieldErrors?.new_prompts })}
${select(
  'f-new_language',
  'new_language',
  'Language of the new prompts',
  view.detail.languages.map((l) => [l, languageName(l)]),
  added.language,
)}
${select('f-new_block', 'new_block', 'Block', blocks, added.block)}
</div>`;
}

function labelsOf(view: PromptsPageView): Record<string, string> {
  const labels: Record<string, string> = { new_prompts: 'New prompts' };
  view.rows.forEach((row, n) => {
    labels[`text_${n}`] = `Prompt ${n + 1} (${row.language}): ${row.text.slice(0, 60)}`;
  });
  return labels;
}

function translationsForm(view: PromptsPageView): string {
  const others = view.detail.languages.slice(1);
  if (others.length === 0) return '';
  const typed = view.typedTranslations;
  const sets = others
    .map((language, n) => {
      const saved = view.detail.translations[language] ?? {};
      const value = (field: string, stored: string) => typed?.[`${field}_${n}`] ?? stored;
      const name = languageName(language);
      return `<fieldset><legend>${escapeHtml(name)}</legend>
<input type="hidden" name="language_${n}" value="${escapeHtml(language)}">
${textField({ name: `category_${n}`, label: `Category in ${name}`, value: value('category', saved.category ?? ''), maxlength: 200 })}
${textArea({ name: `icp_${n}`, label: `Ideal customer in ${name}`, value: value('icp', saved.icp ?? ''), rows: 2 })}
${textField({ name: `region_${n}`, label: `Region in ${name}`, value: value('region', saved.region ?? ''), maxlength: 200 })}
${textArea({ name: `use_cases_${n}`, label: `Use cases in ${name}`, value: value('use_cases', (saved.use_cases ?? []).join('\n')), rows: 3, hint: 'One per line.' })}
</fieldset>`;
    })
    .join('\n');
  return `<h2 id="translations">The case in its other languages</h2>
<p>The case’s own fields are written in ${escapeHtml(languageName(view.detail.languages[0] ?? 'en'))}. Prompts in another language use only that language’s words: give them here, and the questions that need them are asked in that language too.</p>
${errorBox(view.translationsError)}
<form class="stack" method="post" action="${DASHBOARD_PATHS.caseTranslations(view.detail.id)}">
${csrfField(view.viewer)}
${sets}
<div class="actions"><button type="submit">Save the other languages</button></div>
</form>`;
}

export function promptsPage(view: PromptsPageView): string {
  const { detail, list } = view;
  const errors = view.fieldErrors ?? {};
  // Field messages stand at their fields, listed once at the top; what concerns the whole list
  // (nothing enabled, a list changed meanwhile) stands in the box.
  const general = (view.error?.issues ?? [])
    .map((issue) => `<p class="field-error">${escapeHtml(issue)}</p>`)
    .join('');
  const summary = Object.keys(errors).length
    ? `${fieldErrorSummary(errors, labelsOf(view))}${general}`
    : errorBox(view.error);
  return dashboardLayout({
    title: `${detail.name}: prompts`,
    section: 'cases',
    viewer: view.viewer,
    replaceUrl: DASHBOARD_PATHS.casePrompts(detail.id),
    body: `<p><a href="${DASHBOARD_PATHS.case(detail.id)}">← ${escapeHtml(detail.name)}</a></p>
<h1>Prompts of ${escapeHtml(detail.name)}</h1>
${notice(view.notice)}${summary}
<p class="lead">The next run asks the ticked prompts, each ${list.repeats} ${list.repeats === 1 ? 'time' : 'times'} by each model family, with and without web search. Untick a prompt to switch it off, change its words to reword it, or add your own. Saving changes the prompt set (now <code>${escapeHtml(list.prompt_set_version)}</code>), so runs before and after are not compared as a trend.</p>
${notesBox(list.notes)}
<form method="post" action="${DASHBOARD_PATHS.casePrompts(detail.id)}">
${csrfField(view.viewer)}
<input type="hidden" name="prompt_set_version" value="${escapeHtml(list.prompt_set_version)}">
${promptTables(view)}
${addFields(view)}
<div class="actions"><button type="submit">Save prompts</button></div>
</form>
${translationsForm(view)}`,
  });
}
