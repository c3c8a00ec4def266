import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { ScanStore, StoredScan } from '#shared/scans/ports';
import { KEYS } from './keys.ts';

/** Scans: `SCAN#<id>` / `SCAN`, written once, never updated. */
export function createScansRepository(doc: DynamoDBDocumentClient, tableName: string): ScanStore {
  return {
    async putScan(scan) {
      try {
        await doc.send(
          new PutCommand({
            TableName: tableName,
            Item: { ...KEYS.scan(scan.id), ...scan },
            ConditionExpression: 'attribute_not_exists(pk)',
          }),
        );
        return true;
      } catch (error) {
        if (error instanceof ConditionalCheckFailedException) return false;
        throw error;
      }
    },
    async getScan(id) {
      const { Item } = await doc.send(new GetCommand({ TableName: tableName, Key: KEYS.scan(id) }));
      if (!Item) return undefined;
      const { pk: _pk, sk: _sk, ...scan } = Item;
      return scan as StoredScan;
    },
  };
}
