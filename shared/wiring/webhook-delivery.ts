/**
 * What sends deliveries: one guarded agent per process (its connection pool is shared by every
 * attempt), which checks the receiver's addresses again on every connection. Only the attempt
 * step and the test route bundle it.
 */
import { createGuardedAgent } from '#shared/adapters/http/guarded-agent';
import {
  DEFAULT_ATTEMPT_TIMEOUT_MS,
  DEFAULT_MAX_RESPONSE_BYTES,
  sendAttempt,
} from '#shared/adapters/http/webhook-attempt';
import type { SendPort } from '#shared/domain/webhooks/sender';
import type { AttemptStepDeps } from '#shared/domain/webhooks/steps';
import type { TestWebhookDeps } from '#shared/domain/webhooks/test-delivery';
import { alertChannels } from '#shared/wiring/alert-channels';
import { lazy } from '#shared/wiring/lazy';
import { getLogger } from '#shared/wiring/logger';
import { getMailPort } from '#shared/wiring/mail';
import { getMetrics, traceOutboundHttp } from '#shared/wiring/observability';
import { getClock, getConfig } from '#shared/wiring/platform';
import { getWebhookConfig } from './webhook-config.ts';
import { getWebhookStore, receiverLookup } from './webhooks.ts';

export const getWebhookAgent = lazy(
  ({ connectStep }) => {
    traceOutboundHttp();
    return createGuardedAgent({
      allowPrivateTargets: getConfig().ALLOW_PRIVATE_TARGETS,
      loopbackOnly: getConfig().OFFLINE_DNS,
      ...(connectStep ? { connectStep } : {}),
      lookup: receiverLookup(),
      connectionsPerOrigin: 10,
    });
  },
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

export const getAttemptStepDeps = lazy(
  (): AttemptStepDeps => ({
    store: getWebhookStore(),
    send: sendThroughGuardedAgent,
    // Slack posts go through the same guarded agent as webhooks; mails through the mail port.
    channels: alertChannels({
      post: sendThroughGuardedAgent,
      // Built on the first mail: a function that never mails needs no MAIL_FROM.
      mail: { send: (message) => getMailPort().send(message) },
    }),
    schedule: getWebhookConfig().schedule,
    logger: getLogger(),
    clock: getClock(),
    metrics: getMetrics(),
  }),
);

export const getWebhookTestDeps = lazy(
  (): TestWebhookDeps => ({
    store: getWebhookStore(),
    send: sendThroughGuardedAgent,
    logger: getLogger(),
    clock: getClock(),
    metrics: getMetrics(),
  }),
);
