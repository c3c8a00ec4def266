/**
 * Fixed-window counters: `QUOTA#<key>` / `<window>`, one atomic conditional ADD per unit. The
 * condition is `used < limit` (not `<=`): concurrent requests can never take the total past it.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { DailyQuota } from '#shared/domain/batch/ports';
import type { QuotaStore } from '#shared/domain/scans/ports';
import type { Db } from './client.ts';
import { KEYS } from './keys.ts';
import { readItem } from './read-item.ts';

export function createQuotaRepository(doc: DynamoDBDocumentClient, tableName: string): QuotaStore {
  const db: Db = { doc, tableName };
  return {
    consume: (key, window, limit, expiresAt) => consume(db, key, window, limit, expiresAt),
    release: (key, window) => release(db, key, window),
    used: async (key, window) => {
      const item = await readItem(db, KEYS.quota(key, window));
      return Number(item?.used ?? 0);
    },
  };
}

async function consume(
  db: Db,
  key: string,
  window: string,
  limit: number,
  expiresAt: number,
): Promise<number | false> {
  // The condition below lets the first unit through whatever the limit: 0 means none.
  if (limit <= 0) return false;
  try {
    const { Attributes } = await db.doc.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: KEYS.quota(key, window),
        UpdateExpression: 'ADD used :one SET expires_at = if_not_exists(expires_at, :ttl)',
        ConditionExpression: 'attribute_not_exists(used) OR used < :limit',
        ExpressionAttributeValues: { ':one': 1, ':limit': limit, ':ttl': expiresAt },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    return Number(Attributes?.used ?? limit);
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

async function release(db: Db, key: string, window: string): Promise<void> {
  try {
    await db.doc.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: KEYS.quota(key, window),
        UpdateExpression: 'ADD used :minusOne',
        ConditionExpression: 'used > :zero',
        ExpressionAttributeValues: { ':minusOne': -1, ':zero': 0 },
      }),
    );
  } catch (error) {
    // Nothing to give back: never let a counter go below zero.
    if (error instanceof ConditionalCheckFailedException) return;
    throw error;
  }
}

/**
 * Per-account daily counters that grant part of a request: `ADD used :n` only if the total stays
 * within the limit (`used <= limit - n`); when that fails, the rest of the day's allowance is
 * read and asked for instead. Each grant is one conditional write, so simultaneous requests
 * together never take more than the limit, and when demand exceeds it they take exactly the limit.
 */
export function createDailyQuotaRepository(
  doc: DynamoDBDocumentClient,
  tableName: string,
): DailyQuota {
  const db: Db = { doc, tableName };
  return {
    used: (account, day) => usedToday(db, account, day),
    take: (account, day, wanted, limit) => take(db, account, day, wanted, limit),
    give: (account, day, units) => give(db, account, day, units),
  };
}

const dailyKey = (account: string, day: string) => KEYS.quota(`BATCH#${account}`, `DAY#${day}`);

async function usedToday(db: Db, account: string, day: string): Promise<number> {
  const item = await readItem(db, dailyKey(account, day));
  return Number(item?.used ?? 0);
}

async function tryAdd(
  db: Db,
  account: string,
  day: string,
  units: number,
  limit: number,
): Promise<boolean> {
  try {
    await db.doc.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: dailyKey(account, day),
        UpdateExpression: 'ADD used :n SET expires_at = if_not_exists(expires_at, :ttl)',
        ConditionExpression: 'attribute_not_exists(used) OR used <= :most',
        ExpressionAttributeValues: {
          ':n': units,
          ':most': limit - units,
          ':ttl': Math.floor(Date.parse(`${day}T00:00:00Z`) / 1000) + 3 * 86_400,
        },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

async function take(
  db: Db,
  account: string,
  day: string,
  wanted: number,
  limit: number,
): Promise<number> {
  let asking = Math.min(wanted, limit);
  // Each failed attempt means another request took units in between: re-read and ask for
  // what is left. Bounded, in case of pathological contention.
  for (let attempt = 0; asking > 0 && attempt < 50; attempt += 1) {
    if (await tryAdd(db, account, day, asking, limit)) return asking;
    asking = Math.min(asking, limit - (await usedToday(db, account, day)));
  }
  return 0;
}

async function give(db: Db, account: string, day: string, units: number): Promise<void> {
  if (units <= 0) return;
  await db.doc
    .send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: dailyKey(account, day),
        UpdateExpression: 'ADD used :minus',
        ConditionExpression: 'used >= :units',
        ExpressionAttributeValues: { ':minus': -units, ':units': units },
      }),
    )
    .catch((error: unknown) => {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    });
}
