/**
 * The figures of one change of a run (docs/monitor.md "Every change has a cause"): which figure
 * moved, from what to what, the interval of the change and its cause. The summary's item adds the
 * evidence (loop-schema.ts); the events carry these figures alone, and bundle only this module.
 */
import { z } from 'zod';
import { PROVIDER_FAMILIES } from '#shared/domain/monitor/provider-port';

export const CHANGE_CAUSES = ['engine', 'competitors', 'own_site', 'unexplained'] as const;
export type ChangeCause = (typeof CHANGE_CAUSES)[number];

export const CHANGE_METRICS = [
  'total_score',
  'share_of_answer',
  'own_citation_rate',
  'mention_rate',
] as const;
export type ChangeMetric = (typeof CHANGE_METRICS)[number];

export const ChangeFiguresSchema = z
  .object({
    metric: z.enum(CHANGE_METRICS),
    family: z
      .enum(PROVIDER_FAMILIES)
      .optional()
      .meta({ description: 'For `mention_rate`: the model family' }),
    brand: z.string().optional().meta({
      description: 'For `share_of_answer`: the brand or competitor whose share moved (addition)',
    }),
    before: z.number(),
    after: z.number(),
    change: z.number().meta({ description: 'after - before' }),
    /** A `[low, high]` pair (an array of two, not a tuple: generated clients read it as a list). */
    interval: z
      .array(z.number())
      .length(2)
      .meta({ description: '95% interval of the change; it does not cover 0' }),
    cause: z.enum(CHANGE_CAUSES),
  })
  .meta({
    id: 'EventChange',
    description: "A change of the run's summary with its cause, as the events carry it",
  });
