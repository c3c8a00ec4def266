/**
 * Deleting a run's stored answers and judge replies (`ANSWER#` and `JUDGE#` items of the run
 * partition, docs/monitor.md "Data") and the answer index that describes them (`INDEX#`); the
 * family states and the run's summary stay (batch-delete.ts).
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { deleteKeys } from './batch-delete.ts';
import { SK_PREFIX } from './keys.ts';
import { queryAll } from './pagination.ts';

type Key = { pk: string; sk: string };

/**
 * Deletes every answer, judge reply and answer index part in the partition; the deleted
 * answers' cells (`<family>#<mode>#<cell>`, as `cellKeyString` writes them).
 */
export async function deleteRunAnswerItems(
  doc: DynamoDBDocumentClient,
  tableName: string,
  partition: string,
): Promise<string[]> {
  const keys: Key[] = [];
  const prefixes = [
    SK_PREFIX.monitorAnswerIndex,
    SK_PREFIX.monitorAnswer,
    SK_PREFIX.monitorJudgement,
  ];
  for (const prefix of prefixes) {
    keys.push(
      ...(await queryAll(
        doc,
        {
          TableName: tableName,
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
          ProjectionExpression: 'pk, sk',
          ExpressionAttributeValues: { ':pk': partition, ':prefix': prefix },
          ConsistentRead: true,
        },
        (item) => ({ pk: String(item.pk), sk: String(item.sk) }),
      )),
    );
  }
  await deleteKeys({ doc, tableName }, keys);
  return keys
    .filter((key) => key.sk.startsWith(SK_PREFIX.monitorAnswer))
    .map((key) => key.sk.slice(SK_PREFIX.monitorAnswer.length));
}
