/** The agent-log queue port on AWS and locally (fauxqs): one message per upload to process. */
import { SendMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';
import type { IngestQueue } from '#shared/domain/agent-logs/ports';
import { UnavailableError } from '#shared/domain/kernel/errors';

/** Sends the upload's reference (account, domain, id) as the message body. */
export function createSqsIngestQueue(client: SQSClient, queueUrl: string): IngestQueue {
  return {
    async enqueue(ref) {
      try {
        await client.send(
          new SendMessageCommand({
            QueueUrl: queueUrl,
            MessageBody: JSON.stringify({
              owner_id: ref.owner_id,
              domain: ref.domain,
              ingest_id: ref.ingest_id,
            }),
          }),
        );
      } catch (error) {
        throw new UnavailableError('service_unavailable', 'The agent-log queue is unavailable.', {
          cause: error,
        });
      }
    },
  };
}
