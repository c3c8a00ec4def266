/**
 * The OpenAPI 3.1 `webhooks` section: one POST per event name, as a receiver gets it (the four
 * signed headers and the JSON body). docs/webhooks.md says the same in prose.
 */
import { z } from 'zod';
import type { ZodOpenApiOperationObject, ZodOpenApiPathsObject } from 'zod-openapi';
import { EVENT_TYPES, type EventType } from '#shared/domain/events/types';
import {
  EVENT_PAYLOAD_SCHEMAS,
  TEST_EVENT_TYPE,
  TestEventPayloadSchema,
} from '#shared/domain/webhooks/payloads';
import {
  EVENT_HEADER,
  EVENT_ID_HEADER,
  SIGNATURE_HEADER,
  TIMESTAMP_HEADER,
} from '#shared/domain/webhooks/signing';

const DeliveryHeadersSchema = z.object({
  [EVENT_HEADER]: z.string().meta({ description: 'Event name', example: 'scan.completed' }),
  [EVENT_ID_HEADER]: z.uuid().meta({
    description:
      'Event id; the same on every retry. The signed body carries it too: trust that one.',
  }),
  [TIMESTAMP_HEADER]: z.iso.datetime().meta({
    description: 'When this attempt was signed (every attempt signs afresh). Reject > 5 minutes.',
  }),
  [SIGNATURE_HEADER]: z.string().meta({
    description:
      '`v1=` + hex HMAC-SHA256(secret, timestamp + "." + raw body); during a secret rotation ' +
      'two values separated by ", ", newest first.',
    example: 'v1=2c01633956cfc01c498ac15f148374358fc6c74e3043304340fd93c635532a49',
  }),
});

const RECEIVER_RULES =
  'Verify the signature over the raw body before parsing, reject a timestamp more than five ' +
  'minutes away, deduplicate on the body `id`, answer 2xx within 10 seconds. Anything else is ' +
  'retried with growing delays (3xx included: redirects are never followed); 410 Gone stops ' +
  'deliveries to the endpoint. See the webhooks guide.';

function deliveryOperation(
  name: string,
  schema: z.ZodType,
  summary: string,
): ZodOpenApiOperationObject {
  return {
    operationId: `webhook_${name.replace('.', '_')}`,
    summary,
    description: RECEIVER_RULES,
    tags: ['Webhooks'],
    requestParams: { header: DeliveryHeadersSchema },
    requestBody: { required: true, content: { 'application/json': { schema } } },
    responses: {
      '200': { description: 'Any 2xx: delivered.' },
      '410': { description: 'Gone: no more deliveries to this endpoint (it is paused).' },
    },
  };
}

const SUMMARIES: Record<EventType, string> = {
  'scan.completed': 'A scan of your account finished',
  'run.completed': 'A monitor run of one of your cases finished',
  'score.changed': "A run's total score differs from the preceding run's",
  'case.alert': 'An alert rule of a case fired on a finished run (addition)',
};

export function buildWebhookPayloadDocs(): ZodOpenApiPathsObject {
  const webhooks: ZodOpenApiPathsObject = {};
  for (const type of EVENT_TYPES) {
    webhooks[type] = {
      post: deliveryOperation(type, EVENT_PAYLOAD_SCHEMAS[type], SUMMARIES[type]),
    };
  }
  webhooks[TEST_EVENT_TYPE] = {
    post: deliveryOperation(
      TEST_EVENT_TYPE,
      TestEventPayloadSchema,
      'A test delivery (POST /api/v1/webhooks/{id}/test)',
    ),
  };
  return webhooks;
}
