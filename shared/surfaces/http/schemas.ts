/**
 * Wire schemas every route shares (docs/api.md "Every response: `meta`", "Errors and the envelope"). Each area's own schemas
 * live with the area (`shared/<area>/schemas.ts`).
 */
import { z } from 'zod';

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
      code: z
        .string()
        .meta({ description: 'Stable code a program can branch on (see the error table).' }),
      message: z.string().meta({ description: 'Human-readable explanation and what to do.' }),
      request_id: z.string().optional().meta({ description: 'Quote it when asking for support.' }),
      details: z.record(z.string(), z.unknown()).optional(),
    }),
    meta: MetaSchema,
  })
  .meta({ id: 'Error' });

export type Meta = z.infer<typeof MetaSchema>;
