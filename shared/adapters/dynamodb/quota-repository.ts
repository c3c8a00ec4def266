import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { DailyQuota } from '#shared/domain/batch/ports';
import type { QuotaStore } from '#shared/domain/scans/ports';
import { KEYS } from './keys.ts';

/**
 * Fixed-window counters: `QUOTA#<key>` / `<window>`, one atomic conditional ADD per unit. The
 * condition is `used < limit` (not `<=`): concurrent requests can never take the total past it.
 */
export function createQuotaRepository(doc: DynamoDBDocumentClient, tableName: string): QuotaStore {
  return {
    async consume(key, window, limit, expiresAt) {
      // The condition below lets the first unit through whatever the limit: 0 means none.
      if (limit <= 0) return false;
      try {
        await doc.send(
          new UpdateCommand({
            TableName: tableName,
            Key: KEYS.quota(key, window),
            UpdateExpression: 'ADD used :one SET expires_at = if_not_exists(expires_at, :ttl)',
            ConditionExpression: 'attribute_not_exists(used) OR used < :limit',
            ExpressionAttributeValues: { ':one': 1, ':limit': limit, ':ttl': expiresAt },
          }),
        );
        return true;
      } catch (error) {
        if (error instanceof ConditionalCheckFailedException) return false;
        throw error;
      }
    },

    async release(key, window) {
      try {
        await doc.send(
          new UpdateCommand({
            TableName: tableName,
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
    },
  };
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
  const keyOf = (account: string, day: string) => KEYS.quota(`BATCH#${account}`, `DAY#${day}`);

  async function used(account: string, day: string): Promise<number> {
    const { Item } = await doc.send(
      new GetCommand({ TableName: tableName, Key: keyOf(account, day), ConsistentRead: true }),
    );
    return Number(Item?.used ?? 0);
  }

  async function tryAdd(account: string, day: string, units: number, limit: number) {
    try {
      await doc.send(
        new UpdateCommand({
          TableName: tableName,
          Key: keyOf(account, day),
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

  return {
    used,
    async take(account, day, wanted, limit) {
      let asking = Math.min(wanted, limit);
      // Each failed attempt means another request took units in between: re-read and ask for
      // what is left. Bounded, in case of pathological contention.
      for (let attempt = 0; asking > 0 && attempt < 50; attempt += 1) {
        if (await tryAdd(account, day, asking, limit)) return asking;
        asking = Math.min(asking, limit - (await used(account, day)));
      }
      return 0;
    },
    async give(account, day, units) {
      if (units <= 0) return;
      await doc
        .send(
          new UpdateCommand({
            TableName: tableName,
            Key: keyOf(account, day),
            UpdateExpression: 'ADD used :minus',
            ConditionExpression: 'used >= :units',
            ExpressionAttributeValues: { ':minus': -units, ':units': units },
          }),
        )
        .catch((error: unknown) => {
          if (!(error instanceof ConditionalCheckFailedException)) throw error;
        });
    },
  };
}
