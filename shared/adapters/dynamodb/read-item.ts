/**
 * A strongly consistent read of one item by its key: what a repository reads right after a
 * write (its own or another step's) must be what was written.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from './client.ts';
import type { ItemKey } from './keys.ts';

export async function readItem(db: Db, key: ItemKey): Promise<Record<string, unknown> | undefined> {
  const { Item } = await db.doc.send(
    new GetCommand({ TableName: db.tableName, Key: key, ConsistentRead: true }),
  );
  return Item;
}
