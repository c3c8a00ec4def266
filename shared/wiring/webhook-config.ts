/** The webhooks area's settings, read once per process (domain/webhooks/config.ts parses them). */
import { loadWebhookConfig } from '#shared/domain/webhooks/config';
import { lazy } from './lazy.ts';

export const getWebhookConfig = lazy(() => loadWebhookConfig());
