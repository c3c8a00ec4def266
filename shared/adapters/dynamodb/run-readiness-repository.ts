/**
 * A run's readiness gaps (docs/monitor.md "Readiness of the cited pages"): one `READINESS` item in
 * the run's partition `USER#<owner>#RUN#<run>`, written once (a retried step keeps the first
 * result, so the summary never changes between attempts) and validated when read back.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { type DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import {
  type ReadinessGaps,
  ReadinessGapsSchema,
} from '#shared/domain/monitor/engine/readiness-schema';
import type { ReadinessStore } from '#shared/domain/monitor/ports';
import { KEYS } from './keys.ts';

export function createRunReadinessRepository(
  doc: DynamoDBDocumentClient,
  tableName: string,
): ReadinessStore {
  async function getReadiness(ownerId: string, runId: string) {
    const { Item } = await doc.send(
      new GetCommand({
        TableName: tableName,
        Key: KEYS.monitorReadiness(ownerId, runId),
        ConsistentRead: true,
      }),
    );
    return Item ? ReadinessGapsSchema.parse(Item.gaps) : undefined;
  }
  return {
    getReadiness,
    async putReadiness(ownerId: string, runId: string, gaps: ReadinessGaps) {
      try {
        await doc.send(
          new PutCommand({
            TableName: tableName,
            Item: { ...KEYS.monitorReadiness(ownerId, runId), gaps },
            ConditionExpression: 'attribute_not_exists(pk)',
          }),
        );
        return gaps;
      } catch (error) {
        if (!(error instanceof ConditionalCheckFailedException)) throw error;
        return (await getReadiness(ownerId, runId)) ?? gaps;
      }
    },
  };
}
