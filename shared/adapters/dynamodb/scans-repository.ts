import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { ScanStore, StoredScan } from '#shared/domain/scans/ports';
import { conditionalWrite } from './conditional.ts';
import { GSI, INDEX, KEYS } from './keys.ts';
import { queryOwnerIndexPage } from './pagination.ts';

/**
 * Scans: `SCAN#<id>` / `SCAN`, written once, never updated. A scan made for an account carries
 * gsi1 `USER#<id>#SCANS` / `<created_at>#<id>`, its history; anonymous scans belong to nobody.
 */
function toScan(item: Record<string, unknown>): StoredScan {
  const { pk: _pk, sk: _sk, gsi1pk: _gsi1pk, gsi1sk: _gsi1sk, ...scan } = item;
  return scan as unknown as StoredScan;
}

export function createScansRepository(doc: DynamoDBDocumentClient, tableName: string): ScanStore {
  return {
    putScan: (scan) =>
      conditionalWrite(() =>
        doc.send(
          new PutCommand({
            TableName: tableName,
            Item: {
              ...KEYS.scan(scan.id),
              ...(scan.owner_id
                ? { gsi1pk: GSI.userScans(scan.owner_id), gsi1sk: `${scan.created_at}#${scan.id}` }
                : {}),
              ...scan,
            },
            ConditionExpression: 'attribute_not_exists(pk)',
          }),
        ),
      ),

    async getScan(id) {
      const { Item } = await doc.send(new GetCommand({ TableName: tableName, Key: KEYS.scan(id) }));
      return Item ? toScan(Item) : undefined;
    },

    async listByOwner(ownerId, limit, cursor) {
      const page = await queryOwnerIndexPage(
        doc,
        { tableName, indexName: INDEX.byOwner, partition: GSI.userScans(ownerId), limit, cursor },
        toScan,
      );
      return { scans: page.items, cursor: page.cursor };
    },
  };
}
