import { getDispatchDeps } from '#shared/events/dispatch-composition';
import { dispatchEvent } from '#shared/events/operations';
import { createSqsHandler } from '#shared/queues/sqs-handler';

export const handler = createSqsHandler('dispatch-events', dispatchEvent, getDispatchDeps);
