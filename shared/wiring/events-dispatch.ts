/** The dispatcher's dependencies, apart from the publisher (events.ts) so that a function which
 * only publishes events never bundles the webhook delivery code. */
import { createEventsRepository } from '#shared/adapters/dynamodb/events-repository';
import { alertOnRunCompleted } from '#shared/domain/alerts/dispatch';
import type { DispatchDeps } from '#shared/domain/events/ports';
import { deliverEvent } from '#shared/domain/webhooks/deliveries';
import { getAlertDispatchDeps } from '#shared/wiring/alerts';
import { lazy } from '#shared/wiring/lazy';
import { getLogger } from '#shared/wiring/logger';
import { getStore } from '#shared/wiring/platform';
import { getDeliveryLifecycleDeps } from '#shared/wiring/webhooks';

export const getDispatchDeps = lazy((): DispatchDeps => {
  const { doc, tableName } = getStore();
  const lifecycle = getDeliveryLifecycleDeps();
  return {
    log: createEventsRepository(doc, tableName),
    deliver: (event) => deliverEvent(event, lifecycle),
    followUps: [(event) => alertOnRunCompleted(event, getAlertDispatchDeps())],
    logger: getLogger(),
  };
});
