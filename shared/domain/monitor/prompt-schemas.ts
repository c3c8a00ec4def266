/**
 * Wire schemas of a case's prompts (additions, docs/monitor.md "Prompts"):
 * `GET /api/v1/cases/{id}/prompts` answers the list a run asks, `PUT` takes it back changed.
 * An entry read can be sent back as it is: the fields only the service decides (`source`,
 * `prompt_id`, `branded`, `generated_text`) are accepted and ignored.
 */
import { z } from 'zod';
import { MAX_CUSTOM_PROMPTS } from './engine/prompt-limits.ts';
import { PROMPT_BLOCKS } from './engine/types.ts';

const Block = z.enum(PROMPT_BLOCKS).meta({
  description: 'A unbranded discovery, B brand facts, C comparisons, D use cases',
});
const Source = z.enum(['generated', 'custom']);

export const CasePromptSchema = z
  .object({
    id: z.string().meta({
      description: '`<prompt_id>-<language>`; the answers of a run to it have this `prompt_id`',
      example: 'A1-en',
    }),
    text: z.string().meta({ description: 'Exactly what the models are asked' }),
    language: z.string(),
    block: Block,
    enabled: z.boolean().meta({ description: 'false: the next run does not ask it' }),
    source: Source.meta({
      description:
        '`generated` from the case (templates in each language), `custom` when you wrote or ' +
        'reworded it',
    }),
    prompt_id: z.string().meta({ description: 'The prompt regardless of language' }),
    branded: z.boolean().meta({
      description: 'It names the brand: its answers do not count for visibility',
    }),
    generated_text: z.string().nullable().meta({
      description: 'For a reworded generated prompt, the generated wording; else null',
    }),
  })
  .meta({ id: 'CasePrompt' });

export const CasePromptsResponseSchema = z.object({
  prompts: z.array(CasePromptSchema).meta({
    description: 'Every prompt of the case, enabled or not, in the order a run asks them',
  }),
  prompt_set_version: z.string().meta({
    description:
      "The version the next run's summary will carry: changes whenever what is asked changes",
  }),
  repeats: z.number().int().meta({ description: 'Times each prompt is asked per family and mode' }),
  notes: z.array(z.string()).meta({
    description: 'Languages whose prompts are incomplete, and why (missing translations)',
  }),
});

const PromptInput = z
  .object({
    id: z.string().max(80).optional().meta({
      description: 'A prompt of the case (to change or keep it); leave out for a new prompt',
    }),
    text: z.string().trim().min(1).max(1000),
    language: z.string().max(35).optional().meta({
      description: "New prompts: one of the case's languages (default: the first)",
    }),
    block: Block.optional().meta({
      description: 'New prompts: default B when it names the brand, else A',
    }),
    enabled: z.boolean().optional().meta({ description: 'Default true' }),
    source: Source.optional().meta({ description: 'Ignored (read-only)' }),
    prompt_id: z.string().max(80).optional().meta({ description: 'Ignored (read-only)' }),
    branded: z.boolean().optional().meta({ description: 'Ignored (read-only)' }),
    generated_text: z
      .string()
      .max(1000)
      .nullable()
      .optional()
      .meta({ description: 'Ignored (read-only)' }),
  })
  .strict();

export const PutCasePromptsBodySchema = z
  .object({
    prompts: z
      .array(PromptInput)
      .max(600)
      .meta({
        description:
          'The whole list: generated prompts left out are switched off, your own left out are ' +
          `deleted; at most ${MAX_CUSTOM_PROMPTS} of your own`,
      }),
    prompt_set_version: z
      .string()
      .max(40)
      .optional()
      .meta({
        description:
          'The version you read: when the prompts changed since (409 `prompt_set_changed`), ' +
          'nothing is saved',
      }),
  })
  .strict()
  .meta({ id: 'PutCasePromptsRequest' });

export type CasePromptView = z.input<typeof CasePromptSchema>;
export type CasePromptsResponse = z.input<typeof CasePromptsResponseSchema>;
export type PutCasePromptsBody = z.output<typeof PutCasePromptsBodySchema>;
