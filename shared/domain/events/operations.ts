/** The events area's operation: what the dispatcher does with each message of the events queue. */
import type { DispatchDeps } from './ports.ts';
import { DomainEventSchema } from './types.ts';

/**
 * The dispatcher's work for one queue message: record the event (once: a message SQS delivers
 * twice is recognised by the event id), then hand it to the webhooks, which start one delivery
 * execution per subscribed endpoint of the account, then to the follow-ups (the alerts of a
 * finished run, docs/alerts.md). Every step is idempotent, so a message that
 * fails half-way is simply received again. A body that is not an event is logged and dropped:
 * no retry can make it valid, and the dead-letter queue is for messages that could succeed later.
 */
export async function dispatchEvent(body: string, deps: DispatchDeps): Promise<void> {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    json = undefined;
  }
  const parsed = DomainEventSchema.safeParse(json);
  if (!parsed.success) {
    deps.logger.error('dropped a message that is not an event', { body: body.slice(0, 200) });
    return;
  }
  const event = parsed.data;
  const first = await deps.log.record(event);
  // Also for an event seen before: the first try may have stopped before every delivery started.
  const { deliveries } = await deps.deliver(event);
  for (const followUp of deps.followUps ?? []) await followUp(event);
  deps.logger.info(first ? 'event recorded' : 'event seen before', {
    event_id: event.id,
    type: event.type,
    deliveries,
  });
}
