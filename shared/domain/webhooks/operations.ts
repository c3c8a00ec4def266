/**
 * The webhook routes of docs/api.md (list, create, change, delete). The additions (test delivery,
 * redelivery, secret rotation) are in additions.ts. Every read goes through the caller's
 * account, so another account's endpoint answers 404 exactly like a missing one.
 */
import { type AuditEvent, auditEvent } from '#shared/domain/audit/events';
import { EVENT_TYPES, type EventType } from '#shared/domain/events/types';
import { type Clock, nowIso } from '#shared/domain/kernel/clock';
import { BadRequestError, ConflictError, NotFoundError } from '#shared/domain/kernel/errors';
import type { Logger } from '#shared/domain/kernel/logger';
import type { CallerInput } from '#shared/domain/kernel/operation';
import type { WorkflowStarter } from '#shared/domain/kernel/workflow-port';
import { MAX_ENDPOINTS_PER_ACCOUNT, RECENT_DELIVERIES } from './config.ts';
import { dropWaitingDeliveries, releaseHeldDeliveries } from './deliveries.ts';
import type { EndpointChanges, StoredEndpoint, WebhookStore } from './ports.ts';
import type { CreateWebhookBody, UpdateWebhookBody, WebhookIdParams } from './schemas.ts';
import { generateWebhookSecret, SIGNATURE_DESCRIPTION } from './signing.ts';
import { type ReceiverLookup, validateReceiverUrl } from './url-policy.ts';
import { deliveryView, endpointView, listedEndpointView } from './views.ts';

export interface WebhookDeps {
  store: WebhookStore;
  workflows: WorkflowStarter;
  allowPrivateTargets: boolean;
  /** The service's one name lookup (OFFLINE_DNS governs it). */
  lookup: ReceiverLookup;
  graceSeconds: number;
  logger: Logger;
  clock: Clock;
  newId?: () => string;
  newSecret?: () => string;
}

const isEventType = (name: string): name is EventType =>
  (EVENT_TYPES as readonly string[]).includes(name);

/** Event names as given (duplicates collapsed), or `invalid_event` naming the unknown ones. */
export function parseEventNames(names: readonly string[]): EventType[] {
  const unknown = names.filter((name) => !isEventType(name));
  if (unknown.length > 0) {
    throw new BadRequestError(
      'invalid_event',
      `Unknown event name${unknown.length > 1 ? 's' : ''}: ${unknown.map((name) => JSON.stringify(name)).join(', ')}. ` +
        `Subscribable: ${EVENT_TYPES.join(', ')}.`,
      { details: { unknown, allowed: EVENT_TYPES } },
    );
  }
  if (names.length === 0) {
    throw new BadRequestError(
      'invalid_event',
      `Subscribe to at least one event (${EVENT_TYPES.join(', ')}); to stop deliveries, ` +
        'pause the endpoint with `active: false` or delete it.',
      { details: { allowed: EVENT_TYPES } },
    );
  }
  return [...new Set(names as EventType[])];
}

export async function requireEndpoint(
  deps: Pick<WebhookDeps, 'store'>,
  accountId: string,
  endpointId: string,
): Promise<StoredEndpoint> {
  const endpoint = await deps.store.endpoints.getEndpoint(accountId, endpointId);
  if (!endpoint) throw new NotFoundError(`No webhook endpoint with id "${endpointId}".`);
  return endpoint;
}

export async function listWebhooks(input: CallerInput, deps: Pick<WebhookDeps, 'store'>) {
  const { accountId } = input.principal;
  const [endpoints, recent] = await Promise.all([
    deps.store.endpoints.listEndpoints(accountId),
    deps.store.deliveries.listRecent(accountId, RECENT_DELIVERIES),
  ]);
  return {
    events: [...EVENT_TYPES],
    endpoints: endpoints.map(listedEndpointView),
    recent_deliveries: recent.map(deliveryView),
  };
}

export async function createWebhook(
  input: CallerInput<undefined, undefined, CreateWebhookBody>,
  deps: WebhookDeps,
) {
  const { accountId } = input.principal;
  const url = await validateReceiverUrl(input.body.url, {
    allowPrivateTargets: deps.allowPrivateTargets,
    lookup: deps.lookup,
  });
  const events = parseEventNames(input.body.events ?? EVENT_TYPES);
  const endpoint: StoredEndpoint = {
    id: deps.newId?.() ?? crypto.randomUUID(),
    account_id: accountId,
    url: url.href,
    label: input.body.label ?? '',
    events,
    active: true,
    paused_reason: null,
    created_at: nowIso(deps.clock),
    last_delivery_at: null,
    secrets: [{ value: deps.newSecret?.() ?? generateWebhookSecret(), expires_at: null }],
  };
  const audit = auditEvent(
    input.principal,
    'webhook.created',
    { type: 'webhook', id: endpoint.id },
    { url: endpoint.url, events, label: endpoint.label },
    deps.clock,
  );
  await register(endpoint, deps.store, audit);
  deps.logger.info('webhook endpoint created', { endpoint_id: endpoint.id, events });
  return {
    endpoint: endpointView(endpoint),
    secret: (endpoint.secrets[0] as { value: string }).value,
    signature: SIGNATURE_DESCRIPTION,
  };
}

/** Claim the URL, take a slot, write the endpoint; what was taken is given back on failure. */
async function register(
  endpoint: StoredEndpoint,
  store: WebhookStore,
  audit: AuditEvent,
): Promise<void> {
  const { account_id: accountId, url } = endpoint;
  if (!(await store.endpoints.claimUrl(accountId, url, endpoint.id))) {
    throw new ConflictError(
      'duplicate_endpoint',
      `This account already has an endpoint for ${url}; change it with PATCH instead.`,
    );
  }
  try {
    if (!(await store.endpoints.takeSlot(accountId, MAX_ENDPOINTS_PER_ACCOUNT))) {
      throw new BadRequestError(
        'invalid_request',
        `An account can register at most ${MAX_ENDPOINTS_PER_ACCOUNT} webhook endpoints; ` +
          'delete one first.',
        { details: { limit: MAX_ENDPOINTS_PER_ACCOUNT } },
      );
    }
    try {
      await store.endpoints.putEndpoint(endpoint, audit);
    } catch (error) {
      await store.endpoints.releaseSlot(accountId);
      throw error;
    }
  } catch (error) {
    await store.endpoints.releaseUrl(accountId, url);
    throw error;
  }
}

export async function updateWebhook(
  input: CallerInput<WebhookIdParams, undefined, UpdateWebhookBody>,
  deps: Pick<WebhookDeps, 'store' | 'logger' | 'workflows' | 'clock'>,
) {
  const { accountId } = input.principal;
  const { body } = input;
  if (body.url !== undefined) {
    throw new BadRequestError(
      'invalid_request',
      'The URL of an endpoint cannot be changed: create a new endpoint and delete this one.',
    );
  }
  if (body.events === undefined && body.label === undefined && body.active === undefined) {
    throw new BadRequestError(
      'invalid_request',
      'Nothing to change: send at least one of `events`, `label`, `active`.',
    );
  }
  const changes: EndpointChanges = {};
  if (body.events !== undefined) changes.events = parseEventNames(body.events);
  if (body.label !== undefined) changes.label = body.label;
  if (body.active !== undefined) {
    changes.active = body.active;
    changes.paused_reason = body.active ? null : 'api';
  }
  const { id } = input.params;
  const updated = await deps.store.endpoints.updateEndpoint(accountId, id, changes);
  if (!updated) throw new NotFoundError(`No webhook endpoint with id "${input.params.id}".`);
  if (body.active === true) {
    const released = await releaseHeldDeliveries(accountId, id, deps);
    if (released > 0) {
      deps.logger.info('held webhook deliveries released', { endpoint_id: id, released });
    }
  }
  return { endpoint: endpointView(updated) };
}

export async function deleteWebhook(
  input: CallerInput<WebhookIdParams>,
  deps: Pick<WebhookDeps, 'store' | 'logger' | 'clock'>,
) {
  const { accountId } = input.principal;
  const endpoint = await requireEndpoint(deps, accountId, input.params.id);
  const audit = auditEvent(
    input.principal,
    'webhook.deleted',
    { type: 'webhook', id: endpoint.id },
    { url: endpoint.url },
    deps.clock,
  );
  if (!(await deps.store.endpoints.deleteEndpoint(accountId, endpoint.id, audit))) {
    throw new NotFoundError(`No webhook endpoint with id "${input.params.id}".`);
  }
  // The endpoint is gone first, so an execution between attempts finds nothing to send to.
  const dropped = await dropWaitingDeliveries(accountId, endpoint.id, deps);
  await deps.store.endpoints.releaseUrl(accountId, endpoint.url);
  await deps.store.endpoints.releaseSlot(accountId);
  deps.logger.info('webhook endpoint deleted', { endpoint_id: endpoint.id, dropped });
  return { deleted: endpoint.id };
}
