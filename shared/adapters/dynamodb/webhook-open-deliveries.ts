/**
 * The open deliveries of webhooks (docs/data-model.md), part of the deliveries repository
 * (webhook-deliveries-repository.ts): a delivery that is not final carries gsi2 keys, in 16
 * shards by the first hex digit of its id, so the local stack finds every unfinished delivery
 * after a restart; one that waits with no attempt running also has an open marker in its
 * endpoint's partition, which deleting or reactivating the endpoint reads.
 */
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { OpenDeliveryRef, StoredDelivery } from '#shared/domain/webhooks/ports';
import type { Db } from './client.ts';
import { GSI, INDEX, KEYS, OPEN_DELIVERY_SHARDS, SK_PREFIX } from './keys.ts';
import { queryAll } from './pagination.ts';
import { TTL_ATTRIBUTE } from './table.ts';

const DAY_SECONDS = 86_400;

/** The client and table, and how long deliveries are kept. */
export interface DeliveriesDb extends Db {
  retentionDays: number;
}

export function expiresAt(db: DeliveriesDb, createdAt: string): number {
  return Math.floor(Date.parse(createdAt) / 1000) + db.retentionDays * DAY_SECONDS;
}

function markerKey(delivery: Pick<StoredDelivery, 'account_id' | 'endpoint_id' | 'id'>) {
  return KEYS.webhookOpenDelivery(delivery.account_id, delivery.endpoint_id, delivery.id);
}

export function openKeys(delivery: StoredDelivery) {
  return {
    gsi2pk: GSI.openDeliveries(delivery.id.charAt(0).toLowerCase()),
    gsi2sk: `${delivery.created_at}#${delivery.id}`,
  };
}

export async function putMarker(db: DeliveriesDb, delivery: StoredDelivery): Promise<void> {
  await db.doc.send(
    new PutCommand({
      TableName: db.tableName,
      Item: {
        ...markerKey(delivery),
        account_id: delivery.account_id,
        endpoint_id: delivery.endpoint_id,
        delivery_id: delivery.id,
        [TTL_ATTRIBUTE]: expiresAt(db, delivery.created_at),
      },
    }),
  );
}

export async function closeMarker(db: Db, delivery: StoredDelivery): Promise<void> {
  await db.doc.send(new DeleteCommand({ TableName: db.tableName, Key: markerKey(delivery) }));
}

export function listOpenForEndpoint(
  db: Db,
  accountId: string,
  endpointId: string,
): Promise<string[]> {
  return queryAll(
    db.doc,
    {
      TableName: db.tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :open)',
      ExpressionAttributeValues: {
        ':pk': KEYS.webhookOpenDelivery(accountId, endpointId, '').pk,
        ':open': SK_PREFIX.webhookOpenDelivery,
      },
      ConsistentRead: true,
    },
    (item) => String(item.delivery_id),
  );
}

export async function listAllOpen(db: Db): Promise<OpenDeliveryRef[]> {
  const shards = await Promise.all(
    OPEN_DELIVERY_SHARDS.map((shard) =>
      queryAll(
        db.doc,
        {
          TableName: db.tableName,
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
}
