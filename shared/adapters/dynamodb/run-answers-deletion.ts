/**
 * Deleting a run's stored answers and judge replies (`ANSWER#` and `JUDGE#` items of the run
 * partition, docs/monitor.md "Data") and the answer index that describes them (`INDEX#`); the
 * family states and the run's summary stay. Batched
 * deletes of 25 keys, unprocessed keys retried a bounded number of times.
 */
import { BatchWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { SK_PREFIX } from './keys.ts';
import { queryAll } from './pagination.ts';

const BATCH_WRITE_SIZE = 25;
const MAX_ATTEMPTS = 8;

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
  for (let start = 0; start < keys.length; start += BATCH_WRITE_SIZE) {
    await deleteBatch(doc, tableName, keys.slice(start, start + BATCH_WRITE_SIZE));
  }
  return keys
    .filter((key) => key.sk.startsWith(SK_PREFIX.monitorAnswer))
    .map((key) => key.sk.slice(SK_PREFIX.monitorAnswer.length));
}

async function deleteBatch(doc: DynamoDBDocumentClient, tableName: string, keys: Key[]) {
  let requests = keys.map((Key) => ({ DeleteRequest: { Key } }));
  for (let attempt = 1; requests.length > 0; attempt += 1) {
    if (attempt > MAX_ATTEMPTS) throw new Error('answers could not be deleted');
    const result = await doc.send(
      new BatchWriteCommand({ RequestItems: { [tableName]: requests } }),
    );
    requests = (result.UnprocessedItems?.[tableName] ?? []) as typeof requests;
  }
}
