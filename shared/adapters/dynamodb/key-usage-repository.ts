/**
 * When each API key was last used (docs/api.md "API keys"; docs/data-model.md): one item per key,
 * `RATE#<key id>` / `LAST_USED`, beside the key's request counters so the read-only functions'
 * `RATE#*` grant covers it. Written with one conditional UpdateItem that moves the time only when
 * the stored one is older than the resolution (a failed condition is the ordinary "already
 * fresh" answer); read for a listing with BatchGetItem, 100 keys a request. No TTL: the time is
 * kept as long as the key is listed.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { BatchGetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { KEY_LAST_USED_RESOLUTION_MS } from '#shared/domain/accounts/key-usage';
import type { KeyUsage } from '#shared/domain/accounts/ports';
import { conditionalWrite } from './conditional.ts';
import { type ItemKey, KEYS, REQUEST_RATE_PREFIX } from './keys.ts';

/** BatchGetItem's limit of keys per request. */
const BATCH_GET_LIMIT = 100;
/** Rounds of asking again for unprocessed keys before the read is given up. */
const MAX_ROUNDS = 6;

interface Db {
  doc: DynamoDBDocumentClient;
  tableName: string;
}

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

async function lastUsed({ doc, tableName }: Db, keyIds: readonly string[]) {
  const found = new Map<string, string>();
  const unique = [...new Set(keyIds)];
  for (let start = 0; start < unique.length; start += BATCH_GET_LIMIT) {
    const chunk = unique.slice(start, start + BATCH_GET_LIMIT).map(KEYS.keyLastUsed);
    for (const item of await batchGet({ doc, tableName }, chunk)) {
      const pk = String(item.pk);
      if (typeof item.last_used_at === 'string' && pk.startsWith(REQUEST_RATE_PREFIX)) {
        found.set(pk.slice(REQUEST_RATE_PREFIX.length), item.last_used_at);
      }
    }
  }
  return found;
}

/** One BatchGetItem of at most 100 keys, asking again (with a short backoff) for unprocessed ones. */
async function batchGet({ doc, tableName }: Db, keys: ItemKey[]) {
  const items: Record<string, unknown>[] = [];
  let pending = keys;
  for (let round = 0; pending.length > 0; round += 1) {
    if (round >= MAX_ROUNDS) throw new Error('key last-use times unread after retries');
    if (round > 0) await new Promise((resolve) => setTimeout(resolve, 20 * 2 ** round));
    const answer = await doc.send(
      new BatchGetCommand({
        RequestItems: {
          [tableName]: { Keys: pending, ProjectionExpression: 'pk, last_used_at' },
        },
      }),
    );
    items.push(...(answer.Responses?.[tableName] ?? []));
    pending = (answer.UnprocessedKeys?.[tableName]?.Keys ?? []) as ItemKey[];
  }
  return items;
}
