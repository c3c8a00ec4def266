/** The webhooks area's settings, read once with the rest of the configuration (config.ts). */
import type { WebhookConfig } from '#shared/domain/webhooks/config';
import { getConfig } from './platform.ts';

export function getWebhookConfig(): WebhookConfig {
  return getConfig().webhooks;
}
