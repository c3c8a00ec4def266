import { createGuardedAgent, type DnsLookup } from '#shared/net/guarded-agent';
import { getConfig, getStore } from '#shared/platform/clients';
import { lazy } from '#shared/platform/lazy';
import { createWebhookDeliveriesRepository } from '#shared/store/webhook-deliveries-repository';
import { createWebhookEndpointsRepository } from '#shared/store/webhook-endpoints-repository';
import { getWorkflowStarter } from '#shared/workflows/composition';
import { DEFAULT_ATTEMPT_TIMEOUT_MS, DEFAULT_MAX_RESPONSE_BYTES, sendAttempt } from './attempt.ts';
import { DELIVERY_RETENTION_DAYS, getWebhookConfig } from './config.ts';
import type { DeliveryLifecycleDeps } from './deliveries.ts';
import type { WebhookDeps } from './operations.ts';
import type { WebhookStore } from './ports.ts';
import type { SendPort } from './sender.ts';
import type { AttemptStepDeps } from './steps.ts';

/**
 * The webhooks area's dependencies, each built once per process on first use. Deliveries go
 * out through one guarded agent per process (its connection pool is shared by every attempt),
 * which checks the receiver's addresses again on every connection.
 */
let installedLookup: DnsLookup | undefined;

/**
 * Tests only (never called by deployed code): resolve receiver names with `lookup` instead of
 * DNS, both when a URL is registered and when a delivery connects, so a test can make a name
 * resolve to a public address at registration and to a private one at delivery time. Call it
 * before the first request of the stack; `undefined` restores DNS.
 */
export function installReceiverLookup(lookup: DnsLookup | undefined): void {
  installedLookup = lookup;
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

export const getWebhookAgent = lazy(
  () =>
    createGuardedAgent({
      allowPrivateTargets: getConfig().ALLOW_PRIVATE_TARGETS,
      ...(installedLookup ? { lookup: installedLookup } : {}),
      connectionsPerOrigin: 10,
    }),
  (agent) => void agent.close(),
);

/** One attempt through the guarded agent: 10 s to answer, at most 4 KiB of the answer read. */
export const sendThroughGuardedAgent: SendPort = (request) =>
  sendAttempt({
    ...request,
    timeoutMs: DEFAULT_ATTEMPT_TIMEOUT_MS,
    maxResponseBytes: DEFAULT_MAX_RESPONSE_BYTES,
    dispatcher: getWebhookAgent(),
  });

export const getWebhookDeps = lazy((): WebhookDeps => {
  const config = getConfig();
  return {
    store: getWebhookStore(),
    workflows: getWorkflowStarter(),
    allowPrivateTargets: config.ALLOW_PRIVATE_TARGETS,
    ...(installedLookup ? { lookup: installedLookup } : {}),
    graceSeconds: getWebhookConfig().graceSeconds,
    send: sendThroughGuardedAgent,
  };
});

/** The dispatcher, the routes that release held deliveries, and the local stack's resume. */
export const getDeliveryLifecycleDeps = lazy(
  (): DeliveryLifecycleDeps => ({ store: getWebhookStore(), workflows: getWorkflowStarter() }),
);

export const getAttemptStepDeps = lazy(
  (): AttemptStepDeps => ({
    store: getWebhookStore(),
    send: sendThroughGuardedAgent,
    schedule: getWebhookConfig().schedule,
  }),
);
