/**
 * Wire schemas of cases and runs (docs/api.md "Cases and runs" and the reference of the routes under
 * `/api/v1/cases`), with this service's additions marked as such in their descriptions.
 */
import { z } from 'zod';
import { RecordIdSchema } from '#shared/domain/kernel/id-schema';
import { RunSummarySchema } from './engine/index.ts';
import { normaliseCaseDomain } from './profile.ts';

export const CASE_STATUSES = ['active', 'paused', 'archived'] as const;
export const RUN_KINDS = ['manual', 'monthly'] as const;
export const RUN_STATUSES = ['queued', 'running', 'done', 'failed'] as const;

export type CaseStatus = (typeof CASE_STATUSES)[number];
export type RunKind = (typeof RUN_KINDS)[number];
export type RunStatus = (typeof RUN_STATUSES)[number];

export const MAX_COMPETITORS = 20;
export const MAX_ALIASES = 10;
export const MAX_FACTS = 30;

const text = (max: number) => z.string().trim().min(1).max(max);
const list = <T extends z.ZodType>(item: T, max: number) => z.array(item).max(max);

const DomainInput = z
  .string()
  .max(253)
  // The schema admits what the local stack admits (`host:port`); outside local mode the case
  // operations refuse anything but a public domain name (operations.ts `checkedFields`).
  .refine((value) => normaliseCaseDomain(value, { local: true }) !== null, {
    message: 'must be a domain name such as example.com (a URL is reduced to its host)',
  })
  .meta({ example: 'acme-analytics.com' });

const LanguageCode = z
  .string()
  .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, 'must be a language code such as en or de-CH');

const CompetitorInput = z.union([
  text(200).meta({ description: 'A competitor name' }),
  z
    .object({
      name: text(200),
      domain: DomainInput.nullish().meta({
        description: 'Its site, so citations of it are attributed to it',
      }),
      aliases: list(text(100), MAX_ALIASES).optional(),
    })
    .strict(),
]);

const FactSheet = z
  .record(z.string().trim().min(1).max(64), text(1000))
  .refine((facts) => Object.keys(facts).length <= MAX_FACTS, {
    message: `at most ${MAX_FACTS} facts`,
  })
  .meta({
    description: 'Fact key to true value; the ground truth accuracy is scored against',
    example: { pricing: 'from $29 per month', founded: '2019' },
  });

export const TranslationSchema = z
  .object({
    category: z.string().trim().max(200).optional(),
    icp: z.string().trim().max(2000).optional(),
    region: z.string().trim().max(200).optional(),
    use_cases: list(text(300), 20).optional(),
  })
  .strict()
  .meta({
    id: 'CaseTranslation',
    description: 'The case fields prompts use, written in one of its other languages',
  });

const Translations = z
  .record(LanguageCode, TranslationSchema)
  .refine((entries) => Object.keys(entries).length <= 5, { message: 'at most 5 languages' })
  .meta({
    description:
      'Language code (one of `languages` after the first) to the category, ideal customer, ' +
      "region and use cases in that language (addition): a language's prompts are written " +
      'only with its own words, so without them it gets questions about the brand and its ' +
      'competitors only',
    example: { de: { category: 'Produktanalyse', icp: 'kleine SaaS-Teams' } },
  });

const caseFields = {
  name: text(200).meta({ description: 'Brand name', example: 'Acme Analytics' }),
  domain: DomainInput,
  category: text(200).meta({ example: 'product analytics' }),
  icp: z.string().trim().max(2000).meta({ description: 'The ideal customer profile' }),
  competitors: list(CompetitorInput, MAX_COMPETITORS).meta({
    description:
      'Competitor names, or objects `{name, domain, aliases}` (addition) so that their cited ' +
      'sites are attributed to them and other spellings are recognised',
  }),
  competitor_domains: z.record(text(200), DomainInput).meta({
    description:
      'Competitor name to its site (addition): the same as `domain` in a competitor object, for ' +
      'callers that list competitors by name',
    example: { 'Globex Insights': 'globex.com' },
  }),
  use_cases: list(text(300), 20),
  region: z.string().trim().max(200).meta({ example: 'Germany' }),
  languages: list(LanguageCode, 5).min(1).meta({
    description: 'Prompts are asked in each; the case fields are written in the first',
  }),
  fact_sheet: FactSheet,
  translations: Translations,
  aliases: list(text(100), MAX_ALIASES).meta({
    description: 'Other names of the brand, matched like the name (addition)',
  }),
  status: z.enum(CASE_STATUSES).meta({
    description:
      '`paused` (addition): monthly runs skip the case; manual runs still start. `archived` ' +
      '(addition): kept with its runs and summaries for reading, no run starts (409 ' +
      '`case_archived`); a PATCH back to `active` restores it',
  }),
};

export const CreateCaseBodySchema = z
  .object({
    name: caseFields.name,
    domain: caseFields.domain,
    category: caseFields.category,
    icp: caseFields.icp.default(''),
    competitors: caseFields.competitors.default([]),
    competitor_domains: caseFields.competitor_domains.optional(),
    use_cases: caseFields.use_cases.default([]),
    region: caseFields.region.default(''),
    languages: caseFields.languages.default(['en']),
    fact_sheet: caseFields.fact_sheet.default({}),
    translations: caseFields.translations.default({}),
    aliases: caseFields.aliases.default([]),
    status: caseFields.status.default('active'),
  })
  .strict()
  .meta({ id: 'CreateCaseRequest' });

export const PatchCaseBodySchema = z.object(caseFields).partial().strict().meta({
  id: 'PatchCaseRequest',
  description: 'Fields to change; lists and the fact sheet are replaced whole.',
});

export const CaseIdParamsSchema = z.object({ id: RecordIdSchema.meta({ description: 'Case id' }) });

export const ListCasesQuerySchema = z.object({
  q: z.string().max(200).optional().meta({
    description:
      'Keeps cases whose name or domain contains this text, ignoring case (Unicode NFKC, lower-cased)',
  }),
  limit: z.coerce.number().int().min(1).max(100).default(50).meta({
    description: 'Cases per page, 1 to 100 (addition)',
  }),
  cursor: z.string().max(2000).optional().meta({
    description: '`next_cursor` of the previous page (addition)',
  }),
});

export const ListRunsQuerySchema = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(100)
    .default(24)
    .meta({ description: 'Most runs to return, 1 to 100 (default 24); anything else is a 400' }),
});

export const CreateRunBodySchema = z
  .object({
    label: z.string().trim().min(1).max(200).optional().meta({
      description: 'Free text; default: the UTC date of the request',
    }),
  })
  .strict()
  .meta({ id: 'CreateRunRequest' });

const nullableScore = z.number().int().nullable();

export const CaseListEntrySchema = z
  .object({
    id: z.uuid(),
    user_id: z.string().meta({ description: 'Id of the owning account' }),
    name: z.string(),
    domain: z.string(),
    category: z.string(),
    competitors: z.array(z.string()),
    region: z.string().meta({
      description: 'The region the case is measured for, "" when none (addition)',
    }),
    languages: z.array(z.string()).meta({
      description:
        'The languages its prompts are asked in (addition): with region, tells apart cases of one brand',
    }),
    status: z.enum(CASE_STATUSES),
    latest_score: nullableScore.meta({
      description: 'total_score of the latest finished run; null before the first one',
    }),
    last_run_at: z.iso.datetime().nullable().meta({
      description: 'finished_at of the latest finished run; null before the first one',
    }),
    owner_email: z.string().optional().meta({
      description: "Only for a monitor:admin key: the owner's e-mail address",
    }),
  })
  .meta({ id: 'CaseListEntry' });

export const CompetitorSchema = z
  .object({ name: z.string(), domain: z.string().nullable(), aliases: z.array(z.string()) })
  .meta({ id: 'Competitor' });

export const CaseDetailSchema = z
  .object({
    id: z.uuid(),
    user_id: z.string().meta({ description: 'Id of the owning account (addition)' }),
    name: z.string(),
    domain: z.string(),
    category: z.string(),
    icp: z.string(),
    competitors: z.array(z.string()),
    use_cases: z.array(z.string()),
    region: z.string(),
    languages: z.array(z.string()),
    fact_sheet: z.record(z.string(), z.string()),
    translations: z.record(z.string(), TranslationSchema).meta({
      description: 'The case fields in its other languages (addition)',
    }),
    status: z.enum(CASE_STATUSES),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
    aliases: z.array(z.string()).meta({ description: 'Other names of the brand (addition)' }),
    competitor_profiles: z.array(CompetitorSchema).meta({
      description: 'Competitors with their domains and aliases, in `competitors` order (addition)',
    }),
    competitor_domains: z.record(z.string(), z.string()).meta({
      description: 'Competitor name to its site, for competitors with one (addition)',
    }),
    latest_score: nullableScore.meta({ description: 'As in the case list (addition)' }),
    last_run_at: z.iso
      .datetime()
      .nullable()
      .meta({ description: 'As in the case list (addition)' }),
  })
  .meta({ id: 'CaseDetail' });

export const ListCasesResponseSchema = z.object({
  cases: z.array(CaseListEntrySchema),
  next_cursor: z.string().nullable().meta({
    description: 'Pass as `cursor` for the next page; null on the last page (addition)',
  }),
  scope: z.literal('all_tenants').optional().meta({
    description: 'Present, as `all_tenants`, when a monitor:admin key listed every tenant',
  }),
});

export const CaseResponseSchema = z.object({ case: CaseDetailSchema });

export const RunSchema = z
  .object({
    id: z.uuid(),
    label: z.string(),
    kind: z.enum(RUN_KINDS),
    status: z.enum(RUN_STATUSES).meta({
      description: '`queued`, then `running`, then `done`; `failed` when the run could not finish',
    }),
    scheduled_for: z.iso.datetime(),
    finished_at: z.iso.datetime().nullable(),
    total_score: nullableScore.meta({ description: 'null until the run is done' }),
    delta: nullableScore.meta({
      description: 'total_score minus that of the preceding finished run (0 for the first)',
    }),
    error: z.string().nullable().meta({ description: 'Why a failed run failed (addition)' }),
  })
  .meta({ id: 'Run' });

export const ListRunsResponseSchema = z.object({ runs: z.array(RunSchema) });

export const CreateRunResponseSchema = z.object({
  run: z
    .object({
      id: z.uuid(),
      label: z.string(),
      kind: z.enum(RUN_KINDS),
      status: z.enum(RUN_STATUSES),
    })
    .meta({ id: 'RunCreated' }),
});

export const CaseSummaryResponseSchema = z.object({
  case: z.object({ id: z.uuid(), name: z.string() }),
  run: z.object({
    id: z.uuid(),
    label: z.string(),
    kind: z.enum(RUN_KINDS),
    finished_at: z.iso.datetime(),
  }),
  summary: RunSummarySchema,
});

export type CreateCaseBody = z.output<typeof CreateCaseBodySchema>;
export type PatchCaseBody = z.output<typeof PatchCaseBodySchema>;
export type CaseIdParams = z.output<typeof CaseIdParamsSchema>;
export type ListCasesQuery = z.output<typeof ListCasesQuerySchema>;
export type ListRunsQuery = z.output<typeof ListRunsQuerySchema>;
export type CreateRunBody = z.output<typeof CreateRunBodySchema>;
export type CaseListEntry = z.input<typeof CaseListEntrySchema>;
export type CaseDetail = z.input<typeof CaseDetailSchema>;
export type RunView = z.input<typeof RunSchema>;
export type ListCasesResponse = z.input<typeof ListCasesResponseSchema>;
export type CaseResponse = z.input<typeof CaseResponseSchema>;
export type ListRunsResponse = z.input<typeof ListRunsResponseSchema>;
export type CreateRunResponse = z.input<typeof CreateRunResponseSchema>;
export type CaseSummaryResponse = z.input<typeof CaseSummaryResponseSchema>;
