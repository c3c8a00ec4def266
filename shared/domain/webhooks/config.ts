/**
 * The webhooks area's settings, read once per process (a Lambda cold start, the local stack's
 * start): a bad WEBHOOK_RETRY_DELAYS_S stops the process there with a message naming the entry,
 * never a request later.
 */
import { z } from 'zod';
import { resolveRetrySchedule } from './retry-schedule.ts';

export const DEFAULT_GRACE_SECONDS = 24 * 3_600;
export const MAX_GRACE_SECONDS = 7 * 24 * 3_600;
/** Endpoints one account may register (Stripe allows 16, GitHub 20 per repository). */
export const MAX_ENDPOINTS_PER_ACCOUNT = 20;
/** Entries of `recent_deliveries` in `GET /api/v1/webhooks`. */
export const RECENT_DELIVERIES = 20;
/** Attempts kept per delivery in its log (the count itself is never capped). */
export const ATTEMPT_LOG_LENGTH = 30;
/** Delivery records are removed by the store's TTL this long after they were created. */
export const DELIVERY_RETENTION_DAYS = 30;

const WebhookConfigSchema = z.object({
  /** Comma-separated seconds between attempts (retry-schedule.ts); unset: the default. */
  WEBHOOK_RETRY_DELAYS_S: z.string().optional(),
  /** Default grace period of a rotated-out secret. */
  WEBHOOK_SECRET_GRACE_S: z.coerce
    .number()
    .int()
    .min(0)
    .max(MAX_GRACE_SECONDS)
    .default(DEFAULT_GRACE_SECONDS),
});

export interface WebhookConfig {
  schedule: readonly number[];
  graceSeconds: number;
}

export function loadWebhookConfig(
  env: Readonly<Record<string, string | undefined>>,
): WebhookConfig {
  const parsed = WebhookConfigSchema.safeParse(env);
  if (!parsed.success) {
    throw new Error(`Invalid webhook configuration: ${parsed.error.issues[0]?.message}`);
  }
  return {
    schedule: resolveRetrySchedule(parsed.data.WEBHOOK_RETRY_DELAYS_S),
    graceSeconds: parsed.data.WEBHOOK_SECRET_GRACE_S,
  };
}
