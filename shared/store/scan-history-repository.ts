import { type DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import { GSI, INDEX } from './keys.ts';

/**
 * An account's recent scans, read from its `scan.completed` events (the event log's gsi1
 * `USER#<id>#EVENTS`, newest last): every scan made with one of the account's keys, through MCP,
 * a batch or the dashboard. Scans have no owner index of their own; the events are the record
 * of which scans belong to an account. The dispatcher records an event a moment after its scan.
 */
export interface ScanHistoryEntry {
  id: string;
  domain: string;
  score: number;
  created_at: string;
}

const ScanDataSchema = z.object({
  scan: z.object({
    id: z.string(),
    domain: z.string(),
    score: z.number(),
    created_at: z.string(),
  }),
});

const PAGE_SIZE = 100;
const MAX_PAGES = 5;

export function createScanHistoryRepository(doc: DynamoDBDocumentClient, tableName: string) {
  return {
    async recentScans(accountId: string, limit: number): Promise<ScanHistoryEntry[]> {
      const found: ScanHistoryEntry[] = [];
      let startKey: Record<string, unknown> | undefined;
      for (let page = 0; page < MAX_PAGES && found.length < limit; page += 1) {
        const result = await doc.send(
          new QueryCommand({
            TableName: tableName,
            IndexName: INDEX.byOwner,
            KeyConditionExpression: 'gsi1pk = :account',
            FilterExpression: '#event.#type = :type',
            ExpressionAttributeNames: { '#event': 'event', '#type': 'type' },
            ExpressionAttributeValues: {
              ':account': GSI.accountEvents(accountId),
              ':type': 'scan.completed',
            },
            ScanIndexForward: false,
            Limit: PAGE_SIZE,
            ExclusiveStartKey: startKey,
          }),
        );
        for (const item of result.Items ?? []) {
          const parsed = ScanDataSchema.safeParse((item.event as { data?: unknown })?.data);
          if (parsed.success) found.push(parsed.data.scan);
        }
        startKey = result.LastEvaluatedKey;
        if (!startKey) break;
      }
      return found.slice(0, limit);
    },
  };
}

export type ScanHistory = ReturnType<typeof createScanHistoryRepository>;
