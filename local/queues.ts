/**
 * SQS locally: fauxqs in process (persisted under DATA_DIR when the stack has one), every queue
 * of the manifest with its dead-letter queue, and a poller per queue that hands received
 * messages to the same handler module an SQS event source would invoke on AWS, honouring its
 * partial batch response.
 */
import type { Message } from '@aws-sdk/client-sqs';
import {
  CreateQueueCommand,
  DeleteMessageBatchCommand,
  GetQueueAttributesCommand,
  ReceiveMessageCommand,
  SQSClient,
} from '@aws-sdk/client-sqs';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { startFauxqs } from 'fauxqs';
import type { Logger } from '#shared/domain/kernel/logger';
import {
  deadLetterQueueName,
  QUEUES,
  type QueueDefinition,
} from '#shared/surfaces/queues/manifest';
import { invokeLocal } from './lambda-runtime.ts';

/** Batches of one queue handled at once (Lambda's event source also runs several). */
const BATCHES_IN_FLIGHT = 4;

export interface LocalQueues {
  endpoint: string;
  urls: Record<string, string>;
  client: SQSClient;
  close(): Promise<void>;
}

export interface LocalQueueOptions {
  dataDir: string | null;
  /** Scales visibility timeouts (retries of failed messages) like workflow waits. */
  timeScale: number;
  /** The service's logger, read at each use (the stack's wiring may have been started again). */
  logger: () => Logger;
}

function clientFor(endpoint: string): SQSClient {
  return new SQSClient({
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
}

/**
 * fauxqs names queues `http://sqs.<region>.<host>:<port>/<account>/<name>`, which is not a valid
 * URL when the host is an IP address; the path-style form on the endpoint addresses the same queue.
 */
function pathStyle(queueUrl: string, endpoint: string): string {
  const path = /^https?:\/\/[^/]+(\/.*)$/.exec(queueUrl)?.[1];
  if (!path) throw new Error(`Unexpected queue URL ${queueUrl}`);
  return `${endpoint}${path}`;
}

async function createQueue(
  client: SQSClient,
  endpoint: string,
  queue: QueueDefinition,
  timeScale: number,
): Promise<string> {
  const dlq = await client.send(
    new CreateQueueCommand({ QueueName: deadLetterQueueName(queue.name) }),
  );
  const dlqAttributes = await client.send(
    new GetQueueAttributesCommand({ QueueUrl: dlq.QueueUrl, AttributeNames: ['QueueArn'] }),
  );
  const created = await client.send(
    new CreateQueueCommand({
      QueueName: queue.name,
      Attributes: {
        VisibilityTimeout: String(
          Math.max(1, Math.round(queue.visibilityTimeoutSeconds * timeScale)),
        ),
        RedrivePolicy: JSON.stringify({
          deadLetterTargetArn: dlqAttributes.Attributes?.QueueArn,
          maxReceiveCount: queue.maxReceiveCount,
        }),
      },
    }),
  );
  if (!created.QueueUrl) throw new Error(`fauxqs did not create ${queue.name}`);
  return pathStyle(created.QueueUrl, endpoint);
}

function toSqsEvent(messages: Message[], queueArn: string): SQSEvent {
  return {
    Records: messages.map((message) => ({
      messageId: message.MessageId ?? '',
      receiptHandle: message.ReceiptHandle ?? '',
      body: message.Body ?? '',
      attributes: {
        ApproximateReceiveCount: message.Attributes?.ApproximateReceiveCount ?? '1',
        SentTimestamp: message.Attributes?.SentTimestamp ?? String(Date.now()),
        SenderId: 'local',
        ApproximateFirstReceiveTimestamp: String(Date.now()),
      },
      messageAttributes: {},
      md5OfBody: message.MD5OfBody ?? '',
      eventSource: 'aws:sqs',
      eventSourceARN: queueArn,
      awsRegion: 'us-east-1',
    })),
  };
}

/** Receives up to a batch of the queue's messages, waiting up to a second for the first. */
async function receive(client: SQSClient, queue: QueueDefinition, url: string): Promise<Message[]> {
  const received = await client.send(
    new ReceiveMessageCommand({
      QueueUrl: url,
      MaxNumberOfMessages: queue.batchSize,
      WaitTimeSeconds: 1,
      MessageSystemAttributeNames: ['All'],
    }),
  );
  return received.Messages ?? [];
}

/** Hands one received batch to the queue's handler and deletes what it did not report failed. */
async function handleBatch(
  client: SQSClient,
  queue: QueueDefinition,
  url: string,
  messages: Message[],
  logger: Logger,
): Promise<void> {
  let failed = new Set(messages.map((message) => message.MessageId));
  try {
    const response = await invokeLocal<SQSEvent, SQSBatchResponse>(
      queue.handler,
      toSqsEvent(messages, `arn:aws:sqs:us-east-1:000000000000:${queue.name}`),
      {
        functionName: queue.name,
        timeoutMs: queue.visibilityTimeoutSeconds * 1000,
        invoker: { kind: 'queue', queue: queue.name },
      },
    );
    failed = new Set(response?.batchItemFailures?.map((failure) => failure.itemIdentifier));
  } catch (error) {
    logger.error('queue handler failed; the batch will be received again', {
      queue: queue.name,
      error: error as Error,
    });
  }
  const done = messages.filter((message) => !failed.has(message.MessageId));
  if (done.length > 0) {
    await client.send(
      new DeleteMessageBatchCommand({
        QueueUrl: url,
        Entries: done.map((message, index) => ({
          Id: String(index),
          ReceiptHandle: message.ReceiptHandle,
        })),
      }),
    );
  }
}

/**
 * One long poll per queue at a time, with up to BATCHES_IN_FLIGHT batches being handled, as
 * Lambda's event source runs several batches at once. fauxqs wakes every waiting receive when
 * one message arrives and all but one come back empty, so several waiting receives per queue
 * would cost a burst of empty round trips for each message (issue 37).
 */
async function pump(
  client: SQSClient,
  queue: QueueDefinition,
  url: string,
  control: { running: () => boolean; logger: () => Logger },
): Promise<void> {
  const inFlight = new Set<Promise<void>>();
  while (control.running()) {
    if (inFlight.size >= BATCHES_IN_FLIGHT) {
      await Promise.race(inFlight);
      continue;
    }
    try {
      const messages = await receive(client, queue, url);
      if (messages.length === 0) continue;
      const batch = handleBatch(client, queue, url, messages, control.logger())
        .catch((error: unknown) => {
          control.logger().warn('queue batch not deleted', {
            queue: queue.name,
            error: error as Error,
          });
        })
        .finally(() => inFlight.delete(batch));
      inFlight.add(batch);
    } catch (error) {
      if (control.running()) {
        control.logger().warn('queue poll failed', { queue: queue.name, error: error as Error });
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
  }
  await Promise.all(inFlight);
}

export async function startLocalQueues(options: LocalQueueOptions): Promise<LocalQueues> {
  const server = await startFauxqs({
    port: 0,
    host: '127.0.0.1',
    logger: false,
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
  });
  const endpoint = `http://127.0.0.1:${server.port}`;
  const client = clientFor(endpoint);
  const urls: Record<string, string> = {};
  for (const queue of QUEUES) {
    urls[queue.name] = await createQueue(client, endpoint, queue, options.timeScale);
  }

  let running = true;
  const pumps = QUEUES.map((queue) =>
    pump(client, queue, urls[queue.name] as string, {
      running: () => running,
      logger: options.logger,
    }),
  );
  return {
    endpoint,
    urls,
    client,
    async close() {
      running = false;
      await Promise.all(pumps);
      client.destroy();
      await server.stop();
    },
  };
}
