/**
 * The per-key request counter (docs/api.md "Rate limits"): one item per key and fixed window,
 * `RATE#<key id>#<window start>` / `RATE`, counted with one `UpdateItem` (`ADD hits 1`, the new
 * count returned) per request, so every Lambda instance sees the same count; the item expires
 * (TTL) a few minutes after its window. Each window is its own partition, so a busy key never
 * makes one item hot for longer than a minute.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { RequestCounter } from '#shared/domain/kernel/rate-limit';
import { KEYS } from './keys.ts';
import { TTL_ATTRIBUTE } from './table.ts';

export function createRequestCounter(
  doc: DynamoDBDocumentClient,
  tableName: string,
): RequestCounter {
  return {
    async hit(keyId, windowStart, expiresAt) {
      const { Attributes } = await doc.send(
        new UpdateCommand({
          TableName: tableName,
          Key: KEYS.requestRate(keyId, windowStart),
          UpdateExpression: 'ADD hits :one SET #ttl = if_not_exists(#ttl, :ttl)',
          ExpressionAttributeNames: { '#ttl': TTL_ATTRIBUTE },
          ExpressionAttributeValues: { ':one': 1, ':ttl': expiresAt },
          ReturnValues: 'UPDATED_NEW',
        }),
      );
      return Number(Attributes?.hits ?? 1);
    },
  };
}
