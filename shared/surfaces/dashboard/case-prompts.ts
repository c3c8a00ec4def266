/**
 * The case's prompts in the dashboard (docs/dashboard.md "Prompts"): the page lists what the next
 * run asks (`get_case_prompts`), its form sends the list back changed (`set_case_prompts`), and
 * a second form saves the case fields in its other languages (`patch_case` with
 * `translations`). Both forms are declared with the form kit (`prompt-forms.ts`): their limits
 * are checked first, the forms are turned into the API's request bodies and checked by the
 * API's own schemas, and a refused form comes back as typed with each message at its field.
 */
import type { z } from 'zod';
import { getCase, patchCase } from '#shared/domain/monitor/operations';
import { getCasePrompts, setCasePrompts } from '#shared/domain/monitor/prompt-operations';
import { PutCasePromptsBodySchema } from '#shared/domain/monitor/prompt-schemas';
import { type CaseIdParams, PatchCaseBodySchema } from '#shared/domain/monitor/schemas';
import {
  languageName,
  type PromptsPageView,
  promptsPage,
} from '#shared/surfaces/dashboard/views/prompts-page';
import type { CasePagesDeps } from './case-runs.ts';
import { checkFields, type FormState } from './form-kit/form.ts';
import { lines, type PromptsFormSchema, type TranslationsFormSchema } from './forms.ts';
import { DASHBOARD_PATHS } from './paths.ts';
import {
  promptsForm,
  promptsFormError,
  translationsForm,
  translationsFormError,
} from './prompt-forms.ts';
import {
  attempt,
  htmlPage,
  noticeText,
  type PageResponse,
  parseWith,
  redirect,
  type SessionInput,
  viewerOf,
} from './responses.ts';

type Input<P = undefined, Q = undefined, B = undefined> = SessionInput<P, Q, B>;
type PromptsForm = z.output<typeof PromptsFormSchema>;
type TranslationsForm = z.output<typeof TranslationsFormSchema>;

function reader(input: Input<CaseIdParams, unknown, unknown>): Input<CaseIdParams> {
  return { ...input, query: undefined, body: undefined } as Input<CaseIdParams>;
}

async function render(
  input: Input<CaseIdParams, unknown, unknown>,
  deps: CasePagesDeps,
  extra: Partial<Omit<PromptsPageView, 'viewer' | 'detail' | 'list'>> & { status?: number },
): Promise<PageResponse> {
  const [{ case: detail }, list] = await Promise.all([
    getCase(reader(input), deps),
    getCasePrompts(reader(input), deps),
  ]);
  const { status, ...rest } = extra;
  return htmlPage(
    promptsPage({ viewer: viewerOf(input.principal), detail, list, ...rest }),
    status ?? 200,
  );
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

export async function savePromptsFromForm(
  input: Input<CaseIdParams, undefined, PromptsForm>,
  deps: CasePagesDeps,
): Promise<PageResponse> {
  const sent = sentRows(input.body);
  const spec = promptsForm(sent.map(() => ({ language: '' })));
  const limits = checkFields(spec, input.body);
  const saved = limits
    ? undefined
    : await attempt(() =>
        setCasePrompts(
          { ...input, body: parseWith(PutCasePromptsBodySchema, promptsBodyOf(input.body)) },
          deps,
        ),
      );
  if (saved?.ok) return redirect(`${DASHBOARD_PATHS.case(input.params.id)}?notice=prompts_saved`);
  const error =
    limits ??
    (saved && !saved.ok
      ? promptsFormError(
          spec,
          { message: saved.error.message, details: saved.details },
          sent.length,
        )
      : undefined);
  const form: FormState = { values: input.body, error };
  return render(input, deps, { form, status: saved && !saved.ok ? saved.status : 400 });
}

/** `translations` of `patch_case` from the form (`language_<n>` and its fields). */
function translationsOf(form: TranslationsForm, languages: readonly string[]) {
  return Object.fromEntries(
    languages.map((language, n) => [
      language,
      {
        category: form[`category_${n}`] ?? '',
        icp: form[`icp_${n}`] ?? '',
        region: form[`region_${n}`] ?? '',
        use_cases: lines(String(form[`use_cases_${n}`] ?? '')),
      },
    ]),
  );
}

/** The languages the form was sent for (`language_<n>`), in its order. */
function sentLanguages(form: TranslationsForm): string[] {
  const languages: string[] = [];
  for (let n = 0; typeof form[`language_${n}`] === 'string'; n += 1) {
    languages.push(String(form[`language_${n}`]));
  }
  return languages;
}

export async function saveTranslationsFromForm(
  input: Input<CaseIdParams, undefined, TranslationsForm>,
  deps: CasePagesDeps,
): Promise<PageResponse> {
  const languages = sentLanguages(input.body);
  const spec = translationsForm(languages, languageName);
  const limits = checkFields(spec, input.body);
  const saved = limits
    ? undefined
    : await attempt(() => {
        const translations = translationsOf(input.body, languages);
        return patchCase(
          { ...input, body: parseWith(PatchCaseBodySchema, { translations }) },
          deps,
        );
      });
  if (saved?.ok) {
    return redirect(`${DASHBOARD_PATHS.casePrompts(input.params.id)}?notice=translations_saved`);
  }
  const error =
    limits ??
    (saved && !saved.ok
      ? translationsFormError(
          spec,
          { message: saved.error.message, details: saved.details },
          languages,
        )
      : undefined);
  const translations: FormState = { values: input.body, error };
  return render(input, deps, { translations, status: saved && !saved.ok ? saved.status : 400 });
}
