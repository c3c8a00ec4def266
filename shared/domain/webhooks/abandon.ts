/**
 * The webhook delivery workflow's last resort: when the attempt step itself keeps failing, the
 * delivery is marked failed with its reason instead of staying pending with nothing to run it.
 */
import { z } from 'zod';
import type { Logger } from '#shared/domain/kernel/logger';
import type { WebhookStore } from './ports.ts';
import { AttemptStepInputSchema } from './steps-input.ts';

export const AbandonStepInputSchema = AttemptStepInputSchema.extend({
  failure: z.object({ Error: z.string().optional(), Cause: z.string().optional() }).optional(),
});

/**
 * After the attempt step failed repeatedly (the store or the function itself, never the
 * receiver: every receiver outcome is a result): the delivery is failed with a reason instead of
 * staying pending with nothing to run it, so it shows in the log and can be redelivered.
 */
export async function abandonDelivery(
  input: z.infer<typeof AbandonStepInputSchema>,
  deps: { store: WebhookStore; logger: Logger },
): Promise<{ next: 'abandoned' | 'superseded' }> {
  const delivery = await deps.store.deliveries.getDelivery(input.account_id, input.delivery_id);
  if (!delivery || delivery.generation !== input.generation || delivery.status !== 'pending') {
    return { next: 'superseded' };
  }
  const reason = input.failure?.Error ?? 'an internal error';
  deps.logger.error('webhook delivery abandoned: its attempt step kept failing', {
    delivery_id: delivery.id,
    event_id: delivery.event_id,
    error: reason,
    cause: input.failure?.Cause?.slice(0, 500),
  });
  const abandoned = await deps.store.deliveries.abandon(
    delivery,
    `The delivery could not be attempted (${reason} on our side); send it again with redeliver.`,
  );
  return { next: abandoned ? 'abandoned' : 'superseded' };
}
