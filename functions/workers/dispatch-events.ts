/**
 * SQS consumer `dispatch-events`: runs `dispatchEvent` for each message with the dependencies of
 * `getDispatchDeps`; a failed message is reported back alone (partial batch response).
 */
import { dispatchEvent } from '#shared/domain/events/operations';
import { createSqsHandler } from '#shared/surfaces/queues/sqs-handler';
import { getDispatchDeps } from '#shared/wiring/events-dispatch';
import { getLogger } from '#shared/wiring/logger';

export const handler = createSqsHandler(
  'dispatch-events',
  dispatchEvent,
  getDispatchDeps,
  getLogger,
);
