import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { ScanStore, StoredScan } from '#shared/scans/ports';

/** Scans: `SCAN#<id>` / `SCAN`, written once, never updated. */
export function createScansRepository(doc: DynamoDBDocumentClient, tableName: string): ScanStore {
  return {
    async putScan(scan) {
      await doc.send(
        new PutCommand({
          TableName: tableName,
          Item: { pk: `SCAN#${scan.id}`, sk: 'SCAN', ...scan },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
    },
    async getScan(id) {
      const { Item } = await doc.send(
        new GetCommand({ TableName: tableName, Key: { pk: `SCAN#${id}`, sk: 'SCAN' } }),
      );
      if (!Item) return undefined;
      const { pk: _pk, sk: _sk, ...scan } = Item;
      return scan as StoredScan;
    },
  };
}
