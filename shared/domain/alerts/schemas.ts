/**
 * Wire schemas of the alert routes (docs/alerts.md; additions to the contract): a rule as sent
 * and as read, its firings and their deliveries, and the preview over past runs. The rules
 * between fields (which metric takes which condition) are rules.ts; these schemas check shapes.
 */
import { z } from 'zod';
import { RecordIdSchema } from '#shared/domain/kernel/id-schema';
import { CHANGE_CAUSES } from '#shared/domain/monitor/engine/change-schema';
import { ChangeEvidenceSchema } from '#shared/domain/monitor/engine/loop-schema';
import { PROVIDER_FAMILIES } from '#shared/domain/monitor/provider-port';
import { DeliverySchema } from '#shared/domain/webhooks/schemas';
import { ALERT_CONDITIONS, ALERT_METRICS } from './rules.ts';

/** At most this many addresses get one rule's mail (and a case's digest). */
export const MAX_ALERT_EMAILS = 10;
/** At most this many rules per case. */
export const MAX_ALERTS_PER_CASE = 50;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** One address, trimmed and lower-cased; no spaces or line breaks can reach a mail header. */
export const EmailAddressSchema = z
  .string()
  .trim()
  .max(254)
  .regex(EMAIL_PATTERN, 'not a valid e-mail address')
  .transform((value) => value.toLowerCase())
  .meta({ example: 'marketing@example.com' });

/** One address or several, read as a list without duplicates. */
export const EmailListSchema = z
  .union([EmailAddressSchema, z.array(EmailAddressSchema).max(MAX_ALERT_EMAILS)])
  .transform((value) => [...new Set(Array.isArray(value) ? value : [value])]);

export const AlertChannelsBodySchema = z
  .object({
    webhook: z.boolean().optional().meta({
      description:
        'Send the `case.alert` event to the account’s webhook endpoints subscribed to it; default false',
    }),
    email: EmailListSchema.optional().meta({
      description: `Addresses (one or a list of up to ${MAX_ALERT_EMAILS}) that get a plain-text mail`,
    }),
    slack_url: z.string().max(2048).optional().meta({
      description:
        'A Slack-compatible incoming webhook (https, no credentials, public address; checked like webhook endpoints)',
      example: 'https://hooks.slack.com/services/T000/B000/XXXX',
    }),
  })
  .strict();

/** The rule's own fields, shared by creation and the preview. */
const RULE_FIELDS = {
  metric: z.enum(ALERT_METRICS),
  family: z.enum(PROVIDER_FAMILIES).optional().meta({
    description:
      'Narrows the rule to one model family (mention_rate, citations_lost, model_changed)',
  }),
  brand: z.string().trim().min(1).max(200).optional().meta({
    description:
      'Whose figure: share_of_answer (default the case’s own brand), citations_lost (default the brand), new_competitor (one discovered name)',
  }),
  condition: z.enum(ALERT_CONDITIONS),
  threshold: z.number().finite().optional().meta({
    description:
      'below/above: the level (a fraction for rates and shares, points for total_score); drop/rise/change: the smallest change that counts',
  }),
  significant_only: z.boolean().optional().meta({
    description:
      'Default true: fire only on a change in `summary.changes` (beyond its 95 % interval), carrying its cause and evidence',
  }),
};

export const CreateAlertBodySchema = z
  .object({ ...RULE_FIELDS, channels: AlertChannelsBodySchema })
  .strict()
  .meta({ id: 'CreateAlertRequest' });

export const PreviewAlertBodySchema = z
  .object({
    ...RULE_FIELDS,
    channels: AlertChannelsBodySchema.optional().meta({
      description: 'Ignored: a preview sends nothing',
    }),
  })
  .strict()
  .meta({ id: 'PreviewAlertRequest' });

export const AlertChannelsSchema = z
  .object({
    webhook: z.boolean(),
    email: z.array(z.string()),
    slack_url: z.string().nullable().meta({
      description:
        'As stored; callers that may not change rules (read-only keys, viewers) see it shortened to its host and first path segment',
    }),
  })
  .meta({ id: 'AlertChannels' });

export const AlertSchema = z
  .object({
    id: z.uuid(),
    case_id: z.uuid(),
    metric: z.enum(ALERT_METRICS),
    family: z.enum(PROVIDER_FAMILIES).nullable(),
    brand: z.string().nullable(),
    condition: z.enum(ALERT_CONDITIONS),
    threshold: z.number().nullable(),
    significant_only: z.boolean(),
    channels: AlertChannelsSchema,
    created_at: z.iso.datetime(),
    last_fired_at: z.iso.datetime().nullable().meta({ description: 'null until it first fires' }),
  })
  .meta({ id: 'Alert' });

export const AlertIdParamsSchema = z.object({
  id: RecordIdSchema.meta({ description: 'Case id' }),
  alert_id: RecordIdSchema.meta({ description: 'Alert rule id' }),
});

export const AlertResponseSchema = z.object({ alert: AlertSchema });
export const ListAlertsResponseSchema = z.object({ alerts: z.array(AlertSchema) });
export const DeleteAlertResponseSchema = z.object({
  deleted: z.uuid().meta({ description: 'Id of the removed rule' }),
});

const pair = z.array(z.number()).length(2);
const FigureValue = z.union([z.number(), z.array(z.string())]).nullable();

/** What moved, as every channel carries it (the `case.alert` event's figures). */
export const AlertFiguresSchema = z
  .object({
    metric: z.enum(ALERT_METRICS),
    family: z.enum(PROVIDER_FAMILIES).nullable(),
    brand: z.string().nullable(),
    before: FigureValue.meta({
      description:
        'The figure in the run compared with: a number (rates and shares as fractions, total_score in points); the model ids for model_changed; null when there is none',
    }),
    after: FigureValue,
    change: z.number().nullable().meta({ description: 'after - before; null for model_changed' }),
    interval: pair.nullable().meta({ description: '95 % interval [low, high] of the change' }),
    cause: z.enum(CHANGE_CAUSES).nullable().meta({
      description:
        'engine, competitors, own_site or unexplained; null when the figure moved within its noise band (significant_only false)',
    }),
    evidence: ChangeEvidenceSchema.nullable().meta({
      description: 'What decided the cause (`summary.changes[].evidence`)',
    }),
    domains: z.array(z.string()).optional().meta({
      description: 'citations_lost: every domain that no longer cites the brand',
    }),
    text: z.string().meta({ description: 'The alert in one readable line' }),
  })
  .meta({ id: 'AlertFigures' });

export const AlertDeliverySchema = DeliverySchema.extend({
  channel: z.enum(['webhook', 'slack', 'email']),
  target: z.string().nullable().meta({
    description:
      'The address (e-mail) or URL (Slack, shortened for callers that may not change rules); null for a webhook, whose endpoint is `endpoint_id`',
  }),
}).meta({
  id: 'AlertDelivery',
  description:
    'A delivery of a firing, recorded like a webhook delivery; `endpoint_id` is the endpoint for a webhook and the alert rule for Slack and e-mail',
});

export const AlertFiringSchema = AlertFiguresSchema.extend({
  run_id: z.string(),
  fired_at: z.iso.datetime(),
  deliveries: z.array(AlertDeliverySchema).meta({
    description: 'Its deliveries on every channel, oldest first',
  }),
}).meta({ id: 'AlertFiring' });

export const ListAlertDeliveriesResponseSchema = z.object({
  firings: z.array(AlertFiringSchema).meta({ description: 'The latest 20 firings, newest first' }),
});

export const PreviewAlertResponseSchema = z.object({
  preview: z.object({
    runs: z.number().int().min(0).meta({ description: 'Finished runs looked at (at most 24)' }),
    fired: z.number().int().min(0).meta({ description: 'Runs on which the rule would have fired' }),
    firings: z.array(
      AlertFiguresSchema.pick({ before: true, after: true, change: true, cause: true, text: true })
        .extend({ run_id: z.string(), label: z.string(), finished_at: z.iso.datetime() })
        .meta({ id: 'AlertPreviewFiring' }),
    ),
  }),
});

export type CreateAlertBody = z.output<typeof CreateAlertBodySchema>;
export type PreviewAlertBody = z.output<typeof PreviewAlertBodySchema>;
export type AlertView = z.output<typeof AlertSchema>;
export type AlertIdParams = z.output<typeof AlertIdParamsSchema>;
export type AlertFigures = z.output<typeof AlertFiguresSchema>;
export type AlertFiringView = z.output<typeof AlertFiringSchema>;
export type PreviewAlertResponse = z.output<typeof PreviewAlertResponseSchema>;

/** The `case.alert` event's `data` (docs/webhooks.md "Events and their bodies"). */
export const CaseAlertDataSchema = AlertFiguresSchema.extend({
  alert: z
    .looseObject({
      id: z.uuid(),
      metric: z.enum(ALERT_METRICS),
      family: z.enum(PROVIDER_FAMILIES).nullable(),
      brand: z.string().nullable(),
      condition: z.enum(ALERT_CONDITIONS),
      threshold: z.number().nullable(),
      significant_only: z.boolean(),
    })
    .meta({ description: 'The rule that fired (never its channels)' }),
  case_id: z.uuid(),
  case_name: z.string(),
  run_id: z.string(),
  run_label: z.string(),
  case_url: z.url().meta({ description: 'The case on the dashboard' }),
})
  .loose()
  .meta({ id: 'CaseAlertData' });
