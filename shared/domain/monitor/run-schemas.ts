/**
 * Wire schemas of one run and its answers (additions, docs/decisions.md "Issue 16"):
 * `GET /api/v1/cases/{id}/runs/{run_id}`, `GET .../answers` (JSON, CSV, JSON Lines) and
 * `DELETE .../answers`. The answer fields are the ones docs/monitor.md "Answers" lists.
 */
import { z } from 'zod';
import { RecordIdSchema } from '#shared/domain/kernel/id-schema';
import { RunSummarySchema } from './engine/index.ts';
import { RunCanarySchema } from './engine/loop-schema.ts';
import { SOURCE_CATEGORIES } from './engine/source-category.ts';
import { FACT_STATUSES, PROMPT_BLOCKS } from './engine/types.ts';
import { ASK_MODES, PROVIDER_FAMILIES } from './provider-port.ts';
import { RunProgressSchema } from './run-progress.ts';
import { RunSchema } from './schemas.ts';

export const RunIdParamsSchema = z.object({
  id: RecordIdSchema.meta({ description: 'Case id' }),
  run_id: RecordIdSchema.meta({ description: 'Run id' }),
});

export const RunDetailSchema = RunSchema.extend({
  canary: RunCanarySchema.nullable(),
}).meta({ id: 'RunDetail', description: 'A run as in the run list, with its canaries (addition)' });

export const GetRunResponseSchema = z.object({
  run: RunDetailSchema,
  summary: RunSummarySchema.nullable().meta({
    description:
      "The run's summary, the same object as the case summary's `summary`; null until the run is done.",
  }),
  progress: RunProgressSchema.nullable().meta({
    description:
      'How far the run has got while it is queued or running (addition): answers asked and judged, and the families waiting for their turn at the shared provider quota with since when and when their next call is expected; null once it has ended.',
  }),
});

export const ANSWER_FORMATS = ['json', 'csv', 'jsonl'] as const;

const booleanText = z
  .enum(['true', 'false'])
  .transform((value) => value === 'true')
  .meta({ description: '`true` or `false`' });

/** A host name: letters, digits and hyphens in dot-separated labels, as citations record them. */
const CitedDomainFilter = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(
    /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*\.?$/,
    'must be a domain name such as example.com',
  )
  .transform((value) => value.replace(/\.$/, ''));

export const ListAnswersQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(50).meta({
    description: 'Answers per page, 1 to 100 (default 50)',
  }),
  cursor: z.string().max(2000).optional().meta({
    description: '`next_cursor` of the previous page',
  }),
  family: z.enum(PROVIDER_FAMILIES).optional(),
  mode: z.enum(ASK_MODES).optional(),
  block: z.enum(PROMPT_BLOCKS).optional(),
  prompt_id: z.string().max(40).optional().meta({ example: 'A1' }),
  mentioned: booleanText.optional().meta({
    description: 'Keeps answers that name the brand (`true`) or do not (`false`), as counted',
  }),
  entity: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .optional()
    .meta({
      description:
        'The brand or a tracked competitor, by name (case-blind): keeps the answers that count ' +
        "toward its share of answer (unbranded prompts, the name's mention counted, the prompt " +
        'not naming it itself), the numerator of its `share_of_answer` entry',
      example: 'Globex Insights',
    }),
  cited_domain: CitedDomainFilter.optional().meta({
    description:
      'Keeps answers citing a source on this domain or a subdomain of it (`example.com` ' +
      'matches `docs.example.com`, never `notexample.com`); only cited sources count, as in ' +
      '`top_cited_domains`',
    example: 'example.com',
  }),
  citation_category: z
    .enum(SOURCE_CATEGORIES)
    .optional()
    .meta({
      description:
        'Keeps answers citing a source of this category (docs/monitor.md "Source categories"); ' +
        'only cited sources count, as in `citation_categories`',
    }),
  format: z
    .enum(ANSWER_FORMATS)
    .default('json')
    .meta({
      description:
        '`json` (default, paginated), `csv` (`text/csv`, header row) or `jsonl` ' +
        '(`application/x-ndjson`, one answer a line): exports of every matching answer',
    }),
});

const MentionSchema = z
  .object({
    name: z.string(),
    role: z.enum(['brand', 'competitor']),
    detected: z
      .boolean()
      .meta({ description: 'The deterministic matcher found the name or an alias' }),
    judge: z.enum(['confirmed', 'rejected', 'absence', 'not_judged']).meta({
      description: "The judge's verdict on the mention; `not_judged` without a readable verdict",
    }),
    counted: z.boolean().meta({ description: 'The mention the scores count' }),
    in_prompt: z.boolean().meta({
      description: 'The prompt itself names it; share of answer does not count such a mention',
    }),
    recommended: z.boolean().nullable(),
    evidence_quote: z.string().nullable().meta({ description: 'Verbatim from the answer' }),
  })
  .meta({ id: 'AnswerMention' });

const FactSchema = z
  .object({
    key: z.string(),
    status: z.enum(FACT_STATUSES),
    claimed_value: z.string().nullable(),
    evidence_quote: z.string().nullable(),
  })
  .meta({ id: 'AnswerFact' });

const SourceSchema = z
  .object({
    url: z.string(),
    domain: z.string(),
    title: z.string().nullable(),
    cited: z.boolean().meta({
      description: 'True when the answer points at it; false when the search only retrieved it',
    }),
    category: z.enum(SOURCE_CATEGORIES).meta({
      description: 'From the classifier of docs/monitor.md "Source categories"',
    }),
  })
  .meta({ id: 'AnswerSource' });

export const AnswerSchema = z
  .object({
    id: z.string().meta({ description: '`<family>.<mode>.<cell>`, unique within the run' }),
    prompt_id: z.string(),
    block: z.enum(PROMPT_BLOCKS),
    language: z.string(),
    prompt: z.string(),
    family: z.enum(PROVIDER_FAMILIES),
    model: z.string().meta({ description: 'The model id the provider says it served' }),
    mode: z.enum(ASK_MODES),
    repeat: z.number().int().min(1),
    branded: z.boolean().meta({
      description:
        'The prompt names the brand; visibility and share of answer count only unbranded answers',
    }),
    text: z.string(),
    mentions: z.array(MentionSchema).meta({ description: 'The brand first, then competitors' }),
    sentiment: z.number().int().min(-2).max(2).nullable().meta({
      description: "The judge's sentiment toward the brand, -2..2; null when not counted",
    }),
    facts: z.array(FactSchema),
    sources: z.array(SourceSchema),
    search_queries: z.array(z.string()).meta({
      description: 'The web-search queries the model issued, where the provider reports them',
    }),
    tokens: z.object({
      input: z.number().int().nullable(),
      output: z.number().int().nullable(),
    }),
  })
  .meta({ id: 'Answer' });

export const ListAnswersResponseSchema = z.object({
  answers: z.array(AnswerSchema),
  next_cursor: z.string().nullable().meta({
    description: 'Pass as `cursor` for the next page; null on the last page',
  }),
});

export const DeleteAnswersResponseSchema = z.object({
  deleted: z.number().int().min(0).meta({ description: 'Stored answers deleted' }),
});

export type RunIdParams = z.output<typeof RunIdParamsSchema>;
export type ListAnswersQuery = z.output<typeof ListAnswersQuerySchema>;
export type GetRunResponse = z.input<typeof GetRunResponseSchema>;
export type AnswerView = z.input<typeof AnswerSchema>;
export type ListAnswersResponse = z.input<typeof ListAnswersResponseSchema>;
export type DeleteAnswersResponse = z.input<typeof DeleteAnswersResponseSchema>;
