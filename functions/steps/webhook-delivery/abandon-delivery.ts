/**
 * Step Functions task `abandonDelivery` of the webhook-delivery workflow
 * (shared/surfaces/workflows/manifest.ts): checks its input against `AbandonStepInputSchema` and
 * runs `abandonDelivery` with the dependencies of `getWebhookStoreDeps`.
 */
import { AbandonStepInputSchema, abandonDelivery } from '#shared/domain/webhooks/abandon';
import { createStepHandler } from '#shared/surfaces/workflows/step-handler';
import { getLogger } from '#shared/wiring/logger';
import { getWebhookStoreDeps } from '#shared/wiring/webhooks';

export const handler = createStepHandler(
  'abandonDelivery',
  AbandonStepInputSchema,
  abandonDelivery,
  getWebhookStoreDeps,
  getLogger,
);
