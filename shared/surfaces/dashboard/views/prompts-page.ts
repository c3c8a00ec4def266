/**
 * A case's prompts (docs/dashboard.md "Prompts"): on the case page, what the next run asks and
 * how often; on their own page, the list as a form (a box to switch each off, its words to
 * reword it, new prompts one per line) and the case fields in its other languages, which the
 * prompts of those languages are written with.
 */

import type { CasePromptsResponse, CasePromptView } from '#shared/domain/monitor/prompt-schemas';
import type { CaseDetail } from '#shared/domain/monitor/schemas';
import type { FormSpec, FormState } from '#shared/surfaces/dashboard/form-kit/form';
import {
  fieldError,
  formErrorBox,
  formInput,
  formTextArea,
} from '#shared/surfaces/dashboard/form-kit/render';
import { DASHBOARD_PATHS } from '#shared/surfaces/dashboard/paths';
import {
  PROMPT_TEXT_MAXLENGTH,
  promptsForm,
  translationsForm,
} from '#shared/surfaces/dashboard/prompt-forms';
import { type Html, html, joinHtml } from '#shared/surfaces/http/html';
import { BLOCKS } from './case-insights.ts';
import { caseTabs } from './case-tabs.ts';
import { fieldMessage, notice, tableRegion } from './components.ts';
import { csrfField, dashboardLayout, type Viewer } from './layout.ts';

export interface PromptsPageView {
  viewer: Viewer;
  detail: CaseDetail;
  list: CasePromptsResponse;
  /** The prompt list as typed and its refusal, when that form came back. */
  form?: FormState | undefined;
  /** The other languages' fields as typed and their refusal, when that form came back. */
  translations?: FormState | undefined;
  notice?: string | undefined;
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

function notesBox(notes: readonly string[]): Html {
  if (notes.length === 0) return html``;
  return html`<div class="caution" role="note"><ul>${notes.map((note) => html`<li>${note}</li>`)}</ul></div>`;
}

function sourceText(prompt: CasePromptView): string {
  if (prompt.source === 'generated') return 'generated from the case';
  if (prompt.generated_text) return `reworded by you (generated: “${prompt.generated_text}”)`;
  return 'written by you';
}

/** The case page's part: what the next run asks, in a disclosure, and the way to change it. */
export function promptsSection(detail: CaseDetail, list: CasePromptsResponse): Html {
  const asked = list.prompts.filter((prompt) => prompt.enabled);
  const off = list.prompts.length - asked.length;
  const rows = asked.map(
    (prompt) =>
      html`<tr><td>${prompt.block}</td><td>${prompt.language}</td><td>${prompt.text}</td><td>${sourceText(prompt)}</td></tr>`,
  );
  const answers = asked.length * list.repeats * FAMILIES * 2;
  return html`<section id="case-prompts" aria-labelledby="prompts-h"><h2 id="prompts-h">Prompts</h2>
<p>The next run asks <strong>${asked.length} ${asked.length === 1 ? 'prompt' : 'prompts'}</strong>${asked.length ? ` (${countsByLanguage(asked)})` : ''}, each ${list.repeats} ${list.repeats === 1 ? 'time' : 'times'} by each of the ${FAMILIES} model families, with and without web search: ${answers} answers.${off ? ` ${off} more ${off === 1 ? 'is' : 'are'} switched off.` : ''}</p>
${notesBox(list.notes)}
<details><summary>Show the ${asked.length} prompts the next run asks</summary>
${tableRegion('Prompts the next run asks', html`<table><thead><tr><th scope="col">Block</th><th scope="col">Language</th><th scope="col">Prompt</th><th scope="col">From</th></tr></thead><tbody>${rows}</tbody></table>`)}
</details>
<p class="actions"><a class="button secondary" href="${DASHBOARD_PATHS.casePrompts(detail.id)}">See and change the prompts</a> <span class="muted">Prompt set <code>${list.prompt_set_version}</code></span></p>
</section>`;
}

/** A listed prompt with what was typed for it, when the form came back. */
function typedRow(prompt: CasePromptView, n: number, form: FormState | undefined) {
  const values = form?.values;
  if (!values || values[`id_${n}`] !== prompt.id) return prompt;
  return { ...prompt, text: String(values[`text_${n}`] ?? ''), enabled: values[`on_${n}`] === '1' };
}

function promptRow(row: CasePromptView, n: number, error: string | undefined): Html {
  const id = `f-text_${n}`;
  const label = `Prompt ${n + 1}, block ${row.block}, ${languageName(row.language)}`;
  return html`<tr><td class="num" id="prompt-${n + 1}">${n + 1}</td><td><input type="hidden" name="id_${n}" value="${row.id}">
<input type="checkbox" id="f-on_${n}" name="on_${n}" value="1"${row.enabled ? ' checked' : ''}><label class="sr-only" for="f-on_${n}">Ask prompt ${n + 1}</label></td>
<td class="block">${row.block}</td>
<td><div class="field${error ? ' invalid' : ''}"><label class="sr-only" for="${id}">${label}</label>${fieldMessage(id, error)}<textarea class="prompt-text" id="${id}" name="text_${n}" rows="2" required maxlength="${PROMPT_TEXT_MAXLENGTH}"${error ? html` aria-invalid="true" aria-describedby="${id}-error"` : ''}>${row.text}</textarea></div></td>
<td class="small">${sourceText(row)}</td></tr>`;
}

function promptTables(view: PromptsPageView): Html {
  const byLanguage = new Map<string, { row: CasePromptView; n: number }[]>();
  view.list.prompts.forEach((prompt, n) => {
    const row = typedRow(prompt, n, view.form);
    byLanguage.set(row.language, [...(byLanguage.get(row.language) ?? []), { row, n }]);
  });
  return joinHtml(
    [...byLanguage].map(([language, entries]) => {
      const asked = entries.filter((entry) => entry.row.enabled).length;
      const body = entries.map(({ row, n }) =>
        promptRow(row, n, fieldError(view.form, `text_${n}`)),
      );
      return html`<h2>${languageName(language)}: ${asked} of ${entries.length} asked</h2>
${tableRegion(`Prompts in ${languageName(language)}`, html`<table class="prompts"><thead><tr><th scope="col" class="num">No.</th><th scope="col">Ask</th><th scope="col">Block</th><th scope="col">Prompt</th><th scope="col">From</th></tr></thead><tbody>${body}</tbody></table>`)}`;
    }),
    '\n',
  );
}

function select(id: string, name: string, label: string, options: [string, string][], value = '') {
  const items = options.map(
    ([key, text]) =>
      html`<option value="${key}"${key === value ? ' selected' : ''}>${text}</option>`,
  );
  return html`<div class="field"><label for="${id}">${label}</label><select id="${id}" name="${name}">${items}</select></div>`;
}

function addFields(view: PromptsPageView, spec: FormSpec): Html {
  const typed = (name: string) => {
    const value = view.form?.values[name];
    return typeof value === 'string' ? value : '';
  };
  const blocks: [string, string][] = [
    ['', 'Decide from the words (B when it names the brand, else A)'],
    ...Object.entries(BLOCKS).map(([block, [name]]): [string, string] => [
      block,
      `${block}: ${name}`,
    ]),
  ];
  return html`<h2>Add prompts</h2>
<div class="stack-narrow">
${formTextArea(spec, view.form, 'new_prompts', { rows: 4, hint: 'One per line, written in the language chosen below, as a person would ask.' })}
${select(
  'f-new_language',
  'new_language',
  'Language of the new prompts',
  view.detail.languages.map((l) => [l, languageName(l)]),
  typed('new_language'),
)}
${select('f-new_block', 'new_block', 'Block', blocks, typed('new_block'))}
</div>`;
}

/** The saved translations as the form's values (`<field>_<n>`), when nothing was typed. */
function savedTranslations(detail: CaseDetail, languages: readonly string[]): FormState {
  const values: Record<string, string> = {};
  languages.forEach((language, n) => {
    const saved = detail.translations[language] ?? {};
    values[`category_${n}`] = saved.category ?? '';
    values[`icp_${n}`] = saved.icp ?? '';
    values[`region_${n}`] = saved.region ?? '';
    values[`use_cases_${n}`] = (saved.use_cases ?? []).join('\n');
  });
  return { values };
}

function translationsSection(view: PromptsPageView): Html {
  const others = view.detail.languages.slice(1);
  if (others.length === 0) return html``;
  const spec = translationsForm(others, languageName);
  const state = view.translations ?? savedTranslations(view.detail, others);
  const sets = joinHtml(
    others.map(
      (language, n) => html`<fieldset><legend>${languageName(language)}</legend>
<input type="hidden" name="language_${n}" value="${language}">
${formInput(spec, state, `category_${n}`)}
${formTextArea(spec, state, `icp_${n}`, { rows: 2 })}
${formInput(spec, state, `region_${n}`)}
${formTextArea(spec, state, `use_cases_${n}`, { rows: 3, hint: 'One per line.' })}
</fieldset>`,
    ),
    '\n',
  );
  return html`<h2 id="translations">The case in its other languages</h2>
<p>The case’s own fields are written in ${languageName(view.detail.languages[0] ?? 'en')}. Prompts in another language use only that language’s words: give them here, and the questions that need them are asked in that language too.</p>
${formErrorBox(spec, view.translations)}
<form class="stack" method="post" action="${DASHBOARD_PATHS.caseTranslations(view.detail.id)}">
${csrfField(view.viewer)}
${sets}
<div class="actions"><button type="submit">Save the other languages</button></div>
</form>`;
}

export function promptsPage(view: PromptsPageView): Html {
  const { detail, list } = view;
  const spec = promptsForm(list.prompts);
  return dashboardLayout({
    title: `${detail.name}: prompts`,
    section: 'cases',
    viewer: view.viewer,
    replaceUrl: DASHBOARD_PATHS.casePrompts(detail.id),
    body: html`<p><a href="${DASHBOARD_PATHS.case(detail.id)}">← ${detail.name}</a></p>
<h1>Prompts of ${detail.name}</h1>
${caseTabs(detail.id, 'prompts')}
${notice(view.notice)}${formErrorBox(spec, view.form)}
<p class="lead">The next run asks the ticked prompts, each ${list.repeats} ${list.repeats === 1 ? 'time' : 'times'} by each model family, with and without web search. Untick a prompt to switch it off, change its words to reword it, or add your own. Saving changes the prompt set (now <code>${list.prompt_set_version}</code>), so runs before and after are not compared as a trend.</p>
${notesBox(list.notes)}
<form method="post" action="${DASHBOARD_PATHS.casePrompts(detail.id)}">
${csrfField(view.viewer)}
<input type="hidden" name="prompt_set_version" value="${list.prompt_set_version}">
${promptTables(view)}
${addFields(view, spec)}
<div class="actions"><button type="submit">Save prompts</button></div>
</form>
${translationsSection(view)}`,
  });
}
