/**
 * Wire schemas of the webhook routes (docs/api.md "Webhooks": the endpoint, the delivery and the
 * four webhook routes, plus the test, redeliver and rotate-secret additions). Event names are
 * checked by the operations, not here, so an unknown name answers `invalid_event`, not the
 * generic `invalid_request`.
 */
import { z } from 'zod';
import { EVENT_TYPES } from '#shared/domain/events/types';
import { RecordIdSchema } from '#shared/domain/kernel/id-schema';
import { MAX_GRACE_SECONDS } from './config.ts';

export const MAX_LABEL_LENGTH = 200;

const EventNameSchema = z.string().meta({ example: 'scan.completed' });

export const EndpointSchema = z
  .object({
    id: z.uuid(),
    url: z.url().meta({ description: 'https receiver address; immutable after creation' }),
    label: z.string(),
    events: z.array(z.enum(EVENT_TYPES)).meta({ description: 'Subscribed event names' }),
    active: z.boolean().meta({ description: '`false` means delivery is paused' }),
    created_at: z.iso.datetime(),
    paused_reason: z
      .enum(['api', 'gone'])
      .nullable()
      .meta({
        description:
          'Addition. Why the endpoint is inactive: `api` (paused with PATCH) or `gone` (the ' +
          'receiver answered 410 Gone); null while active.',
      }),
  })
  .meta({ id: 'WebhookEndpoint' });

export const ListedEndpointSchema = EndpointSchema.extend({
  last_delivery_at: z.iso.datetime().nullable().meta({
    description: 'When a delivery to this endpoint last succeeded; null before the first one',
  }),
}).meta({ id: 'WebhookEndpointListed' });

export const DELIVERY_STATUSES = ['pending', 'held', 'delivered', 'failed'] as const;

export const AttemptSchema = z
  .object({
    attempt: z.number().int().min(1),
    at: z.iso
      .datetime()
      .meta({ description: 'The `x-service-timestamp` the attempt was signed with' }),
    status: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'HTTP status; null when no answer came' }),
    error_class: z
      .enum(['http', 'redirect', 'timeout', 'network', 'tls', 'blocked'])
      .nullable()
      .meta({ description: 'null when delivered' }),
    error: z.string().nullable(),
    duration_ms: z.number().int().min(0),
  })
  .meta({ id: 'WebhookAttempt' });

export const DeliverySchema = z
  .object({
    id: z.uuid(),
    endpoint_id: z.uuid(),
    event_id: z.uuid(),
    event: z.string().meta({ description: 'Event name (`webhook.test` for a test delivery)' }),
    status: z.enum(DELIVERY_STATUSES).meta({
      description:
        '`pending` (being attempted or waiting for a retry), `held` (the endpoint is paused), ' +
        '`delivered`, `failed` (retries exhausted, 410 Gone, or the receiver address was refused)',
    }),
    attempts: z.number().int().min(0),
    last_status: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'HTTP status of the last attempt; null before one answered' }),
    last_error: z.string().nullable(),
    created_at: z.iso.datetime(),
    delivered_at: z.iso.datetime().nullable(),
    next_attempt_at: z.iso.datetime().nullable().meta({
      description: 'Addition. When the next retry is due; null when none is scheduled',
    }),
    attempt_log: z.array(AttemptSchema).meta({
      description: 'Addition. Every attempt (the latest 30): timestamp, status, error, duration',
    }),
    body: z.string().meta({
      description:
        'Addition. The exact JSON text every attempt of this delivery sends (the bytes its ' +
        'signature covers)',
    }),
  })
  .meta({ id: 'WebhookDelivery' });

export const SignatureDescriptionSchema = z
  .object({
    header: z.literal('x-service-signature'),
    scheme: z.literal('v1'),
    timestamp_header: z.literal('x-service-timestamp'),
    event_id_header: z.literal('x-service-event-id'),
  })
  .meta({ id: 'WebhookSignature' });

export const WebhookIdParamsSchema = z.object({
  id: RecordIdSchema.meta({ description: 'Endpoint id (UUID)' }),
});

export const DeliveryIdParamsSchema = z.object({
  id: RecordIdSchema.meta({ description: 'Delivery id (UUID)' }),
});

export const CreateWebhookBodySchema = z
  .object({
    url: z.string().meta({
      description: 'https receiver; no credentials, no private or reserved address, port 443',
      example: 'https://hooks.example.com/agent-readiness',
    }),
    events: z.array(EventNameSchema).optional().meta({
      description: 'Event names to subscribe to; default: every event name. Not empty.',
    }),
    label: z
      .string()
      .max(MAX_LABEL_LENGTH)
      .optional()
      .meta({
        description: `Free text, at most ${MAX_LABEL_LENGTH} characters; default ""`,
      }),
  })
  .meta({ id: 'CreateWebhookRequest' });

export const UpdateWebhookBodySchema = z
  .object({
    events: z.array(EventNameSchema).optional(),
    label: z.string().max(MAX_LABEL_LENGTH).optional(),
    active: z.boolean().optional().meta({
      description: '`false` pauses delivery (held); `true` resumes it and sends what was held',
    }),
    url: z.unknown().optional().meta({
      description: 'Not changeable: a body carrying `url` is refused (`invalid_request`)',
    }),
  })
  .meta({ id: 'UpdateWebhookRequest' });

export const RotateSecretBodySchema = z
  .object({
    grace_period_s: z
      .number()
      .int()
      .min(0)
      .max(MAX_GRACE_SECONDS)
      .optional()
      .meta({
        description:
          'How long the old secret keeps signing next to the new one; default 86400 (24 h), ' +
          '0 stops it at once',
      }),
  })
  .meta({ id: 'RotateWebhookSecretRequest' });

export const ListWebhooksResponseSchema = z.object({
  events: z.array(z.enum(EVENT_TYPES)).meta({ description: 'Every subscribable event name' }),
  endpoints: z.array(ListedEndpointSchema),
  recent_deliveries: z.array(DeliverySchema).meta({
    description: "The account's 20 most recent deliveries, newest first",
  }),
});

export const CreateWebhookResponseSchema = z.object({
  endpoint: EndpointSchema,
  secret: z.string().meta({
    description: 'Secret that signs the deliveries; this response is the only one that shows it',
  }),
  signature: SignatureDescriptionSchema,
});

export const UpdateWebhookResponseSchema = z.object({ endpoint: EndpointSchema });

export const DeleteWebhookResponseSchema = z.object({
  deleted: z.uuid().meta({ description: 'Id of the removed endpoint' }),
});

export const RotateSecretResponseSchema = z.object({
  endpoint: EndpointSchema,
  secret: z
    .string()
    .meta({ description: 'The new signing secret; this response is the only one that shows it' }),
  previous_secret_expires_at: z.iso.datetime().meta({
    description: 'Until then deliveries carry a second `v1=` value signed with the old secret',
  }),
  signature: SignatureDescriptionSchema,
});

export const DeliveryResponseSchema = z.object({ delivery: DeliverySchema });

export type Endpoint = z.infer<typeof EndpointSchema>;
export type ListedEndpoint = z.infer<typeof ListedEndpointSchema>;
export type Delivery = z.infer<typeof DeliverySchema>;
export type CreateWebhookBody = z.infer<typeof CreateWebhookBodySchema>;
export type UpdateWebhookBody = z.infer<typeof UpdateWebhookBodySchema>;
export type RotateSecretBody = z.infer<typeof RotateSecretBodySchema>;
export type WebhookIdParams = z.infer<typeof WebhookIdParamsSchema>;
export type DeliveryIdParams = z.infer<typeof DeliveryIdParamsSchema>;
