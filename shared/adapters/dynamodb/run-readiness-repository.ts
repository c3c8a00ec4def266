/**
 * A run's readiness gaps (docs/monitor.md "Readiness of the cited pages"): one `READINESS` item in
 * the run's partition `USER#<owner>#RUN#<run>`, written once (a retried step keeps the first
 * result, so the summary never changes between attempts) and validated when read back.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { type DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import {
  type ReadinessGaps,
  ReadinessGapsSchema,
} from '#shared/domain/monitor/engine/readiness-schema';
import type { ReadinessStore } from '#shared/domain/monitor/ports';
import type { RunRef } from '#shared/domain/monitor/run-ref';
import type { Db } from './client.ts';
import { KEYS } from './keys.ts';
import { readItem } from './read-item.ts';

export function createRunReadinessRepository(
  doc: DynamoDBDocumentClient,
  tableName: string,
): ReadinessStore {
  const db: Db = { doc, tableName };
  async function getReadiness(run: RunRef) {
    const item = await readItem(db, KEYS.monitorReadiness(run));
    return item ? ReadinessGapsSchema.parse(item.gaps) : undefined;
  }
  return {
    getReadiness,
    async putReadiness(run: RunRef, gaps: ReadinessGaps) {
      try {
        await doc.send(
          new PutCommand({
            TableName: tableName,
            Item: { ...KEYS.monitorReadiness(run), gaps },
            ConditionExpression: 'attribute_not_exists(pk)',
          }),
        );
        return gaps;
      } catch (error) {
        if (!(error instanceof ConditionalCheckFailedException)) throw error;
        return (await getReadiness(run)) ?? gaps;
      }
    },
  };
}
