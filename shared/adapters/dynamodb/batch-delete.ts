/**
 * Deleting many items by key with BatchWriteItem: 25 keys a request (DynamoDB's limit), the keys
 * a request leaves unprocessed sent again a bounded number of times. One mechanism for every
 * repository that deletes in bulk (a run's answers, an account's erasure).
 */
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from './client.ts';
import type { ItemKey } from './keys.ts';
import { queryPage } from './pagination.ts';

const BATCH_WRITE_SIZE = 25;
const MAX_ATTEMPTS = 8;

export async function deleteKeys(db: Db, keys: readonly ItemKey[]): Promise<void> {
  for (let start = 0; start < keys.length; start += BATCH_WRITE_SIZE) {
    let requests = keys
      .slice(start, start + BATCH_WRITE_SIZE)
      .map((key) => ({ DeleteRequest: { Key: { pk: key.pk, sk: key.sk } } }));
    for (let attempt = 1; requests.length > 0; attempt += 1) {
      if (attempt > MAX_ATTEMPTS) throw new Error('items could not be deleted');
      if (attempt > 1) await new Promise((resolve) => setTimeout(resolve, 20 * 2 ** attempt));
      const result = await db.doc.send(
        new BatchWriteCommand({ RequestItems: { [db.tableName]: requests } }),
      );
      requests = (result.UnprocessedItems?.[db.tableName] ?? []) as typeof requests;
    }
  }
}

/** Deletes every item of a partition, a page at a time; how many there were. */
export async function deletePartition(db: Db, pk: string): Promise<number> {
  let deleted = 0;
  for (;;) {
    const { items } = await queryPage(
      db.doc,
      {
        TableName: db.tableName,
        KeyConditionExpression: 'pk = :pk',
        ProjectionExpression: 'pk, sk',
        ExpressionAttributeValues: { ':pk': pk },
        ConsistentRead: true,
        Limit: 100,
      },
      (item) => ({ pk: String(item.pk), sk: String(item.sk) }),
    );
    if (items.length === 0) return deleted;
    await deleteKeys(db, items);
    deleted += items.length;
  }
}
