/**
 * The active-key cap as one counter item per account, `USER#<id>` / `KEYSLOTS` with `active`
 * (docs/data-model.md): a place is taken by a conditional `ADD` that holds only below the cap,
 * so parallel creates cannot pass it together (issue 18, finding 3). The counter starts from the
 * listed active keys (accounts older than it); when the cap seems reached it is recounted once
 * and corrected, so keys revoked outside the API (the operator CLI) free their places.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { KeySlots } from '#shared/domain/accounts/ports';
import type { Db } from './client.ts';
import { conditionalWrite } from './conditional.ts';
import { KEYS } from './keys.ts';

export function createKeySlots(doc: DynamoDBDocumentClient, tableName: string): KeySlots {
  const db: Db = { doc, tableName };
  return {
    takeKeySlot: (userId, max, countActive) => takeKeySlot(db, userId, max, countActive),
    releaseKeySlot: (userId) => releaseKeySlot(db, userId),
  };
}

async function takeKeySlot(
  db: Db,
  userId: string,
  max: number,
  countActive: () => Promise<number>,
): Promise<boolean> {
  if (await take(db, userId, max)) return true;
  // No counter yet (an older account), or the cap seems reached: count once and retry.
  const actual = await countActive();
  if (!(await start(db, userId, actual))) await correct(db, userId, actual, max);
  return take(db, userId, max);
}

async function releaseKeySlot({ doc, tableName }: Db, userId: string): Promise<void> {
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
}

const start = ({ doc, tableName }: Db, userId: string, active: number) =>
  conditionalWrite(() =>
    doc.send(
      new PutCommand({
        TableName: tableName,
        Item: { ...KEYS.keySlots(userId), active },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    ),
  );

const take = ({ doc, tableName }: Db, userId: string, max: number) =>
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
const correct = ({ doc, tableName }: Db, userId: string, actual: number, max: number) =>
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
