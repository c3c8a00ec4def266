import { getAttemptStepDeps } from '#shared/webhooks/composition';
import { AbandonStepInputSchema, abandonDelivery } from '#shared/webhooks/steps';
import { createStepHandler } from '#shared/workflows/step-handler';

export const handler = createStepHandler(
  'abandonDelivery',
  AbandonStepInputSchema,
  abandonDelivery,
  getAttemptStepDeps,
);
