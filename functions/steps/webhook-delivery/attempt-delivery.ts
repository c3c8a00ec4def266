import { AttemptStepInputSchema, attemptDelivery } from '#shared/domain/webhooks/steps';
import { createStepHandler } from '#shared/surfaces/workflows/step-handler';
import { getAttemptStepDeps } from '#shared/wiring/webhook-delivery';

export const handler = createStepHandler(
  'attemptDelivery',
  AttemptStepInputSchema,
  attemptDelivery,
  getAttemptStepDeps,
);
