/**
 * Domain events (docs/api.md "Webhooks", docs/webhooks.md): something happened to an account's data. They travel
 * through SQS to the dispatcher, which delivers them to the account's webhook endpoints.
 */
import { z } from 'zod';

export const EVENT_TYPES = [
  'scan.completed',
  'run.completed',
  'score.changed',
  'case.alert',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export const DomainEventSchema = z.object({
  id: z.uuid(),
  type: z.enum(EVENT_TYPES),
  created_at: z.iso.datetime(),
  /** The account the event belongs to; never sent to receivers. */
  account_id: z.string().min(1),
  data: z.record(z.string(), z.unknown()),
});

export type DomainEvent = z.infer<typeof DomainEventSchema>;

export function newEvent(
  type: EventType,
  accountId: string,
  data: Record<string, unknown>,
  now: Date,
): DomainEvent {
  return {
    id: crypto.randomUUID(),
    type,
    created_at: now.toISOString(),
    account_id: accountId,
    data,
  };
}
