/** The events port on AWS and locally (fauxqs): domain events as messages of the events queue. */
import { SendMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';
import type { EventPublisher } from '#shared/domain/events/ports';
import { UnavailableError } from '#shared/domain/kernel/errors';

/** Publishes each event as one SQS message; the event type is a message attribute. */
export function createSqsPublisher(client: SQSClient, queueUrl: string): EventPublisher {
  return {
    async publish(event) {
      try {
        await client.send(
          new SendMessageCommand({
            QueueUrl: queueUrl,
            MessageBody: JSON.stringify(event),
            MessageAttributes: { type: { DataType: 'String', StringValue: event.type } },
          }),
        );
      } catch (error) {
        throw new UnavailableError('service_unavailable', 'The event queue is unavailable.', {
          cause: error,
        });
      }
    },
  };
}
