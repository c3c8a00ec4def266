/**
 * When each API key was last used (docs/api.md "API keys"; docs/data-model.md): one item per key,
 * `RATE#<key id>` / `LAST_USED`, beside the key's request counters so the read-only functions'
 * `RATE#*` grant covers it. Written with one conditional UpdateItem that moves the time only when
 * the stored one is older than the resolution (a failed condition is the ordinary "already
 * fresh" answer); read for a listing with BatchGetItem (batch-get.ts). No TTL: the time is
 * kept as long as the key is listed.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { KEY_LAST_USED_RESOLUTION_MS } from '#shared/domain/accounts/key-usage';
import type { KeyUsage } from '#shared/domain/accounts/ports';
import { batchGetItems } from './batch-get.ts';
import type { Db } from './client.ts';
import { conditionalWrite } from './conditional.ts';
import { KEYS, REQUEST_RATE_PREFIX } from './keys.ts';

export function createKeyUsageRepository(doc: DynamoDBDocumentClient, tableName: string): KeyUsage {
  const db = { doc, tableName };
  return {
    recordUse: (keyId, at) => recordUse(db, keyId, at),
    lastUsed: (keyIds) => lastUsed(db, keyIds),
  };
}

async function recordUse({ doc, tableName }: Db, keyId: string, at: Date): Promise<void> {
  const staleBefore = new Date(at.getTime() - KEY_LAST_USED_RESOLUTION_MS).toISOString();
  // ISO 8601 UTC strings of one format order as the times they name.
  await conditionalWrite(() =>
    doc.send(
      new UpdateCommand({
        TableName: tableName,
        Key: KEYS.keyLastUsed(keyId),
        UpdateExpression: 'SET last_used_at = :at',
        ConditionExpression: 'attribute_not_exists(last_used_at) OR last_used_at < :stale',
        ExpressionAttributeValues: { ':at': at.toISOString(), ':stale': staleBefore },
      }),
    ),
  );
}

async function lastUsed(db: Db, keyIds: readonly string[]) {
  const found = new Map<string, string>();
  const keys = [...new Set(keyIds)].map(KEYS.keyLastUsed);
  const items = await batchGetItems(db, keys, {
    maxRounds: 6,
    failure: 'key last-use times unread after retries',
    projection: 'pk, last_used_at',
  });
  for (const item of items) {
    const pk = String(item.pk);
    if (typeof item.last_used_at === 'string' && pk.startsWith(REQUEST_RATE_PREFIX)) {
      found.set(pk.slice(REQUEST_RATE_PREFIX.length), item.last_used_at);
    }
  }
  return found;
}
