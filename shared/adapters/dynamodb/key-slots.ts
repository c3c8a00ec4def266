import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { KeySlots } from '#shared/domain/accounts/ports';
import { conditionalWrite } from './conditional.ts';
import { KEYS } from './keys.ts';

/**
 * The active-key cap as one counter item per account, `USER#<id>` / `KEYSLOTS` with `active`
 * (docs/data-model.md): a place is taken by a conditional `ADD` that holds only below the cap,
 * so parallel creates cannot pass it together (issue 18, finding 3). The counter starts from the
 * listed active keys (accounts older than it); when the cap seems reached it is recounted once
 * and corrected, so keys revoked outside the API (the operator CLI) free their places.
 */
export function createKeySlots(doc: DynamoDBDocumentClient, tableName: string): KeySlots {
  const start = (userId: string, active: number) =>
    conditionalWrite(() =>
      doc.send(
        new PutCommand({
          TableName: tableName,
          Item: { ...KEYS.keySlots(userId), active },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      ),
    );

  const take = (userId: string, max: number) =>
    conditionalWrite(() =>
      doc.send(
        new UpdateCommand({
          TableName: tableName,
          Key: KEYS.keySlots(userId),
          UpdateExpression: 'ADD active :one',
          ConditionExpression: 'attribute_exists(pk) AND active < :max',
          ExpressionAttributeValues: { ':one': 1, ':max': max },
        }),
      ),
    );

  /** Lowers the counter to the true count, only if no one moved it since it was read. */
  const correct = (userId: string, actual: number, max: number) =>
    conditionalWrite(() =>
      doc.send(
        new UpdateCommand({
          TableName: tableName,
          Key: KEYS.keySlots(userId),
          UpdateExpression: 'SET active = :actual',
          ConditionExpression: 'active >= :max AND :actual < :max',
          ExpressionAttributeValues: { ':actual': actual, ':max': max },
        }),
      ),
    );

  return {
    async takeKeySlot(userId, max, countActive) {
      if (await take(userId, max)) return true;
      // No counter yet (an older account), or the cap seems reached: count once and retry.
      const actual = await countActive();
      if (!(await start(userId, actual))) await correct(userId, actual, max);
      return take(userId, max);
    },

    async releaseKeySlot(userId) {
      await conditionalWrite(() =>
        doc.send(
          new UpdateCommand({
            TableName: tableName,
            Key: KEYS.keySlots(userId),
            UpdateExpression: 'ADD active :minus',
            ConditionExpression: 'active > :zero',
            ExpressionAttributeValues: { ':minus': -1, ':zero': 0 },
          }),
        ),
      );
    },
  };
}
