/** The webhooks area's ids, derived from what they stand for. */
import { nameBasedUuid } from '#shared/domain/kernel/ids';
import { executionNameFor } from '#shared/domain/kernel/workflow-port';

/**
 * A delivery is one event for one endpoint, so its id is a name-based UUID of the two: a message
 * SQS delivers twice finds the delivery it created the first time, and its execution (named after
 * the delivery and its generation) is refused by the workflow service instead of running twice.
 */
export function deliveryIdFor(eventId: string, endpointId: string): string {
  return nameBasedUuid(`webhook-delivery:${eventId}:${endpointId}`);
}

/** One execution per delivery and generation (a redelivery or a resumption is a new one). */
export function deliveryExecutionName(deliveryId: string, generation: number): string {
  return executionNameFor('whd', `${deliveryId}-${generation}`);
}
