/**
 * SQS consumer `process-agent-logs`: runs `processAgentLogMessage` (an uploaded access log read
 * and counted, docs/agent-logs.md) for each message with the dependencies of `getAgentLogDeps`; a
 * failed message is reported back alone (partial batch response).
 */
import { processAgentLogMessage } from '#shared/surfaces/queues/agent-logs';
import { createSqsHandler } from '#shared/surfaces/queues/sqs-handler';
import { getAgentLogDeps } from '#shared/wiring/agent-logs';
import { getLogger } from '#shared/wiring/logger';

export const handler = createSqsHandler(
  'process-agent-logs',
  processAgentLogMessage,
  getAgentLogDeps,
  getLogger,
);
