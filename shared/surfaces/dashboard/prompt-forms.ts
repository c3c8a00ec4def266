/**
 * The prompt page's two forms, declared with the form kit (docs/dashboard.md "Forms"): their
 * fields depend on the case (one text box per prompt, one set of fields per other language), so
 * each is declared per page from the case's list. Limits come from the schemas the API checks
 * them with; a refusal of `set_case_prompts` or `patch_case` names its place in the request
 * (`prompts.<i>.text`, `translations.<language>.<field>`), which is moved here to the form field
 * it is about, in the kit's words.
 */
import { MAX_CUSTOM_PROMPTS } from '#shared/domain/monitor/engine/prompt-limits';
import { PutCasePromptsBodySchema } from '#shared/domain/monitor/prompt-schemas';
import { TranslationSchema } from '#shared/domain/monitor/schemas';
import { defineForm, type FieldSpec, type FormError, issueCode } from './form-kit/form.ts';
import { listLimits, textLimits } from './form-kit/limits.ts';
import { type MessageContext, messageFor, tooLongMessage as tooLong } from './form-kit/messages.ts';

const PROMPT_TEXT = PutCasePromptsBodySchema.shape.prompts.element.shape.text;

/** A schema issue as the area's request validation keeps it in `details.issues`. */
interface Issue {
  path?: unknown[];
  code?: string;
  message?: string;
  maximum?: unknown;
  minimum?: unknown;
  origin?: string;
}

/** What the kit's messages may say about an issue: the label and the limit it broke. */
function contextOf(label: string, issue: Issue): MessageContext {
  return {
    label,
    ...(typeof issue.maximum === 'number' ? { max: issue.maximum } : {}),
    ...(typeof issue.minimum === 'number' ? { min: issue.minimum } : {}),
  };
}

/** The longest prompt the API takes, as the form's text boxes are told. */
export const PROMPT_TEXT_MAXLENGTH = textLimits(PROMPT_TEXT).maxlength ?? 1000;

/** The prompt list: `text_<n>` per listed prompt, and the new prompts one a line. */
export function promptsForm(rows: readonly { language: string }[]) {
  const fields: Record<string, FieldSpec> = {
    new_prompts: {
      label: 'New prompts',
      required: false,
      maxlength: MAX_CUSTOM_PROMPTS * (PROMPT_TEXT_MAXLENGTH + 2),
      messages: { too_long: tooLong('The new prompts') },
    },
  };
  rows.forEach((row, n) => {
    fields[`text_${n}`] = {
      label: `Prompt ${n + 1} (${row.language})`,
      ...textLimits(PROMPT_TEXT),
      messages: { required: 'Write the prompt, or untick it to switch it off.' },
    };
  });
  return defineForm({ fields });
}

/** Which field of the form an issue of the request is about, and where in it. */
function promptField(path: readonly unknown[], listed: number) {
  const [, index] = path;
  if (typeof index !== 'number') return undefined;
  return index < listed
    ? { name: `text_${index}` }
    : { name: 'new_prompts', line: index - listed + 1 };
}

/**
 * A refused list as the form shows it: each issue at its prompt (or at the new prompts, with
 * its line), schema issues in the kit's words, the list's own checks in theirs; what is about
 * the whole list (none enabled, a list changed meanwhile) in the box.
 */
export function promptsFormError(
  spec: ReturnType<typeof promptsForm>,
  error: { message: string; details: Record<string, unknown> },
  listed: number,
): FormError {
  const issues = Array.isArray(error.details.issues) ? error.details.issues : [];
  const fields: Record<string, string> = {};
  const general: string[] = [];
  for (const issue of issues as Issue[]) {
    const place = promptField(issue.path ?? [], listed);
    const field = place ? spec.fields[place.name] : undefined;
    const words = issue.code
      ? messageFor(issueCode(issue), contextOf(field?.label ?? '', issue), field?.messages)
      : (issue.message ?? 'Please check this prompt.');
    if (!place) general.push(words);
    else if (place.line === undefined) fields[place.name] ??= words;
    else fields[place.name] ??= `Line ${place.line}: ${words}`;
  }
  if (issues.length === 0) return { message: error.message };
  return { fields, ...(general.length > 0 ? { message: general.join(' ') } : {}) };
}

/** The case fields in its other languages: per language `<field>_<n>`. */
export function translationsForm(languages: readonly string[], name: (code: string) => string) {
  const fields: Record<string, FieldSpec> = {};
  languages.forEach((language, n) => {
    const of = (what: string) => `${what} in ${name(language)}`;
    const shape = TranslationSchema.shape;
    fields[`category_${n}`] = { label: of('Category'), ...textLimits(shape.category) };
    fields[`icp_${n}`] = { label: of('Ideal customer'), ...textLimits(shape.icp) };
    fields[`region_${n}`] = { label: of('Region'), ...textLimits(shape.region) };
    fields[`use_cases_${n}`] = { label: of('Use cases'), ...listLimits(shape.use_cases) };
  });
  return defineForm({ fields });
}

/** A refused `patch_case`: `translations.<language>.<field>` to `<field>_<n>`. */
export function translationsFormError(
  spec: ReturnType<typeof translationsForm>,
  error: { message: string; details: Record<string, unknown> },
  languages: readonly string[],
): FormError {
  const issues = Array.isArray(error.details.issues) ? error.details.issues : [];
  const fields: Record<string, string> = {};
  for (const issue of issues as Issue[]) {
    const [, language, field, line] = issue.path ?? [];
    const n = languages.indexOf(String(language));
    const name = `${String(field)}_${n}`;
    const declared = spec.fields[name];
    if (n < 0 || !declared) continue;
    const context = {
      ...contextOf(declared.label, issue),
      ...(typeof line === 'number' ? { line: line + 1 } : {}),
    };
    fields[name] ??= messageFor(issueCode(issue), context, declared.messages);
  }
  return Object.keys(fields).length > 0 ? { fields } : { message: error.message };
}
