import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { QuotaStore } from '#shared/scans/ports';

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
            Key: { pk: `QUOTA#${key}`, sk: window },
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
            Key: { pk: `QUOTA#${key}`, sk: window },
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
