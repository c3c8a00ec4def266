/**
 * Wire schemas of `GET /api/v1/cases/{id}/fixes` (addition, docs/monitor.md "Did the fix pay
 * off?"): each check of the brand's site that went from failing to passing, the case's figures
 * before and after, the competitors' as a control, and a verdict.
 */
import { z } from 'zod';
import { PROVIDER_FAMILIES } from './provider-port.ts';

const Family = z.enum(PROVIDER_FAMILIES);
/** A `[low, high]` pair (an array of two, not a tuple: generated clients read it as a list). */
const pair = z.array(z.number()).length(2);
const count = z.number().int().min(0);

export const FIX_VERDICTS = ['improved', 'no_change', 'worse', 'too_early'] as const;

const SideSchema = z.object({
  runs: z.array(z.string()).meta({ description: 'Finished runs of this side, oldest first' }),
  answers: count.meta({ description: 'Unbranded answers of those runs (what the rates stand on)' }),
});

export const FixFigureSchema = z
  .object({
    metric: z.enum(['share_of_answer', 'own_citation_rate', 'mention_rate']),
    family: Family.optional().meta({ description: 'For `mention_rate`: the model family' }),
    before: z.number(),
    after: z.number(),
    change: z.number().meta({ description: 'after - before' }),
    interval: pair.meta({ description: '95% Newcombe interval of the change' }),
    control: z
      .object({ before: z.number(), after: z.number(), change: z.number(), interval: pair })
      .nullable()
      .meta({
        description:
          "The same change for the competitors (their mention rate; their sites' citation " +
          'rate); null when the runs do not record it',
      }),
    net: z
      .object({ change: z.number(), interval: pair })
      .meta({ description: "The change minus the control's, with the intervals combined" }),
  })
  .meta({ id: 'FixFigure' });

export const FixSchema = z
  .object({
    check: z.string().meta({ description: 'The scan check id', example: 'llms' }),
    title: z.string(),
    domain: z.string().meta({ description: 'The domain the scans saw' }),
    fixed_at: z.iso.datetime().meta({ description: 'When the first passing scan was made' }),
    scan_id: z.string().meta({ description: 'The first passing scan' }),
    previous_scan_id: z.string().meta({ description: 'The last failing scan before it' }),
    from_state: z.enum(['warn', 'bad']).meta({ description: 'The check before the fix' }),
    before: SideSchema,
    after: SideSchema,
    figures: z.array(FixFigureSchema),
    minimum_detectable_effect: z.number().nullable().meta({
      description:
        'The smallest change the two sides can tell from noise (95%, 80% power, at p = 0.5)',
    }),
    engine_changed: z.boolean().meta({
      description:
        'A family served other models on the two sides, or its canaries moved after the fix: ' +
        'the verdict then never claims an improvement',
    }),
    engine: z.array(
      z.object({
        family: Family,
        before: z.array(z.string()),
        after: z.array(z.string()),
        canary_moved: z.boolean(),
      }),
    ),
    verdict: z.enum(FIX_VERDICTS),
    reason: z.string().meta({ description: 'The verdict in plain words' }),
  })
  .meta({ id: 'Fix' });

export const ListFixesResponseSchema = z.object({
  fixes: z.array(FixSchema).meta({ description: 'Oldest fix first (a timeline)' }),
});

export type FixView = z.input<typeof FixSchema>;
export type ListFixesResponse = z.input<typeof ListFixesResponseSchema>;
