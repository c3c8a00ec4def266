/**
 * Wire schemas of the monitor's loop (issue 29, docs/monitor.md "Canaries", "Every change has a
 * cause", "Methodology"): `run.canary`, the summary's `changes` with their evidence (the figures
 * of a change are in change-schema.ts, which the events use alone) and `methodology`, and the
 * canaries' own usage. Published in OpenAPI through the summary and run schemas.
 */
import { z } from 'zod';
import { PROVIDER_FAMILIES } from '#shared/domain/monitor/provider-port';
import { ChangeFiguresSchema } from './change-schema.ts';

const Family = z.enum(PROVIDER_FAMILIES);
const count = z.number().int().min(0);
/** A `[low, high]` pair (an array of two, not a tuple: generated clients read it as a list). */
const pair = z.array(z.number()).length(2);

export const FamilyCanarySchema = z
  .object({
    served_models: z.array(z.string()).meta({
      description: 'Model ids the family served in this run, most frequent first',
    }),
    answers: count.meta({ description: "The family's canary answers in this run" }),
    drift: z
      .number()
      .min(0)
      .max(1)
      .nullable()
      .meta({
        description:
          "Share of the canary answers' features (control brands named, domains cited, length) " +
          "that differ from the previous run's; null on a case's first run",
      }),
    interval: pair.nullable().meta({
      description: '95% Wilson interval [low, high] of `drift`; null with it',
    }),
  })
  .meta({ id: 'FamilyCanary' });

export const RunCanarySchema = z
  .object({
    prompt_set_version: z.string().meta({
      description: "Version of the service's control set (not the case's prompt set)",
      example: 'canary-v1',
    }),
    families: z.partialRecord(Family, FamilyCanarySchema),
  })
  .meta({
    id: 'RunCanary',
    description:
      'The canary prompts of the run (addition): brand-neutral control questions asked per ' +
      'family and mode, never counted in the scores. Null before the run is done, and for ' +
      'runs from before canaries.',
  });

export const ChangeEvidenceSchema = z
  .object({
    text: z.string().meta({ description: 'The reason in plain words' }),
    models: z.array(
      z.object({ family: Family, before: z.array(z.string()), after: z.array(z.string()) }),
    ),
    canaries: z.array(
      z.object({ family: Family, drift: z.number().nullable(), interval: pair.nullable() }),
    ),
    scans: z.array(
      z.object({
        scan_id: z.string(),
        created_at: z.string(),
        role: z.enum(['before', 'after']),
      }),
    ),
    checks: z.array(
      z.object({
        check: z.string(),
        before: z.string().meta({ description: 'good, warn, bad or unknown' }),
        after: z.string(),
      }),
    ),
    prompts: z
      .object({
        stable: count.meta({ description: 'Prompts (per family) where the brand stayed stable' }),
        brand: pair.meta({ description: "The brand's mention rate there, before and after" }),
        competitors: pair.meta({ description: "The competitors' mention rate there" }),
        interval: pair.meta({ description: "Interval of the competitors' change" }),
      })
      .nullable(),
  })
  .meta({ id: 'ChangeEvidence' });

export const SummaryChangeSchema = ChangeFiguresSchema.extend({
  evidence: ChangeEvidenceSchema,
}).meta({ id: 'SummaryChange' });

export const MethodologySchema = z
  .object({
    version: z.string().meta({ example: 'method-v1' }),
    interval: z.literal('wilson'),
    confidence: z.number().meta({ example: 0.95 }),
    repeats: z.number().int().min(1),
    families: z.array(Family).meta({ description: 'Families whose answers count in this run' }),
    sample_sizes: z.object({
      answers: count.meta({ description: 'Answers the scores count (canaries not included)' }),
      per_family: z.partialRecord(Family, count),
    }),
    minimum_detectable_effect: z
      .object({
        share_of_answer: z.number().min(0).max(1),
        mention_rate: z.number().min(0).max(1),
      })
      .meta({
        description:
          'The smallest change against another run of this size that a 95% test finds 80% of ' +
          'the time (two-sided), in rate units (0.1 = 10 points)',
      }),
  })
  .meta({ id: 'Methodology' });

export const CanaryUsageSchema = z
  .object({
    answer_calls: count,
    judge_calls: count,
    input_tokens: count,
    output_tokens: count,
    estimated_cost_usd: z.number().min(0),
  })
  .meta({
    id: 'CanaryUsage',
    description: 'The canary calls (addition); not included in the totals above',
  });

export type FamilyCanary = z.infer<typeof FamilyCanarySchema>;
export type RunCanary = z.infer<typeof RunCanarySchema>;
export type SummaryChange = z.infer<typeof SummaryChangeSchema>;
export type ChangeEvidence = z.infer<typeof ChangeEvidenceSchema>;
export type Methodology = z.infer<typeof MethodologySchema>;
