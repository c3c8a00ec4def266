/**
 * A member's keys follow the member (docs/decisions.md "An account is a team"): when a role goes
 * down, the scopes beyond it are taken from the keys the member created for the account; when the
 * member leaves, those keys are revoked. The writes join the membership change's transaction; the
 * revoked keys' places of the account's cap are freed after it (a place left behind by a crash
 * is stale, and the cap frees stale places when it is full: key-slots.ts).
 */
import { forgetCachedKeys } from '#shared/domain/accounts/key-cache';
import type { KeyChange } from '#shared/domain/accounts/team-ports';
import type { Db } from './client.ts';
import { freePlace } from './key-slots.ts';
import { GSI, INDEX } from './keys.ts';
import { queryAll } from './pagination.ts';
import type { TransactItem } from './transactions.ts';

/** The transaction items that make `changes` to the account's keys. */
export async function keyChangeWrites(
  db: Db,
  accountId: string,
  changes: readonly KeyChange[],
  at: string,
): Promise<TransactItem[]> {
  if (changes.length === 0) return [];
  const items = await queryAll(
    db.doc,
    {
      TableName: db.tableName,
      IndexName: INDEX.byOwner,
      KeyConditionExpression: 'gsi1pk = :owner',
      ExpressionAttributeValues: { ':owner': GSI.userKeys(accountId) },
    },
    (item) => ({ id: String(item.id), key: { pk: String(item.pk), sk: String(item.sk) } }),
  );
  const byId = new Map(items.map((item) => [item.id, item.key]));
  return changes.flatMap((change): TransactItem[] => {
    const Key = byId.get(change.keyId);
    if (!Key) return [];
    return [
      change.scopes === null
        ? {
            Update: {
              TableName: db.tableName,
              Key,
              UpdateExpression: 'SET revoked_at = if_not_exists(revoked_at, :at)',
              ExpressionAttributeValues: { ':at': at },
            },
          }
        : {
            Update: {
              TableName: db.tableName,
              Key,
              UpdateExpression: 'SET scopes = :scopes',
              ExpressionAttributeValues: { ':scopes': change.scopes },
            },
          },
    ];
  });
}

/** After the change is written: the revoked keys' places freed, this process's cache cleared. */
export async function releaseRevokedPlaces(
  db: Db,
  accountId: string,
  changes: readonly KeyChange[],
): Promise<void> {
  forgetCachedKeys();
  for (const change of changes) {
    if (change.scopes === null) await freePlace(db, { id: change.keyId, user_id: accountId });
  }
}
