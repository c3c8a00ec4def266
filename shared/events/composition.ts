import { SQSClient } from '@aws-sdk/client-sqs';
import { getConfig, getStore } from '#shared/platform/clients';
import { lazy } from '#shared/platform/lazy';
import { createEventsRepository } from '#shared/store/events-repository';
import { getDeliveryLifecycleDeps } from '#shared/webhooks/composition';
import { deliverEvent } from '#shared/webhooks/deliveries';
import type { EventLog, EventPublisher } from './ports.ts';
import { createSqsPublisher } from './sqs-publisher.ts';
import type { DomainEvent } from './types.ts';

/** One SQS client per process (fauxqs locally, SQS on AWS). */
export const getSqsClient = lazy(
  () => {
    const config = getConfig();
    return new SQSClient({
      region: config.AWS_REGION,
      ...(config.SQS_ENDPOINT
        ? {
            endpoint: config.SQS_ENDPOINT,
            credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
          }
        : {}),
    });
  },
  (client) => client.destroy(),
);

/** The events queue, or undefined where none is configured (events are then not sent). */
export const getEventPublisher = lazy((): EventPublisher | undefined => {
  const url = getConfig().EVENTS_QUEUE_URL;
  return url ? createSqsPublisher(getSqsClient(), url) : undefined;
});

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
