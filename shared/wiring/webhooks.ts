/**
 * The webhooks area's dependencies, each built once per process on first use. What sends
 * deliveries (the guarded agent, undici) is in delivery-composition.ts, so the routes that only
 * manage endpoints and the dispatcher never bundle an HTTP client.
 */
import { createWebhookDeliveriesRepository } from '#shared/adapters/dynamodb/webhook-deliveries-repository';
import { createWebhookEndpointsRepository } from '#shared/adapters/dynamodb/webhook-endpoints-repository';
import type { DnsLookup } from '#shared/adapters/http/guarded-agent';
import { DELIVERY_RETENTION_DAYS } from '#shared/domain/webhooks/config';
import type { DeliveryLifecycleDeps } from '#shared/domain/webhooks/deliveries';
import type { WebhookDeps } from '#shared/domain/webhooks/operations';
import type { WebhookStore } from '#shared/domain/webhooks/ports';
import { getDnsLookup } from '#shared/wiring/dns';
import { lazy, wiringSettings } from '#shared/wiring/lazy';
import { getLogger } from '#shared/wiring/logger';
import { getClock, getStore } from '#shared/wiring/platform';
import { getWorkflowStarter } from '#shared/wiring/workflows';
import { getWebhookConfig } from './webhook-config.ts';

/** The lookup for receivers: a test's (the wiring's `receiverLookup`), else the service's one lookup. */
export function receiverLookup(): DnsLookup {
  return wiringSettings().receiverLookup ?? getDnsLookup();
}

export const getWebhookStore = lazy((): WebhookStore => {
  const { doc, tableName } = getStore();
  return {
    endpoints: createWebhookEndpointsRepository(doc, tableName),
    deliveries: createWebhookDeliveriesRepository(doc, tableName, {
      retentionDays: DELIVERY_RETENTION_DAYS,
    }),
  };
});

export const getWebhookDeps = lazy(({ config, receiverLookup: lookup }): WebhookDeps => {
  return {
    store: getWebhookStore(),
    workflows: getWorkflowStarter(),
    allowPrivateTargets: config.ALLOW_PRIVATE_TARGETS,
    lookup: lookup ?? getDnsLookup(),
    graceSeconds: getWebhookConfig().graceSeconds,
    logger: getLogger(),
    clock: getClock(),
  };
});

/** The dispatcher, the routes that release held deliveries, and the local stack's resume. */
export const getDeliveryLifecycleDeps = lazy(
  (): DeliveryLifecycleDeps => ({
    store: getWebhookStore(),
    workflows: getWorkflowStarter(),
    logger: getLogger(),
    clock: getClock(),
  }),
);

/** Steps that only touch the store (AbandonDelivery). */
export const getWebhookStoreDeps = lazy(() => ({ store: getWebhookStore(), logger: getLogger() }));
