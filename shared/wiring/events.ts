/** Publishing domain events: the SQS client and the events queue's publisher of this process. */
import { SQSClient } from '@aws-sdk/client-sqs';
import { createSqsPublisher } from '#shared/adapters/sqs/event-publisher';
import type { EventPublisher } from '#shared/domain/events/ports';
import { lazy } from '#shared/wiring/lazy';
import { traced } from '#shared/wiring/observability';
import { getConfig } from '#shared/wiring/platform';

/** One SQS client per process (fauxqs locally, SQS on AWS). */
export const getSqsClient = lazy(
  () => {
    const config = getConfig();
    return traced(
      new SQSClient({
        region: config.AWS_REGION,
        ...(config.SQS_ENDPOINT
          ? {
              endpoint: config.SQS_ENDPOINT,
              credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
            }
          : {}),
      }),
    );
  },
  (client) => client.destroy(),
);

/** The events queue, or undefined where none is configured (events are then not sent). */
export const getEventPublisher = lazy((): EventPublisher | undefined => {
  const url = getConfig().EVENTS_QUEUE_URL;
  return url ? createSqsPublisher(getSqsClient(), url) : undefined;
});
