/**
 * What a receiver gets: the JSON body of each event (docs/webhooks.md "Event bodies", and the
 * OpenAPI `webhooks` section). Every body is `{id, type, created_at, data}`: the event id is
 * inside the signed bytes (so deduplicating on it is safe), the account is never sent.
 */
import { z } from 'zod';
import { CaseAlertDataSchema } from '#shared/domain/alerts/schemas';
import type { DomainEvent, EventType } from '#shared/domain/events/types';
import { CHANGE_CAUSES, ChangeFiguresSchema } from '#shared/domain/monitor/engine/change-schema';

export const TEST_EVENT_TYPE = 'webhook.test';

const envelope = <T extends z.ZodType>(type: string, data: T) =>
  z.object({
    id: z.uuid().meta({ description: 'Event id; the same on every retry. Deduplicate on it.' }),
    type: z.literal(type),
    created_at: z.iso.datetime().meta({ description: 'When the event happened' }),
    data,
  });

export const ScanCompletedDataSchema = z
  .object({
    scan: z.object({
      id: z.uuid().meta({ description: 'Read it with GET /api/v1/scans/{id}' }),
      domain: z.string().meta({ example: 'example.com' }),
      score: z.number().int().min(0).max(100),
      scoring_version: z.number().int(),
      created_at: z.iso.datetime(),
    }),
  })
  .meta({ id: 'ScanCompletedData' });

/**
 * The monitor's events (shared/domain/monitor/events.ts publishes them). Objects are open: a field
 * added later must be ignored by receivers, never break them.
 */
const FamilyScoresSchema = z
  .record(z.string(), z.number().int())
  .meta({ description: 'Per model family (openai, anthropic, perplexity, google)' });

export const RunCompletedDataSchema = z
  .looseObject({
    run_id: z.string(),
    case_id: z.string(),
    case_name: z.string(),
    kind: z.string().meta({ description: '`manual` or `monthly`', example: 'manual' }),
    label: z.string(),
    status: z.enum(['done', 'failed']),
    scheduled_for: z.iso.datetime(),
    finished_at: z.iso.datetime(),
    total_score: z.number().int().nullable().meta({ description: 'null for a failed run' }),
    delta: z.number().int().nullable().meta({
      description: "Difference to the preceding finished run; 0 for a case's first, null if failed",
    }),
    previous_run_id: z.string().nullable(),
    excluded_models: z
      .array(z.string())
      .meta({ description: 'Model families left out of this run (they stayed unavailable)' }),
    error: z.string().nullable().meta({ description: 'Why the run failed; null when done' }),
    changes: z.array(ChangeFiguresSchema).meta({
      description:
        "The run's `summary.changes`, each with its `cause` (engine, competitors, own_site or " +
        'unexplained), without the evidence; empty for a failed run (addition)',
    }),
  })
  .meta({ id: 'RunCompletedData' });

export const ScoreChangedDataSchema = z
  .looseObject({
    run_id: z.string(),
    case_id: z.string(),
    case_name: z.string(),
    previous_run_id: z.string(),
    previous_score: z.number().int(),
    total_score: z.number().int(),
    delta: z.number().int().meta({ description: 'total_score - previous_score; never 0' }),
    per_model: FamilyScoresSchema,
    per_model_delta: FamilyScoresSchema,
    comparable: z.boolean().meta({
      description: 'Both runs asked the same prompts with the same score version',
    }),
    changes: z.array(ChangeFiguresSchema).meta({
      description: "The run's `summary.changes` with their causes (addition)",
    }),
    cause: z.enum(CHANGE_CAUSES).nullable().meta({
      description:
        "The cause of the total score's change; null when it stayed within its noise band (addition)",
    }),
  })
  .meta({ id: 'ScoreChangedData' });

export const TestEventDataSchema = z
  .object({
    endpoint_id: z.uuid(),
    message: z.string(),
  })
  .meta({ id: 'WebhookTestData' });

export const EVENT_PAYLOAD_SCHEMAS = {
  'scan.completed': envelope('scan.completed', ScanCompletedDataSchema).meta({
    id: 'ScanCompletedEvent',
    description: 'A scan requested with an API key finished (single, MCP or batch).',
  }),
  'run.completed': envelope('run.completed', RunCompletedDataSchema).meta({
    id: 'RunCompletedEvent',
    description: 'A monitor run of one of your cases finished.',
  }),
  'score.changed': envelope('score.changed', ScoreChangedDataSchema).meta({
    id: 'ScoreChangedEvent',
    description: "A finished run's total_score differs from the preceding run's.",
  }),
  'case.alert': envelope('case.alert', CaseAlertDataSchema).meta({
    id: 'CaseAlertEvent',
    description:
      'An alert rule of one of your cases fired on a finished run (addition; docs/alerts.md).',
  }),
} as const satisfies Record<EventType, z.ZodType>;

export const TestEventPayloadSchema = envelope(TEST_EVENT_TYPE, TestEventDataSchema).meta({
  id: 'WebhookTestEvent',
  description: 'Sent by POST /api/v1/webhooks/{id}/test only; never retried.',
});

/** The exact body bytes of an event, fixed once for every attempt of every delivery. */
export function eventBody(event: Pick<DomainEvent, 'id' | 'type' | 'created_at' | 'data'>): string {
  return JSON.stringify({
    id: event.id,
    type: event.type,
    created_at: event.created_at,
    data: event.data,
  });
}

export function testEventBody(endpointId: string, id: string, createdAt: string): string {
  return JSON.stringify({
    id,
    type: TEST_EVENT_TYPE,
    created_at: createdAt,
    data: {
      endpoint_id: endpointId,
      message: 'A test delivery from the Agent-Readiness API: your receiver is reachable.',
    },
  });
}
