/** Wire schema of the payment provider's webhook answer (docs/api.md "Plans and billing"). */
import { z } from 'zod';

export const EventReceiptSchema = z
  .object({
    received: z.literal(true),
    event_id: z.string().meta({ description: "The provider's event id (`evt_…`)" }),
    type: z.string().meta({ example: 'customer.subscription.updated' }),
    outcome: z.enum(['applied', 'unchanged', 'replayed', 'ignored']).meta({
      description:
        '`applied`: the plan changed; `unchanged`: the record moved, the plan did not; `replayed`: the event took effect before, nothing changed now; `ignored`: a type or an account this service does not act on',
    }),
  })
  .meta({ id: 'BillingEventReceipt' });
