/**
 * The `summary` of docs/api.md ("Cases and runs", `get_case_summary`), with this service's additive fields. The API uses
 * it as response schema and in OpenAPI; `RunSummary` is inferred from it, so the engine and
 * the documentation cannot drift apart.
 */
import { z } from 'zod';
import { PROVIDER_FAMILIES } from '#shared/domain/monitor/provider-port';
import {
  CitationCategorySchema,
  ModelChangeSchema,
  ServedModelsSchema,
  TopSearchQuerySchema,
} from './insights.ts';
import { CanaryUsageSchema, MethodologySchema, SummaryChangeSchema } from './loop-schema.ts';
import { ReadinessGapsSchema } from './readiness-schema.ts';

const Family = z.enum(PROVIDER_FAMILIES);
const count = z.number().int().min(0);
const fraction = z.number().min(0).max(1);
const perFamilyInt = z.partialRecord(Family, z.number().int());

export const RateIntervalSchema = z
  .object({
    value: fraction.meta({ description: 'The rate: successes / n (0 when n is 0).' }),
    lower: fraction,
    upper: fraction,
    successes: z.number().min(0).meta({ description: 'May be fractional for weighted rates.' }),
    n: count.meta({ description: 'Observations behind the rate; 0 means no evidence.' }),
    n_effective: z.number().min(0).meta({
      description:
        'Sample size the interval used: n divided by the design effect of repeated prompts for answer-level rates, else n.',
    }),
  })
  .meta({ id: 'RateInterval', description: 'Wilson score interval, 95% confidence.' });

const DimensionsSchema = z.object({
  visibility: fraction.meta({
    description:
      'Share of unbranded answers (prompts not naming the brand) in which the brand is named and, where judged, confirmed by the judge.',
  }),
  accuracy: fraction.meta({
    description:
      'Correct fact claims (partially correct count half) over fact claims the answers made, judged against the fact sheet.',
  }),
  sentiment: fraction.meta({
    description:
      'Mean judged sentiment toward the brand over its counted mentions, -2..2 mapped to 0..1.',
  }),
});

const DimensionIntervalsSchema = z.object({
  visibility: RateIntervalSchema,
  accuracy: RateIntervalSchema,
  sentiment: RateIntervalSchema,
});

export const ShareOfAnswerEntrySchema = z
  .object({
    name: z.string(),
    share: fraction.meta({
      description: 'judge_mentions / total; the shares sum to 1 (all 0 when total is 0).',
    }),
    mentions: count.meta({
      description: 'Unbranded answers in which the name was found by the deterministic matcher.',
    }),
    judge_mentions: count.meta({
      description:
        'Of those, answers where the mention stands: confirmed by the judge, or not judged (deterministic result).',
    }),
    total: count.meta({ description: 'Sum of judge_mentions over the brand and all competitors.' }),
    is_self: z.boolean(),
  })
  .meta({ id: 'ShareOfAnswerEntry' });

const blockCounts = z.object({ A: count, B: count, C: count, D: count }).meta({
  description:
    'Citations by prompt block: A unbranded discovery, B brand facts, C comparisons, D use cases.',
});

export const CitedDomainSchema = z
  .object({
    domain: z.string().meta({ description: 'Registrable domain (public-suffix list).' }),
    citations: count.meta({
      description: 'Distinct cited URLs on the domain, summed over answers.',
    }),
    answers: count.meta({ description: 'Answers citing the domain at least once.' }),
    share: fraction.meta({ description: 'citations / all citations of the run.' }),
    is_self: z.boolean(),
    competitor: z.string().nullable(),
    by_model: perFamilyInt.meta({ description: 'Citations per model family.' }),
    by_block: blockCounts,
  })
  .meta({ id: 'CitedDomain' });

export const SourcesMetaSchema = z
  .object({
    answers_total: count,
    answers_with_sources: count.meta({ description: 'Answers with at least one cited source.' }),
    training_recall: z.object({
      raw_mentions: count.meta({
        description: 'Unbranded answers without web search that name the brand.',
      }),
      raw_total: count,
      online_mentions: count.meta({
        description: 'Unbranded answers with web search that name the brand.',
      }),
      online_total: count,
    }),
    excluded_models: z.array(Family).optional(),
  })
  .meta({ id: 'SourcesMeta' });

export const SummaryDeltaSchema = z
  .object({
    total_score: z
      .number()
      .int()
      .meta({ description: 'Current minus previous total score; 0 without a previous run.' }),
    per_model: perFamilyInt.meta({ description: 'Per family present in both runs.' }),
    previous_run_id: z
      .string()
      .nullable()
      .meta({ description: 'null for the first finished run of a case.' }),
    comparable: z.boolean().meta({
      description:
        'Both runs asked the same prompts (prompt set version), tracked the same competitors, ' +
        'counted the same model families and used the same score version; false for the ' +
        'first run.',
    }),
    differences: z
      .array(
        z
          .object({
            what: z.enum(['prompts', 'competitors', 'families', 'score_version']),
            added: z.array(z.string()).meta({ description: 'Competitors or families added' }),
            removed: z.array(z.string()),
            text: z.string().meta({ description: 'The difference in words' }),
          })
          .meta({ id: 'RunDifference' }),
      )
      .optional()
      .meta({
        description:
          'What makes the two runs not comparable (addition); empty when `comparable` is true ' +
          'and for the first run. Absent in runs before it was recorded.',
      }),
    share_of_answer: z.record(z.string(), z.number()).optional().meta({
      description:
        'Per name tracked in both runs: its share of answer minus the earlier one (addition).',
    }),
    dimensions: z
      .object({ visibility: z.number(), accuracy: z.number(), sentiment: z.number() })
      .nullable(),
    visibility_change: z
      .object({
        difference: z.number(),
        lower: z.number(),
        upper: z.number(),
        within_noise: z.boolean().meta({ description: 'The 95% interval of the change covers 0.' }),
      })
      .nullable()
      .meta({ description: 'Newcombe interval for the visibility change.' }),
    model_changes: z
      .array(ModelChangeSchema)
      .optional()
      .meta({
        description:
          'Families whose served model ids differ from the previous run (addition): a change of ' +
          'score there may be the model, not the brand. Empty when none changed or without a ' +
          'previous run that recorded `served_models`.',
      }),
  })
  .meta({ id: 'SummaryDelta' });

const familyUsage = z.object({
  calls: count,
  input_tokens: count,
  output_tokens: count,
  searches: count,
  estimated_cost_usd: z.number().min(0),
});

export const ModelPriceSchema = z
  .object({
    input_per_million: z.number().min(0),
    output_per_million: z.number().min(0),
    per_search: z.number().min(0),
  })
  .meta({ id: 'ModelPrice', description: 'USD per million tokens and per web search.' });

export const RunUsageSchema = z
  .object({
    answer_calls: count,
    judge_calls: count,
    input_tokens: count,
    output_tokens: count,
    searches: count.meta({
      description: 'Answers that ran a web search (one billed search assumed each).',
    }),
    calls_without_usage: count.meta({
      description: 'Calls whose provider reported no token counts.',
    }),
    estimated_cost_usd: z.number().min(0),
    by_model: z.partialRecord(Family, familyUsage),
    prices: z.partialRecord(Family, ModelPriceSchema),
    judge: z
      .object({
        calls: count,
        input_tokens: count,
        output_tokens: count,
        estimated_cost_usd: z.number().min(0),
      })
      .optional()
      .meta({ description: 'The judge calls alone, included in the totals above (addition).' }),
    canaries: CanaryUsageSchema.optional(),
  })
  .meta({
    id: 'RunUsage',
    description: 'Tokens and an estimate of the cost, answers and judge calls included.',
  });

export const RunSummarySchema = z
  .object({
    total_score: z.number().int().min(0).max(100),
    per_model: perFamilyInt.meta({
      description: 'Score per family that answered; excluded families are absent.',
    }),
    dimensions: DimensionsSchema,
    share_of_answer: z.array(ShareOfAnswerEntrySchema),
    top_gaps: z.array(z.string()),
    delta: SummaryDeltaSchema,
    top_cited_domains: z.array(CitedDomainSchema),
    own_citation_rate: fraction.meta({
      description: 'Answers citing the brand domain / answers_with_sources.',
    }),
    competitor_citation_rate: z.record(z.string(), fraction).meta({
      description: 'Per competitor: answers citing its domain / answers_with_sources.',
    }),
    sources_meta: SourcesMetaSchema,
    score_version: z.number().int().meta({ description: 'Version of the score formula.' }),
    prompt_set_version: z
      .string()
      .meta({ description: 'Template version and hash of the prompts asked.' }),
    per_model_dimensions: z.partialRecord(Family, DimensionsSchema).meta({
      description: 'The three dimensions per family, on that family’s answers.',
    }),
    intervals: z
      .object({
        confidence: z.literal(0.95),
        method: z.literal('wilson'),
        dimensions: DimensionIntervalsSchema,
        per_model: z.partialRecord(Family, DimensionIntervalsSchema),
        share_of_answer: z.record(z.string(), RateIntervalSchema),
        own_citation_rate: RateIntervalSchema,
        competitor_citation_rate: z.record(z.string(), RateIntervalSchema),
        top_cited_domains: z.record(z.string(), RateIntervalSchema),
        training_recall: z.object({ raw: RateIntervalSchema, online: RateIntervalSchema }),
      })
      .meta({ description: 'A 95% Wilson interval for every rate above, keyed like the rates.' }),
    judge: z
      .object({
        version: z.string(),
        judged_answers: count,
        unjudged_answers: count.meta({ description: 'Answers measured deterministically only.' }),
        disagreements: count.meta({ description: 'Deterministic mentions the judge rejected.' }),
        judge_only: count.meta({
          description: 'Mentions only the judge saw (alias suggestions, not counted).',
        }),
        dropped_quotes: count.meta({
          description: 'Judge entries dropped: evidence not verbatim in the answer.',
        }),
      })
      .meta({ description: 'How the judge confirmed the deterministic mentions.' }),
    usage: RunUsageSchema,
    top_search_queries: z
      .array(TopSearchQuerySchema)
      .optional()
      .meta({
        description:
          'The web-search queries the models issued, most answers first, at most 20 (addition; ' +
          'absent in runs before it was recorded).',
      }),
    citation_categories: z.array(CitationCategorySchema).optional().meta({
      description:
        'Share of cited URLs per source category (addition; docs/monitor.md "Source categories").',
    }),
    served_models: ServedModelsSchema.optional(),
    discovered_brands: z
      .array(
        z
          .object({
            name: z.string().meta({ description: 'As the answers spell it (first seen)' }),
            answers: count.meta({ description: 'Judged answers naming it' }),
            share: RateIntervalSchema.meta({
              description: 'answers / judged answers, with its 95% Wilson interval',
            }),
            families: z.array(Family),
          })
          .meta({ id: 'DiscoveredBrand' }),
      )
      .optional()
      .meta({
        description:
          'Brands the judge found named as options for the category that the case does not ' +
          'track (not the brand, its aliases or a competitor), most answers first, at most 10 ' +
          "(addition). Add one with a PATCH of the case's `competitors`.",
      }),
    changes: z
      .array(SummaryChangeSchema)
      .optional()
      .meta({
        description:
          'Every figure that moved beyond its noise band since the previous comparable run, each ' +
          'with its cause and the evidence that decided it (addition; empty without a comparable ' +
          'earlier run, absent in runs before it).',
      }),
    methodology: MethodologySchema.optional().meta({
      description:
        "How this run's numbers were sampled and the smallest change they can detect (addition).",
    }),
    readiness_gaps: ReadinessGapsSchema.optional().meta({
      description:
        'Which checks the sites cited where competitors win pass and the brand’s site fails ' +
        '(addition; absent in runs before it, and when the scanning step failed).',
    }),
  })
  .meta({ id: 'CaseSummary', description: 'Result of a finished monitor run.' });

export type RunSummary = z.infer<typeof RunSummarySchema>;
export type SummaryDelta = z.infer<typeof SummaryDeltaSchema>;
export type CitedDomain = z.infer<typeof CitedDomainSchema>;
export type ModelPrice = z.infer<typeof ModelPriceSchema>;
export type RunUsage = z.infer<typeof RunUsageSchema>;
