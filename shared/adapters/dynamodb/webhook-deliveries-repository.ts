import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  DeleteCommand,
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { ATTEMPT_LOG_LENGTH } from '#shared/domain/webhooks/config';
import type {
  AttemptRecord,
  DeliveryStore,
  OpenDeliveryRef,
  StoredDelivery,
} from '#shared/domain/webhooks/ports';
import { conditionalWrite } from './conditional.ts';
import { GSI, INDEX, KEYS, OPEN_DELIVERY_SHARDS, SK_PREFIX } from './keys.ts';
import { queryAll, queryPage } from './pagination.ts';
import { TTL_ATTRIBUTE } from './table.ts';
import { toEndpoint } from './webhook-endpoints-repository.ts';

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
 * delivery to a redelivery changes nothing.
 */
const OPEN = ['pending', 'held'];
const DAY_SECONDS = 86_400;

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
  };
}

export function createWebhookDeliveriesRepository(
  doc: DynamoDBDocumentClient,
  tableName: string,
  options: DeliveriesRepositoryOptions,
): DeliveryStore {
  const expiresAt = (createdAt: string) =>
    Math.floor(Date.parse(createdAt) / 1000) + options.retentionDays * DAY_SECONDS;

  const markerKey = (delivery: Pick<StoredDelivery, 'account_id' | 'endpoint_id' | 'id'>) =>
    KEYS.webhookOpenDelivery(delivery.account_id, delivery.endpoint_id, delivery.id);

  const openKeys = (delivery: StoredDelivery) => ({
    gsi2pk: GSI.openDeliveries(delivery.id.charAt(0).toLowerCase()),
    gsi2sk: `${delivery.created_at}#${delivery.id}`,
  });

  async function putMarker(delivery: StoredDelivery): Promise<void> {
    await doc.send(
      new PutCommand({
        TableName: tableName,
        Item: {
          ...markerKey(delivery),
          account_id: delivery.account_id,
          endpoint_id: delivery.endpoint_id,
          delivery_id: delivery.id,
          [TTL_ATTRIBUTE]: expiresAt(delivery.created_at),
        },
      }),
    );
  }

  async function closeMarker(delivery: StoredDelivery): Promise<void> {
    await doc.send(new DeleteCommand({ TableName: tableName, Key: markerKey(delivery) }));
  }

  async function getDelivery(accountId: string, deliveryId: string) {
    const { Item } = await doc.send(
      new GetCommand({
        TableName: tableName,
        Key: KEYS.webhookDelivery(accountId, deliveryId),
        ConsistentRead: true,
      }),
    );
    return Item ? toDelivery(Item) : undefined;
  }

  async function putDelivery(delivery: StoredDelivery): Promise<boolean> {
    return conditionalWrite(() =>
      doc.send(
        new PutCommand({
          TableName: tableName,
          Item: {
            ...KEYS.webhookDelivery(delivery.account_id, delivery.id),
            gsi1pk: GSI.accountDeliveries(delivery.account_id),
            gsi1sk: `${delivery.created_at}#${delivery.id}`,
            ...(OPEN.includes(delivery.status) ? openKeys(delivery) : {}),
            [TTL_ATTRIBUTE]: expiresAt(delivery.created_at),
            ...delivery,
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      ),
    );
  }

  /** A conditional update returning the new item, or undefined when the condition failed. */
  async function update(
    delivery: StoredDelivery,
    input: {
      set: string;
      remove?: string;
      condition: string;
      values: Record<string, unknown>;
    },
  ): Promise<StoredDelivery | undefined> {
    try {
      const { Attributes } = await doc.send(
        new UpdateCommand({
          TableName: tableName,
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

  /** Strongly consistent reads of a few items in one request (unprocessed keys asked again). */
  async function batchGet(
    keys: readonly { pk: string; sk: string }[],
  ): Promise<Record<string, unknown>[]> {
    const found: Record<string, unknown>[] = [];
    let pending = [...keys];
    for (let round = 0; pending.length > 0; round += 1) {
      if (round > 0) await new Promise((resolve) => setTimeout(resolve, 20 * 2 ** round));
      if (round > 6) throw new Error('items could not be read');
      const { Responses, UnprocessedKeys } = await doc.send(
        new BatchGetCommand({
          RequestItems: { [tableName]: { Keys: pending, ConsistentRead: true } },
        }),
      );
      found.push(...(Responses?.[tableName] ?? []));
      pending = (UnprocessedKeys?.[tableName]?.Keys ?? []) as typeof pending;
    }
    return found;
  }

  return {
    async createDelivery(delivery) {
      const created = await putDelivery(delivery);
      const stored = created ? delivery : await getDelivery(delivery.account_id, delivery.id);
      if (!stored) throw new Error(`delivery ${delivery.id} vanished while being created`);
      // Also on a second try: a first try that stopped after the put left no marker.
      if (stored.status === 'held') await putMarker(stored);
      return { created, delivery: stored };
    },

    async putFinishedDelivery(delivery) {
      await putDelivery(delivery);
    },

    getDelivery,

    async recordAttempt(delivery, change) {
      const log = [...delivery.attempt_log, change.record].slice(-ATTEMPT_LOG_LENGTH);
      const final = !OPEN.includes(change.status);
      // Waiting for a retry: findable by its endpoint before the wait begins.
      if (!final) await putMarker(delivery);
      const updated = await update(delivery, {
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
        await closeMarker(updated);
      }
      return updated;
    },

    async hold(delivery) {
      await putMarker(delivery);
      const held = await update(delivery, {
        set: '#status = :held, next_attempt_at = :none',
        condition: '#status = :pending',
        values: { ':held': 'held', ':none': null, ':pending': 'pending' },
      });
      return held !== undefined;
    },

    async abandon(delivery, lastError) {
      const failed = await update(delivery, {
        set: '#status = :failed, last_error = :error, next_attempt_at = :none',
        remove: 'gsi2pk, gsi2sk',
        condition: '#status = :pending',
        values: { ':failed': 'failed', ':error': lastError, ':none': null, ':pending': 'pending' },
      });
      if (failed) await closeMarker(failed);
      return failed !== undefined;
    },

    async takeOver(delivery) {
      const { gsi2pk, gsi2sk } = openKeys(delivery);
      return update(delivery, {
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
    },

    async dropWaiting(accountId, endpointId, deliveryId) {
      await conditionalWrite(() =>
        doc.send(
          new DeleteCommand({
            TableName: tableName,
            Key: KEYS.webhookDelivery(accountId, deliveryId),
            ConditionExpression: '#status IN (:pending, :held)',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':pending': 'pending', ':held': 'held' },
          }),
        ),
      );
      await doc.send(
        new DeleteCommand({
          TableName: tableName,
          Key: KEYS.webhookOpenDelivery(accountId, endpointId, deliveryId),
        }),
      );
    },

    closeMarker,

    listOpenForEndpoint: (accountId, endpointId) =>
      queryAll(
        doc,
        {
          TableName: tableName,
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :open)',
          ExpressionAttributeValues: {
            ':pk': KEYS.webhookOpenDelivery(accountId, endpointId, '').pk,
            ':open': SK_PREFIX.webhookOpenDelivery,
          },
          ConsistentRead: true,
        },
        (item) => String(item.delivery_id),
      ),

    async listRecent(accountId, limit) {
      const { items } = await queryPage(
        doc,
        {
          TableName: tableName,
          IndexName: INDEX.byOwner,
          KeyConditionExpression: 'gsi1pk = :deliveries',
          ExpressionAttributeValues: { ':deliveries': GSI.accountDeliveries(accountId) },
          ScanIndexForward: false,
          Limit: limit,
        },
        toDelivery,
      );
      return items;
    },

    async listAllOpen() {
      const shards = await Promise.all(
        OPEN_DELIVERY_SHARDS.map((shard) =>
          queryAll(
            doc,
            {
              TableName: tableName,
              IndexName: INDEX.byAlternateId,
              KeyConditionExpression: 'gsi2pk = :open',
              ExpressionAttributeValues: { ':open': GSI.openDeliveries(shard) },
            },
            (item): OpenDeliveryRef => ({
              account_id: String(item.account_id),
              endpoint_id: String(item.endpoint_id),
              delivery_id: String(item.id),
            }),
          ),
        ),
      );
      return shards.flat();
    },

    async getForAttempt(accountId, deliveryId, endpointId) {
      const keys = [
        KEYS.webhookDelivery(accountId, deliveryId),
        KEYS.webhookEndpoint(accountId, endpointId),
      ];
      const items = await batchGet(keys);
      const find = (key: { pk: string; sk: string }) =>
        items.find((item) => item.pk === key.pk && item.sk === key.sk);
      const delivery = find(keys[0] as { pk: string; sk: string });
      const endpoint = find(keys[1] as { pk: string; sk: string });
      return {
        delivery: delivery ? toDelivery(delivery) : undefined,
        endpoint: endpoint ? toEndpoint(endpoint) : undefined,
      };
    },
  };
}
