/**
 * Scans: `SCAN#<id>` / `SCAN`, written once, never updated. A scan made for an account carries
 * gsi1 `USER#<id>#SCANS` / `<created_at>#<id>`, its history; anonymous scans belong to nobody.
 * Every scan carries gsi2 `DOMAIN#<domain>#SCANS` / `<created_at>#<id>`, so the latest scan of a
 * domain (the public badge, docs/decisions.md) is one query, exact on the domain.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { ScanStore, StoredScan } from '#shared/domain/scans/ports';
import type { Db } from './client.ts';
import { conditionalWrite } from './conditional.ts';
import { GSI, INDEX, KEYS } from './keys.ts';
import { queryOwnerIndexPage } from './pagination.ts';

function toScan(item: Record<string, unknown>): StoredScan {
  const {
    pk: _pk,
    sk: _sk,
    gsi1pk: _gsi1pk,
    gsi1sk: _gsi1sk,
    gsi2pk: _gsi2pk,
    gsi2sk: _gsi2sk,
    ...scan
  } = item;
  return scan as unknown as StoredScan;
}

export function createScansRepository(doc: DynamoDBDocumentClient, tableName: string): ScanStore {
  const db: Db = { doc, tableName };
  return {
    putScan: (scan) => putScan(db, scan),
    getScan: (id) => getScan(db, id),
    listByOwner: (ownerId, limit, cursor) => listByOwner(db, ownerId, limit, cursor),
    latestByDomain: (domain) => latestByDomain(db, domain),
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
          gsi2pk: GSI.domainScans(scan.domain),
          gsi2sk: `${scan.created_at}#${scan.id}`,
          ...scan,
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

async function latestByDomain(db: Db, domain: string): Promise<StoredScan | undefined> {
  const { Items } = await db.doc.send(
    new QueryCommand({
      TableName: db.tableName,
      IndexName: INDEX.byAlternateId,
      KeyConditionExpression: 'gsi2pk = :pk',
      ExpressionAttributeValues: { ':pk': GSI.domainScans(domain) },
      ScanIndexForward: false,
      Limit: 1,
    }),
  );
  const item = Items?.[0];
  // The index is exact on the domain; the check keeps a stray item from ever lending its score.
  return item && item.domain === domain ? toScan(item) : undefined;
}
