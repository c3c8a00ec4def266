/**
 * Step Functions task `attemptDelivery` of the webhook-delivery workflow
 * (shared/surfaces/workflows/manifest.ts): checks its input against `AttemptStepInputSchema` and
 * runs `attemptDelivery` with the dependencies of `getAttemptStepDeps`.
 */
import { AttemptStepInputSchema, attemptDelivery } from '#shared/domain/webhooks/steps';
import { createStepHandler } from '#shared/surfaces/workflows/step-handler';
import { getLogger } from '#shared/wiring/logger';
import { getAttemptStepDeps } from '#shared/wiring/webhook-delivery';

export const handler = createStepHandler(
  'attemptDelivery',
  AttemptStepInputSchema,
  attemptDelivery,
  getAttemptStepDeps,
  getLogger,
);
