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

export function caseFormValuesOf(detail: CaseDetail): CaseFormValues {
  return {
    name: detail.name,
    domain: detail.domain,
    category: detail.category,
    icp: detail.icp,
    competitors: detail.competitor_profiles
      .map((competitor) =>
        competitor.domain || competitor.aliases.length > 0
          ? `${competitor.name} | ${competitor.domain ?? ''} | ${competitor.aliases.join(', ')}`
          : competitor.name,
      )
      .join('\n'),
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
