/**
 * Scans: `SCAN#<id>` / `SCAN`, written once, never updated. A scan made for an account carries
 * gsi1 `USER#<id>#SCANS` / `<created_at>#<id>`, its history; anonymous scans belong to nobody.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { ScanStore, StoredScan } from '#shared/domain/scans/ports';
import type { Db } from './client.ts';
import { conditionalWrite } from './conditional.ts';
import { GSI, INDEX, KEYS } from './keys.ts';
import { queryOwnerIndexPage } from './pagination.ts';
import { createScanOutbox, toStoredScan, unsettledMarkers } from './scan-outbox.ts';

/**
 * Scans: `SCAN#<id>` / `SCAN`, written once (only its outbox markers are removed later). A scan
 * made for an account carries gsi1 `USER#<id>#SCANS` / `<created_at>#<id>`, its history; anonymous
 * scans belong to nobody. Until its side effects are settled the row is in gsi2
 * `SCANS#UNSETTLED` (scan-outbox.ts).
 */
const toScan = toStoredScan;

export function createScansRepository(doc: DynamoDBDocumentClient, tableName: string): ScanStore {
  const db: Db = { doc, tableName };
  return {
    ...createScanOutbox(doc, tableName),
    putScan: (scan) => putScan(db, scan),
    getScan: (id) => getScan(db, id),
    listByOwner: (ownerId, limit, cursor) => listByOwner(db, ownerId, limit, cursor),
  };
}

function putScan(db: Db, scan: StoredScan): Promise<boolean> {
  return conditionalWrite(() =>
    db.doc.send(
      new PutCommand({
        TableName: db.tableName,
        Item: {
          ...KEYS.scan(scan.id),
          ...(scan.owner_id
            ? { gsi1pk: GSI.userScans(scan.owner_id), gsi1sk: `${scan.created_at}#${scan.id}` }
            : {}),
          ...scan,
          ...unsettledMarkers(scan),
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    ),
  );
}

async function getScan(db: Db, id: string): Promise<StoredScan | undefined> {
  const { Item } = await db.doc.send(
    new GetCommand({ TableName: db.tableName, Key: KEYS.scan(id) }),
  );
  return Item ? toScan(Item) : undefined;
}

async function listByOwner(
  db: Db,
  ownerId: string,
  limit: number,
  cursor: string | undefined,
): Promise<{ scans: StoredScan[]; cursor: string | null }> {
  const page = await queryOwnerIndexPage(
    db.doc,
    {
      tableName: db.tableName,
      indexName: INDEX.byOwner,
      partition: GSI.userScans(ownerId),
      limit,
      cursor,
    },
    toScan,
  );
  return { scans: page.items, cursor: page.cursor };
}
