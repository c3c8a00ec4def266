import { AbandonStepInputSchema, abandonDelivery } from '#shared/domain/webhooks/abandon';
import { createStepHandler } from '#shared/surfaces/workflows/step-handler';
import { getWebhookStoreDeps } from '#shared/wiring/webhooks';

export const handler = createStepHandler(
  'abandonDelivery',
  AbandonStepInputSchema,
  abandonDelivery,
  getWebhookStoreDeps,
);
