/**
 * Webhook deliveries (docs/data-model.md). A delivery is one item keyed by its account and id,
 * listed newest first through gsi1 `USER#<account>#WHDELIVERIES`; while it is not final it also
 * carries gsi2 keys (16 shards by the first hex digit of its id), removed in the same write that
 * makes it final, so the local stack can find every unfinished delivery after a restart.
 *
 * A delivery that waits with no attempt running (for its next retry, or held while its endpoint
 * is paused) also has an open marker in its endpoint's partition: deleting or reactivating an
 * endpoint reads those markers with a strongly consistent query. A delivery in its first attempt
 * needs none (its execution finds a deleted endpoint itself), which keeps a delivery that
 * succeeds at once to three requests: create, read (delivery and endpoint together), record.
 * Every change is conditional on the delivery's generation, so an execution that lost the
 * delivery to a redelivery changes nothing. The open keys and markers are in
 * webhook-open-deliveries.ts.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  DeleteCommand,
  type DynamoDBDocumentClient,
  PutCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { ATTEMPT_LOG_LENGTH } from '#shared/domain/webhooks/config';
import type {
  AttemptRecord,
  AttemptUpdate,
  DeliveryChannel,
  DeliveryStore,
  StoredDelivery,
  StoredEndpoint,
} from '#shared/domain/webhooks/ports';
import { batchGetItems } from './batch-get.ts';
import type { Db } from './client.ts';
import { conditionalWrite } from './conditional.ts';
import { GSI, INDEX, KEYS } from './keys.ts';
import { queryPage } from './pagination.ts';
import { readItem } from './read-item.ts';
import { TTL_ATTRIBUTE } from './table.ts';
import { toEndpoint } from './webhook-endpoints-repository.ts';
import {
  closeMarker,
  type DeliveriesDb,
  expiresAt,
  listAllOpen,
  listOpenForEndpoint,
  openKeys,
  putMarker,
} from './webhook-open-deliveries.ts';

const OPEN = ['pending', 'held'];

export interface DeliveriesRepositoryOptions {
  /** Days after creation when the store's TTL removes a delivery. */
  retentionDays: number;
}

function toDelivery(item: Record<string, unknown>): StoredDelivery {
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  const status = (value: unknown) => (typeof value === 'number' ? value : null);
  return {
    id: String(item.id),
    account_id: String(item.account_id),
    endpoint_id: String(item.endpoint_id),
    event_id: String(item.event_id),
    event: String(item.event),
    body: String(item.body),
    status: item.status as StoredDelivery['status'],
    attempts: Number(item.attempts ?? 0),
    series_start: Number(item.series_start ?? 0),
    generation: Number(item.generation ?? 0),
    last_status: status(item.last_status),
    last_error: text(item.last_error),
    created_at: String(item.created_at),
    delivered_at: text(item.delivered_at),
    next_attempt_at: text(item.next_attempt_at),
    attempt_log: (item.attempt_log ?? []) as AttemptRecord[],
    ...(item.channel ? { channel: item.channel as DeliveryChannel } : {}),
  };
}

export function createWebhookDeliveriesRepository(
  doc: DynamoDBDocumentClient,
  tableName: string,
  options: DeliveriesRepositoryOptions,
): DeliveryStore {
  const db: DeliveriesDb = { doc, tableName, retentionDays: options.retentionDays };
  return {
    createDelivery: (delivery) => createDelivery(db, delivery),
    putFinishedDelivery: async (delivery) => {
      await putDelivery(db, delivery);
    },
    getDelivery: (accountId, deliveryId) => getDelivery(db, accountId, deliveryId),
    recordAttempt: (delivery, change) => recordAttempt(db, delivery, change),
    hold: (delivery) => hold(db, delivery),
    abandon: (delivery, lastError) => abandon(db, delivery, lastError),
    takeOver: (delivery) => takeOver(db, delivery),
    dropWaiting: (accountId, endpointId, deliveryId) =>
      dropWaiting(db, accountId, endpointId, deliveryId),
    closeMarker: (delivery) => closeMarker(db, delivery),
    listOpenForEndpoint: (accountId, endpointId) => listOpenForEndpoint(db, accountId, endpointId),
    listRecent: (accountId, limit) => listRecent(db, accountId, limit),
    getDeliveries: (accountId, ids) => getDeliveries(db, accountId, ids),
    listAllOpen: () => listAllOpen(db),
    getForAttempt: (accountId, deliveryId, endpointId) =>
      getForAttempt(db, accountId, deliveryId, endpointId),
  };
}

async function getDelivery(
  db: Db,
  accountId: string,
  deliveryId: string,
): Promise<StoredDelivery | undefined> {
  const item = await readItem(db, KEYS.webhookDelivery(accountId, deliveryId));
  return item ? toDelivery(item) : undefined;
}

async function putDelivery(db: DeliveriesDb, delivery: StoredDelivery): Promise<boolean> {
  return conditionalWrite(() =>
    db.doc.send(
      new PutCommand({
        TableName: db.tableName,
        Item: {
          ...KEYS.webhookDelivery(delivery.account_id, delivery.id),
          // Slack and mail deliveries are listed with their alert, not among the webhooks'.
          gsi1pk: delivery.channel
            ? GSI.channelDeliveries(delivery.account_id)
            : GSI.accountDeliveries(delivery.account_id),
          gsi1sk: `${delivery.created_at}#${delivery.id}`,
          ...(OPEN.includes(delivery.status) ? openKeys(delivery) : {}),
          [TTL_ATTRIBUTE]: expiresAt(db, delivery.created_at),
          ...delivery,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    ),
  );
}

/** A conditional update returning the new item, or undefined when the condition failed. */
async function update(
  db: Db,
  delivery: StoredDelivery,
  input: {
    set: string;
    remove?: string;
    condition: string;
    values: Record<string, unknown>;
  },
): Promise<StoredDelivery | undefined> {
  try {
    const { Attributes } = await db.doc.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: KEYS.webhookDelivery(delivery.account_id, delivery.id),
        UpdateExpression: `SET ${input.set}${input.remove ? ` REMOVE ${input.remove}` : ''}`,
        ConditionExpression: `attribute_exists(pk) AND generation = :generation AND ${input.condition}`,
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':generation': delivery.generation, ...input.values },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return Attributes ? toDelivery(Attributes) : undefined;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return undefined;
    throw error;
  }
}

async function createDelivery(
  db: DeliveriesDb,
  delivery: StoredDelivery,
): Promise<{ created: boolean; delivery: StoredDelivery }> {
  const created = await putDelivery(db, delivery);
  const stored = created ? delivery : await getDelivery(db, delivery.account_id, delivery.id);
  if (!stored) throw new Error(`delivery ${delivery.id} vanished while being created`);
  // Also on a second try: a first try that stopped after the put left no marker.
  if (stored.status === 'held') await putMarker(db, stored);
  return { created, delivery: stored };
}

async function recordAttempt(
  db: DeliveriesDb,
  delivery: StoredDelivery,
  change: AttemptUpdate,
): Promise<StoredDelivery | undefined> {
  const log = [...delivery.attempt_log, change.record].slice(-ATTEMPT_LOG_LENGTH);
  const final = !OPEN.includes(change.status);
  // Waiting for a retry: findable by its endpoint before the wait begins.
  if (!final) await putMarker(db, delivery);
  const updated = await update(db, delivery, {
    set:
      '#status = :status, attempts = :attempts, last_status = :last_status, ' +
      'last_error = :last_error, delivered_at = :delivered_at, ' +
      'next_attempt_at = :next_attempt_at, attempt_log = :log',
    ...(final ? { remove: 'gsi2pk, gsi2sk' } : {}),
    condition: 'attempts = :before AND #status = :pending',
    values: {
      ':status': change.status,
      ':attempts': change.record.attempt,
      ':last_status': change.last_status,
      ':last_error': change.last_error,
      ':delivered_at': change.delivered_at,
      ':next_attempt_at': change.next_attempt_at,
      ':log': log,
      ':before': delivery.attempts,
      ':pending': 'pending',
    },
  });
  // Only a delivery that waited before (a retry, a hold, a redelivery) can have a marker.
  if (updated && final && (delivery.attempts > 0 || delivery.generation > 0)) {
    await closeMarker(db, updated);
  }
  return updated;
}

async function hold(db: DeliveriesDb, delivery: StoredDelivery): Promise<boolean> {
  await putMarker(db, delivery);
  const held = await update(db, delivery, {
    set: '#status = :held, next_attempt_at = :none',
    condition: '#status = :pending',
    values: { ':held': 'held', ':none': null, ':pending': 'pending' },
  });
  return held !== undefined;
}

async function abandon(db: Db, delivery: StoredDelivery, lastError: string): Promise<boolean> {
  const failed = await update(db, delivery, {
    set: '#status = :failed, last_error = :error, next_attempt_at = :none',
    remove: 'gsi2pk, gsi2sk',
    condition: '#status = :pending',
    values: { ':failed': 'failed', ':error': lastError, ':none': null, ':pending': 'pending' },
  });
  if (failed) await closeMarker(db, failed);
  return failed !== undefined;
}

function takeOver(db: Db, delivery: StoredDelivery): Promise<StoredDelivery | undefined> {
  const { gsi2pk, gsi2sk } = openKeys(delivery);
  return update(db, delivery, {
    set:
      '#status = :pending, generation = :next, series_start = attempts, ' +
      'next_attempt_at = :none, gsi2pk = :gsi2pk, gsi2sk = :gsi2sk',
    condition: 'attribute_exists(attempts)',
    values: {
      ':pending': 'pending',
      ':next': delivery.generation + 1,
      ':none': null,
      ':gsi2pk': gsi2pk,
      ':gsi2sk': gsi2sk,
    },
  });
}

async function dropWaiting(
  db: Db,
  accountId: string,
  endpointId: string,
  deliveryId: string,
): Promise<void> {
  await conditionalWrite(() =>
    db.doc.send(
      new DeleteCommand({
        TableName: db.tableName,
        Key: KEYS.webhookDelivery(accountId, deliveryId),
        ConditionExpression: '#status IN (:pending, :held)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':pending': 'pending', ':held': 'held' },
      }),
    ),
  );
  await db.doc.send(
    new DeleteCommand({
      TableName: db.tableName,
      Key: KEYS.webhookOpenDelivery(accountId, endpointId, deliveryId),
    }),
  );
}

async function listRecent(db: Db, accountId: string, limit: number): Promise<StoredDelivery[]> {
  const { items } = await queryPage(
    db.doc,
    {
      TableName: db.tableName,
      IndexName: INDEX.byOwner,
      KeyConditionExpression: 'gsi1pk = :deliveries',
      ExpressionAttributeValues: { ':deliveries': GSI.accountDeliveries(accountId) },
      ScanIndexForward: false,
      Limit: limit,
    },
    toDelivery,
  );
  return items;
}

async function getDeliveries(
  db: Db,
  accountId: string,
  ids: readonly string[],
): Promise<StoredDelivery[]> {
  const keys = [...new Set(ids)].map((id) => KEYS.webhookDelivery(accountId, id));
  const items = await batchGetItems(db, keys, {
    maxRounds: 7,
    failure: 'deliveries could not be read',
  });
  return items.map(toDelivery);
}

async function getForAttempt(
  db: Db,
  accountId: string,
  deliveryId: string,
  endpointId: string,
): Promise<{ delivery?: StoredDelivery; endpoint?: StoredEndpoint }> {
  const keys = [
    KEYS.webhookDelivery(accountId, deliveryId),
    KEYS.webhookEndpoint(accountId, endpointId),
  ];
  const items = await batchGetItems(db, keys, {
    maxRounds: 7,
    failure: 'items could not be read',
    consistentRead: true,
  });
  const find = (key: { pk: string; sk: string }) =>
    items.find((item) => item.pk === key.pk && item.sk === key.sk);
  const delivery = find(keys[0] as { pk: string; sk: string });
  const endpoint = find(keys[1] as { pk: string; sk: string });
  return {
    delivery: delivery ? toDelivery(delivery) : undefined,
    endpoint: endpoint ? toEndpoint(endpoint) : undefined,
  };
}
