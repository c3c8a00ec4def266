/**
 * Idempotency keys: `IDEM#<sha256 of caller, route and key>` / `IDEM` with the body's
 * fingerprint, `state` (`in_flight` until the request's deadline, then `done` with the response
 * for 24 hours) and `expires_at` (TTL, also checked here: TTL deletion is late, and a lapsed
 * in-flight claim, left by a request its timeout killed, is free again). A claim is one
 * conditional put, so two requests with one key cannot both run.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { IdempotencyStore, StoredResponse } from '#shared/domain/kernel/idempotency';
import { conditionalWrite } from './conditional.ts';
import { KEYS } from './keys.ts';

export function createIdempotencyRepository(
  doc: DynamoDBDocumentClient,
  tableName: string,
): IdempotencyStore {
  const nowSeconds = () => Math.floor(Date.now() / 1000);
  return {
    async claim(key, fingerprint, expiresAt) {
      const claimed = await conditionalWrite(() =>
        doc.send(
          new PutCommand({
            TableName: tableName,
            Item: {
              ...KEYS.idempotency(key),
              fingerprint,
              state: 'in_flight',
              expires_at: expiresAt,
            },
            ConditionExpression: 'attribute_not_exists(pk) OR expires_at < :now',
            ExpressionAttributeValues: { ':now': nowSeconds() },
          }),
        ),
      );
      if (claimed) return { state: 'claimed' };
      const { Item } = await doc.send(
        new GetCommand({ TableName: tableName, Key: KEYS.idempotency(key), ConsistentRead: true }),
      );
      // Gone between the two calls (released): the caller may simply retry.
      if (!Item) return { state: 'in_flight' };
      if (Item.fingerprint !== fingerprint) return { state: 'reused' };
      if (Item.state !== 'done') return { state: 'in_flight' };
      return { state: 'done', response: Item.response as StoredResponse };
    },

    async complete(key, response, expiresAt) {
      await doc.send(
        new UpdateCommand({
          TableName: tableName,
          Key: KEYS.idempotency(key),
          UpdateExpression: 'SET #state = :done, #response = :response, expires_at = :expires',
          ExpressionAttributeNames: { '#state': 'state', '#response': 'response' },
          ExpressionAttributeValues: {
            ':done': 'done',
            ':response': response,
            ':expires': expiresAt,
          },
        }),
      );
    },

    async release(key) {
      await doc.send(new DeleteCommand({ TableName: tableName, Key: KEYS.idempotency(key) }));
    },
  };
}
