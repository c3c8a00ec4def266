import { dispatchEvent } from '#shared/domain/events/operations';
import { createSqsHandler } from '#shared/surfaces/queues/sqs-handler';
import { getDispatchDeps } from '#shared/wiring/events-dispatch';

export const handler = createSqsHandler('dispatch-events', dispatchEvent, getDispatchDeps);
