import { z } from 'zod';

/**
 * Wire schemas of the public API (SPEC.md "Resources and their fields"). They validate input,
 * type the handlers and generate the OpenAPI document; the `id` in `.meta()` names the component.
 */

export const MetaSchema = z
  .object({
    pricing: z.object({ model: z.literal('free') }),
    generated_at: z.iso.datetime(),
    docs: z.url().meta({ description: 'URI of the API documentation page' }),
  })
  .meta({ id: 'Meta', description: 'Present on every response, errors included.' });

export const ErrorEnvelopeSchema = z
  .object({
    error: z.object({
      code: z.string().meta({ description: 'Stable machine-readable code (see Errors).' }),
      message: z.string().meta({ description: 'Human-readable explanation and what to do.' }),
      request_id: z.string().optional().meta({ description: 'Quote it when asking for support.' }),
      details: z.record(z.string(), z.unknown()).optional(),
    }),
    meta: MetaSchema,
  })
  .meta({ id: 'Error' });

export const UuidSchema = z.uuid();

export const FindingSchema = z
  .object({
    state: z.enum(['good', 'warn', 'bad', 'unknown', 'info']),
    text: z.string(),
  })
  .meta({ id: 'Finding' });

export const CheckSchema = z
  .object({
    id: z.string().meta({ example: 'crawler' }),
    pillar: z.enum(['R', 'E', 'A', 'D']).meta({
      description: 'R Retrievable, E Explainable, A Actionable, D Distributed',
    }),
    title: z.string(),
    state: z.enum(['good', 'warn', 'bad', 'unknown']).meta({
      description: '`unknown` with `max` 0 when nothing in the check applies or could be evaluated',
    }),
    score: z.number().min(0),
    max: z.number().min(0),
    findings: z.array(FindingSchema),
  })
  .meta({ id: 'Check' });

export const ScanSchema = z
  .object({
    id: z.uuid(),
    domain: z.string().meta({ example: 'example.com' }),
    score: z.number().int().min(0).max(100),
    scoring_version: z.number().int().meta({ example: 2 }),
    created_at: z.iso.datetime(),
    url: z.url().meta({ description: 'Address of the shareable result page' }),
    checks: z.array(CheckSchema),
  })
  .meta({ id: 'Scan' });

export const StatsSchema = z
  .object({
    domains: z.number().int().min(0),
    scans: z.number().int().min(0),
    scoring_version: z.number().int(),
    median_score: z.number().nullable().meta({ description: 'null until the first scan' }),
    updated_at: z.iso.datetime().nullable(),
    score_distribution: z
      .array(z.object({ from: z.number().int(), to: z.number().int(), count: z.number().int() }))
      .meta({ description: 'Scan counts in ten score bands (0-9, ..., 90-100).' }),
    check_failure_rate: z
      .record(z.string(), z.number())
      .meta({ description: 'Per check id: fraction of scans where the check was `bad`.' }),
  })
  .meta({ id: 'Stats' });

export const CreateScanBodySchema = z
  .object({
    domain: z.string().meta({
      description: 'A domain or URL, with or without scheme, with or without `www.`',
      example: 'example.com',
    }),
  })
  .meta({ id: 'CreateScanRequest' });

export const ScanIdParamsSchema = z.object({
  id: UuidSchema.meta({ description: 'Scan id (UUID)' }),
});

export const ScanResponseSchema = z.object({ scan: ScanSchema });
export const StatsResponseSchema = z.object({ stats: StatsSchema });

export type Meta = z.infer<typeof MetaSchema>;
export type Scan = z.infer<typeof ScanSchema>;
export type Stats = z.infer<typeof StatsSchema>;
