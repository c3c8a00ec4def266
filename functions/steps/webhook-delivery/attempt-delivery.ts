import { getAttemptStepDeps } from '#shared/webhooks/delivery-composition';
import { AttemptStepInputSchema, attemptDelivery } from '#shared/webhooks/steps';
import { createStepHandler } from '#shared/workflows/step-handler';

export const handler = createStepHandler(
  'attemptDelivery',
  AttemptStepInputSchema,
  attemptDelivery,
  getAttemptStepDeps,
);
