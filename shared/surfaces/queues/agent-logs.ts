/**
 * The `agent-logs` queue's record handler: a message names one upload (account, domain, id);
 * processing runs `processIngest`, told when this is the queue's last receive of the message, so
 * that an upload that keeps failing ends `failed` while its message goes to the dead-letter queue.
 * A message that names no upload is logged and dropped: no retry could mend it.
 */
import type { SQSRecord } from 'aws-lambda';
import { z } from 'zod';
import type { AgentLogDeps } from '#shared/domain/agent-logs/ports';
import { processIngest } from '#shared/domain/agent-logs/process';
import { RecordIdSchema } from '#shared/domain/kernel/id-schema';
import { QUEUES } from './manifest.ts';

const IngestMessageSchema = z.object({
  owner_id: z.string().min(1),
  domain: z.string().min(1).max(300),
  ingest_id: RecordIdSchema,
});

const MAX_RECEIVES =
  QUEUES.find((queue) => queue.name === 'agent-logs')?.maxReceiveCount ?? Number.POSITIVE_INFINITY;

export async function processAgentLogMessage(
  body: string,
  deps: AgentLogDeps,
  record: SQSRecord,
): Promise<void> {
  let message: z.infer<typeof IngestMessageSchema>;
  try {
    message = IngestMessageSchema.parse(JSON.parse(body));
  } catch {
    deps.logger.error('agent-logs: a message that names no upload was dropped', {
      message_id: record.messageId,
    });
    return;
  }
  const receives = Number(record.attributes?.ApproximateReceiveCount ?? '1');
  await processIngest(message, deps, { lastAttempt: receives >= MAX_RECEIVES });
}
