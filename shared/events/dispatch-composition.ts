import { getStore } from '#shared/platform/clients';
import { lazy } from '#shared/platform/lazy';
import { createEventsRepository } from '#shared/store/events-repository';
import { getDeliveryLifecycleDeps } from '#shared/webhooks/composition';
import { deliverEvent } from '#shared/webhooks/deliveries';
import type { EventLog } from './ports.ts';
import type { DomainEvent } from './types.ts';

/**
 * The dispatcher's dependencies, apart from the publisher (composition.ts) so that a function
 * which only publishes events never bundles the webhook delivery code.
 */
export interface DispatchDeps {
  log: EventLog;
  /** Starts the event's webhook deliveries; idempotent per event. */
  deliver(event: DomainEvent): Promise<{ deliveries: number }>;
}

export const getDispatchDeps = lazy((): DispatchDeps => {
  const { doc, tableName } = getStore();
  const lifecycle = getDeliveryLifecycleDeps();
  return {
    log: createEventsRepository(doc, tableName),
    deliver: (event) => deliverEvent(event, lifecycle),
  };
});
