/**
 * The input of the webhook-delivery workflow's task states (the execution input the starter
 * passes, DeliveryExecutionInput): apart from the steps so that a module that only validates
 * it bundles no HTTP client.
 */
import { z } from 'zod';

export const AttemptStepInputSchema = z.object({
  account_id: z.string().min(1),
  delivery_id: z.uuid(),
  endpoint_id: z.uuid(),
  generation: z.number().int().min(0),
});

export type AttemptStepInput = z.infer<typeof AttemptStepInputSchema>;
