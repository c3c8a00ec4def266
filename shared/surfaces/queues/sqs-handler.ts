/**
 * The shared shape of an SQS consumer: each record handled on its own (concurrently), failures
 * reported as a partial batch response (`ReportBatchItemFailures`), so one bad message is retried
 * (and at last dead-lettered) without the others being processed again. The entry hands in the
 * record handler's dependencies and the logger.
 */
import middy from '@middy/core';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import type { InvocationLogger } from '#shared/domain/kernel/logger';
import { invocationLogging } from '#shared/surfaces/lambda/invocation-logging';

export function createSqsHandler<D>(
  name: string,
  handleRecord: (body: string, deps: D, record: SQSRecord) => Promise<void>,
  getDeps: () => D,
  logger: () => InvocationLogger,
) {
  return middy<SQSEvent, SQSBatchResponse, Error, Context>({ timeoutEarlyInMillis: 0 })
    .use(invocationLogging<SQSEvent, SQSBatchResponse>(logger))
    .handler(async (event) => {
      const deps = getDeps();
      // Records of a batch are independent (events carry their own ids): handle them at once.
      const outcomes = await Promise.allSettled(
        event.Records.map((record) => handleRecord(record.body, deps, record)),
      );
      const failures: SQSBatchResponse['batchItemFailures'] = [];
      outcomes.forEach((outcome, index) => {
        const record = event.Records[index];
        if (outcome.status === 'fulfilled' || !record) return;
        logger().warn(`${name}: message failed, will be retried`, {
          message_id: record.messageId,
          error: outcome.reason as Error,
        });
        failures.push({ itemIdentifier: record.messageId });
      });
      return { batchItemFailures: failures };
    });
}
