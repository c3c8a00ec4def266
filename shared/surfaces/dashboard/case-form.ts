/**
 * The case form (docs/dashboard.md "Forms"): its fields declared once with the limits of
 * `create_case` / `patch_case`'s schema and the words each field says when refused, and its text
 * fields turned into the request body and back. Only the layout is decided here (one competitor
 * per line as `Name | domain | aliases`, facts as `key: value`); the area's schemas and operation
 * check the values.
 */
import type { z } from 'zod';
import { BadRequestError } from '#shared/domain/kernel/errors';
import {
  type CaseDetail,
  CreateCaseBodySchema,
  MAX_ALIASES,
  MAX_COMPETITORS,
  MAX_FACTS,
} from '#shared/domain/monitor/schemas';
import { defineForm } from './form-kit/form.ts';
import { listLimits, recordLineLimit, textLimits } from './form-kit/limits.ts';
import type { MessageContext } from './form-kit/messages.ts';
import { type CaseForm, lines, listOf } from './forms.ts';
import { parseWith } from './responses.ts';

/** The form's fields as text, in the formats the form explains. */
export type CaseFormValues = {
  name: string;
  domain: string;
  category: string;
  icp: string;
  competitors: string;
  use_cases: string;
  region: string;
  languages: string;
  fact_sheet: string;
  aliases: string;
  status: string;
};

export const EMPTY_CASE_FORM: CaseFormValues = {
  name: '',
  domain: '',
  category: '',
  icp: '',
  competitors: '',
  use_cases: '',
  region: '',
  languages: 'en',
  fact_sheet: '',
  aliases: '',
  status: 'active',
};

const shape = CreateCaseBodySchema.shape;
const NAME = textLimits(shape.name).maxlength ?? 0;
const DOMAIN = textLimits(shape.domain).maxlength ?? 0;
const ALIAS = listLimits(shape.aliases).maxlength ?? 0;
/** The longest `key: value` line of the schema's fact sheet. */
const FACT_LINE = recordLineLimit(shape.fact_sheet) ?? 0;

const line = (c: MessageContext) => (c.line === undefined ? '' : `Line ${c.line}: `);
const long = (what: string) => (c: MessageContext) =>
  `${line(c)}${what} is too long: at most ${c.max} characters${c.length === undefined ? '' : ` (this one has ${c.length})`}.`;

export const CASE_FORM = defineForm({
  fields: {
    name: {
      label: 'Brand name',
      ...textLimits(shape.name),
      messages: { required: 'Enter the brand’s name.', too_long: long('The name') },
    },
    domain: {
      label: 'Domain',
      ...textLimits(shape.domain),
      // An empty domain is refused by the schema's domain rule (no `min`): required all the same.
      required: true,
      messages: {
        required: 'Enter the brand’s site, e.g. acme-analytics.com.',
        invalid:
          'Enter a domain such as acme-analytics.com (a URL is reduced to its host; in local mode a host:port such as 127.0.0.1:4100 works too).',
        too_long: long('The domain'),
      },
    },
    category: {
      label: 'Category',
      ...textLimits(shape.category),
      messages: {
        required: 'Say what the brand is, e.g. product analytics.',
        too_long: long('The category'),
      },
    },
    icp: {
      label: 'Ideal customer profile',
      ...textLimits(shape.icp),
      messages: { too_long: long('The profile') },
    },
    competitors: {
      label: 'Competitors',
      required: false,
      maxlength: MAX_COMPETITORS * (NAME + DOMAIN + ALIAS + 7),
      messages: {
        too_many: `At most ${MAX_COMPETITORS} competitors, one a line.`,
        required: (c) => `${line(c)}the name is missing (write Name | domain | other names).`,
        too_long: long('A name'),
        invalid: (c) =>
          `${line(c)}write it as Name | domain | other names, with a domain such as globex.com.`,
      },
    },
    aliases: {
      label: 'Other names of the brand',
      ...listLimits(shape.aliases),
      messages: {
        too_many: `At most ${MAX_ALIASES} other names.`,
        required: 'An empty name between two commas: remove it.',
        too_long: (c) => `Name ${c.line ?? ''} is too long: at most ${c.max} characters.`,
      },
    },
    fact_sheet: {
      label: 'Fact sheet',
      required: false,
      maxlength: MAX_FACTS * FACT_LINE,
      messages: {
        not_key_value: (c) => `${line(c)}write each fact as key: value, e.g. founded: 2019.`,
        too_long: (c) =>
          `${c.entry === undefined ? '' : `The fact “${c.entry}”: `}too long: at most ${c.max} characters.`,
        required: (c) => `The fact “${c.entry ?? ''}” has no value.`,
        invalid: `At most ${MAX_FACTS} facts, one a line as key: value; keys of up to 64 characters.`,
      },
    },
    use_cases: {
      label: 'Use cases',
      ...listLimits(shape.use_cases),
      messages: {
        too_many: 'At most 20 use cases, one a line.',
        too_long: long('The use case'),
      },
    },
    region: {
      label: 'Region',
      ...textLimits(shape.region),
      messages: { too_long: long('The region') },
    },
    languages: {
      label: 'Languages',
      ...listLimits(shape.languages),
      // The list has a default, but the form always sends the field: an empty one is refused.
      required: true,
      messages: {
        too_few: 'Give at least one language code, e.g. en.',
        required: 'Give at least one language code, e.g. en.',
        too_many: 'At most 5 languages.',
        invalid: (c) =>
          `${c.line === undefined ? 'A' : `Language ${c.line}:`} language code reads like en, de or de-CH.`,
      },
    },
    status: {
      label: 'Status',
      required: false,
      messages: { invalid: 'Choose a status from the list.' },
    },
  },
});

function competitorOf(
  text: string,
): string | { name: string; domain: string | null; aliases: string[] } {
  const [name = '', domain = '', aliases = ''] = text.split('|').map((part) => part.trim());
  if (domain === '' && aliases === '') return name;
  return { name, domain: domain === '' ? null : domain, aliases: listOf(aliases) };
}

/** The facts of the text area, and the lines (0-based) that do not read "key: value". */
function factSheetOf(text: string): { facts: Record<string, string>; unreadable: number[] } {
  const facts: Record<string, string> = {};
  const unreadable: number[] = [];
  lines(text).forEach((entry, index) => {
    const separator = entry.indexOf(':');
    if (separator <= 0) unreadable.push(index);
    else facts[entry.slice(0, separator).trim()] = entry.slice(separator + 1).trim();
  });
  return { facts, unreadable };
}

/**
 * The request body of the case form, checked with the area's own schema (create or patch), every
 * refusal at once: a fact-sheet line that does not read "key: value" is reported beside the
 * schema's issues (the other fields), not instead of them.
 */
export function caseBodyFrom<S extends z.ZodType>(schema: S, form: CaseForm): z.output<S> {
  const { facts, unreadable } = factSheetOf(form.fact_sheet);
  const layout = unreadable.map((index) => ({
    path: ['fact_sheet', index],
    code: 'not_key_value',
  }));
  let parsed: z.output<S> | undefined;
  let issues: unknown[] = [];
  try {
    parsed = parseWith(schema, { ...caseBodyOf(form), fact_sheet: facts });
  } catch (error) {
    if (!(error instanceof BadRequestError)) throw error;
    issues = Array.isArray(error.details?.issues) ? error.details.issues : [];
  }
  if (parsed !== undefined && layout.length === 0) return parsed;
  throw new BadRequestError('invalid_request', 'Some values of the form cannot be used.', {
    details: { issues: [...issues, ...layout] },
  });
}

/** The case form's fields in the request body's shape (the fact sheet's readable lines). */
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
    fact_sheet: factSheetOf(form.fact_sheet).facts,
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
