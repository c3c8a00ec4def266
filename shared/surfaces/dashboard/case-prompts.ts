/**
 * The case's prompts in the dashboard (docs/dashboard.md "Prompts"): the page lists what the next
 * run asks (`get_case_prompts`), its form sends the list back changed (`set_case_prompts`), and
 * a second form saves the case fields in its other languages (`patch_case` with
 * `translations`). The forms are turned into the API's request bodies and checked by the API's
 * own schemas; a refused form comes back with what was typed and each message at its field.
 */
import type { z } from 'zod';
import { getCase, patchCase } from '#shared/domain/monitor/operations';
import { getCasePrompts, setCasePrompts } from '#shared/domain/monitor/prompt-operations';
import {
  type CasePromptsResponse,
  PutCasePromptsBodySchema,
} from '#shared/domain/monitor/prompt-schemas';
import { type CaseIdParams, PatchCaseBodySchema } from '#shared/domain/monitor/schemas';
import type { ShownError } from '#shared/surfaces/dashboard/views/components';
import {
  type PromptRow,
  type PromptsPageView,
  promptsPage,
} from '#shared/surfaces/dashboard/views/prompts-page';
import type { CasePagesDeps } from './case-runs.ts';
import { lines, type PromptsFormSchema, type TranslationsFormSchema } from './forms.ts';
import { DASHBOARD_PATHS } from './paths.ts';
import {
  attempt,
  htmlPage,
  humanIssue,
  noticeText,
  type PageResponse,
  parseWith,
  redirect,
  type SessionInput,
  viewerOf,
} from './responses.ts';

type Input<P = undefined, Q = undefined, B = undefined> = SessionInput<P, Q, B>;
type PromptsForm = z.output<typeof PromptsFormSchema>;

function reader(input: Input<CaseIdParams, unknown, unknown>): Input<CaseIdParams> {
  return { ...input, query: undefined, body: undefined } as Input<CaseIdParams>;
}

async function render(
  input: Input<CaseIdParams, unknown, unknown>,
  deps: CasePagesDeps,
  extra: Partial<PromptsPageView> & { status?: number },
): Promise<PageResponse> {
  const [{ case: detail }, list] = await Promise.all([
    getCase(reader(input), deps),
    getCasePrompts(reader(input), deps),
  ]);
  const { status, ...rest } = extra;
  return htmlPage(
    promptsPage({ viewer: viewerOf(input.principal), detail, list, rows: rowsOf(list), ...rest }),
    status ?? 200,
  );
}

function rowsOf(list: CasePromptsResponse): PromptRow[] {
  return list.prompts.map((prompt) => ({ ...prompt }));
}

export async function casePromptsPage(
  input: Input<CaseIdParams, { notice?: string | undefined }>,
  deps: CasePagesDeps,
): Promise<PageResponse> {
  return render(input, deps, { notice: noticeText(input.query.notice) });
}

/** The listed prompts as sent (`id_<n>`, `text_<n>`, `on_<n>`), in their order. */
function sentRows(form: PromptsForm): { id: string; text: string; enabled: boolean }[] {
  const rows: { id: string; text: string; enabled: boolean }[] = [];
  for (let n = 0; typeof form[`id_${n}`] === 'string'; n += 1) {
    rows.push({
      id: String(form[`id_${n}`]),
      text: String(form[`text_${n}`] ?? ''),
      enabled: form[`on_${n}`] === '1',
    });
  }
  return rows;
}

/** The API's request body from the form. */
function promptsBodyOf(form: PromptsForm) {
  const block = ['A', 'B', 'C', 'D'].includes(form.new_block) ? form.new_block : undefined;
  const added = lines(form.new_prompts).map((text) => ({
    text,
    ...(form.new_language ? { language: form.new_language } : {}),
    ...(block ? { block } : {}),
  }));
  return {
    prompts: [...sentRows(form), ...added],
    ...(form.prompt_set_version ? { prompt_set_version: form.prompt_set_version } : {}),
  };
}

/**
 * Messages by form field from the issues of a refused list (`prompts.<i>.<field>`), in plain
 * words: a listed prompt's at its text box, a new prompt's at the new-prompts box with its line;
 * an issue about the whole list (none enabled) stays in the box at the top.
 */
function promptFieldErrors(details: Record<string, unknown>, listed: number) {
  const issues = Array.isArray(details.issues) ? details.issues : [];
  const fields: Record<string, string> = {};
  const general: string[] = [];
  for (const issue of issues as Parameters<typeof humanIssue>[0][]) {
    const [, index] = issue.path ?? [];
    const message = humanIssue(issue);
    if (typeof index !== 'number') general.push(message);
    else if (index < listed) fields[`text_${index}`] ??= message;
    else fields.new_prompts ??= `Line ${index - listed + 1}: ${message}`;
  }
  return { fields, general };
}

export async function savePromptsFromForm(
  input: Input<CaseIdParams, undefined, PromptsForm>,
  deps: CasePagesDeps,
): Promise<PageResponse> {
  const sent = sentRows(input.body);
  const saved = await attempt(() =>
    setCasePrompts(
      { ...input, body: parseWith(PutCasePromptsBodySchema, promptsBodyOf(input.body)) },
      deps,
    ),
  );
  if (saved.ok) return redirect(`${DASHBOARD_PATHS.case(input.params.id)}?notice=prompts_saved`);
  const [{ case: detail }, list] = await Promise.all([
    getCase(reader(input), deps),
    getCasePrompts(reader(input), deps),
  ]);
  // What was typed stays: each listed prompt with the words and the box as sent.
  const typed = new Map(sent.map((row) => [row.id, row]));
  const rows = rowsOf(list).map((row) => {
    const own = typed.get(row.id);
    return own ? { ...row, text: own.text, enabled: own.enabled } : row;
  });
  const placed = promptFieldErrors(saved.details, sent.length);
  const issues = Array.isArray(saved.details.issues);
  const error: ShownError = issues
    ? { message: 'The prompts were not saved.', issues: placed.general }
    : { message: saved.error.message };
  return htmlPage(
    promptsPage({
      viewer: viewerOf(input.principal),
      detail,
      list,
      rows,
      added: {
        text: input.body.new_prompts,
        language: input.body.new_language,
        block: input.body.new_block,
      },
      error,
      fieldErrors: placed.fields,
    }),
    saved.status,
  );
}

/** `translations` of `patch_case` from the form (`language_<n>` and its fields). */
function translationsOf(form: z.output<typeof TranslationsFormSchema>) {
  const out: Record<string, Record<string, unknown>> = {};
  for (let n = 0; typeof form[`language_${n}`] === 'string'; n += 1) {
    out[String(form[`language_${n}`])] = {
      category: form[`category_${n}`] ?? '',
      icp: form[`icp_${n}`] ?? '',
      region: form[`region_${n}`] ?? '',
      use_cases: lines(String(form[`use_cases_${n}`] ?? '')),
    };
  }
  return out;
}

export async function saveTranslationsFromForm(
  input: Input<CaseIdParams, undefined, z.output<typeof TranslationsFormSchema>>,
  deps: CasePagesDeps,
): Promise<PageResponse> {
  const translations = translationsOf(input.body);
  const saved = await attempt(() =>
    patchCase({ ...input, body: parseWith(PatchCaseBodySchema, { translations }) }, deps),
  );
  if (saved.ok) {
    return redirect(`${DASHBOARD_PATHS.casePrompts(input.params.id)}?notice=translations_saved`);
  }
  return render(input, deps, {
    translationsError: saved.error,
    typedTranslations: input.body,
    status: saved.status,
  });
}
