/**
 * The case form's text fields to the request body of `create_case` / `patch_case`, and back.
 * Only the layout is decided here (one competitor per line as `Name | domain | aliases`, facts
 * as `key: value`); the area's schemas and operation check the values.
 */
import { BadRequestError } from '#shared/domain/kernel/errors';
import type { CaseDetail } from '#shared/domain/monitor/schemas';
import type { CaseFormValues } from '#shared/surfaces/dashboard/views/cases-page';
import { type CaseForm, lines, listOf } from './forms.ts';

function competitorOf(
  line: string,
): string | { name: string; domain: string | null; aliases: string[] } {
  const [name = '', domain = '', aliases = ''] = line.split('|').map((part) => part.trim());
  if (domain === '' && aliases === '') return name;
  return { name, domain: domain === '' ? null : domain, aliases: listOf(aliases) };
}

function factSheetOf(text: string): Record<string, string> {
  const facts: Record<string, string> = {};
  const unreadable: string[] = [];
  for (const line of lines(text)) {
    const separator = line.indexOf(':');
    if (separator <= 0) unreadable.push(line);
    else facts[line.slice(0, separator).trim()] = line.slice(separator + 1).trim();
  }
  if (unreadable.length > 0) {
    throw new BadRequestError(
      'invalid_request',
      'Each line of the fact sheet must read "key: value".',
      {
        details: {
          issues: unreadable.map((line) => ({
            path: ['fact_sheet'],
            message: `not "key: value": ${line.slice(0, 80)}`,
          })),
        },
      },
    );
  }
  return facts;
}

export function caseBodyOf(form: CaseForm): Record<string, unknown> {
  return {
    name: form.name,
    domain: form.domain,
    category: form.category,
    icp: form.icp,
    competitors: lines(form.competitors).map(competitorOf),
    use_cases: lines(form.use_cases),
    region: form.region,
    languages: listOf(form.languages),
    fact_sheet: factSheetOf(form.fact_sheet),
    aliases: listOf(form.aliases),
    status: form.status,
  };
}

/** `Name | domain | aliases` without empty trailing parts (never "Globex | globex.com |"). */
function competitorLine(competitor: CaseDetail['competitor_profiles'][number]): string {
  const parts = [competitor.name, competitor.domain ?? '', competitor.aliases.join(', ')];
  while (parts.length > 1 && parts.at(-1) === '') parts.pop();
  return parts.join(' | ');
}

/**
 * The first message per form field from an error's issues (`path` as the API reports it: the
 * request body's field, which has the form field's name; the fact sheet's own check says
 * `fact_sheet`). Issues about no field stay with the error's message.
 */
export function fieldErrorsOf(details: Record<string, unknown>): Record<string, string> {
  const issues = Array.isArray(details.issues) ? details.issues : [];
  const errors: Record<string, string> = {};
  for (const issue of issues as { path?: unknown[]; message?: string }[]) {
    const [field, ...rest] = issue.path ?? [];
    if (typeof field !== 'string' || !(field in FORM_FIELDS) || errors[field]) continue;
    const where = rest.length && typeof rest[0] === 'number' ? `line ${rest[0] + 1}: ` : '';
    errors[field] = `${where}${issue.message ?? 'Please check this field.'}`;
  }
  return errors;
}

const FORM_FIELDS = {
  name: 1,
  domain: 1,
  category: 1,
  icp: 1,
  competitors: 1,
  use_cases: 1,
  region: 1,
  languages: 1,
  fact_sheet: 1,
  aliases: 1,
  status: 1,
} as const;

export function caseFormValuesOf(detail: CaseDetail): CaseFormValues {
  return {
    name: detail.name,
    domain: detail.domain,
    category: detail.category,
    icp: detail.icp,
    competitors: detail.competitor_profiles.map(competitorLine).join('\n'),
    use_cases: detail.use_cases.join('\n'),
    region: detail.region,
    languages: detail.languages.join(', '),
    fact_sheet: Object.entries(detail.fact_sheet)
      .map(([key, value]) => `${key}: ${value}`)
      .join('\n'),
    aliases: detail.aliases.join(', '),
    status: detail.status,
  };
}

export function formValuesOf(form: CaseForm): CaseFormValues {
  return { ...form };
}
