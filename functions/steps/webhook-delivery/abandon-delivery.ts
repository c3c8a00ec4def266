import { AbandonStepInputSchema, abandonDelivery } from '#shared/webhooks/abandon';
import { getWebhookStoreDeps } from '#shared/webhooks/composition';
import { createStepHandler } from '#shared/workflows/step-handler';

export const handler = createStepHandler(
  'abandonDelivery',
  AbandonStepInputSchema,
  abandonDelivery,
  getWebhookStoreDeps,
);
