/**
 * Scans: `SCAN#<id>` / `SCAN`, written once (only its outbox markers are removed later). A scan
 * made for an account carries gsi1 `USER#<id>#SCANS` / `<created_at>#<id>`, its history; anonymous
 * scans belong to nobody. Until its side effects are settled the row is in gsi2
 * `SCANS#UNSETTLED` (scan-outbox.ts). The latest scan of each domain is a pointer item
 * `DOMAIN#<domain>` / `LATEST_SCAN` (the public badge, docs/decisions.md): gsi2 is the outbox's,
 * so the domain cannot also be an index there. A scan made for an account is also recorded in
 * that account's history of the domain (scan-history-repository.ts).
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type {
  EffectsPrefetch,
  PutScanOptions,
  ScanStore,
  StoredScan,
} from '#shared/domain/scans/ports';
import type { Db } from './client.ts';
import { conditionalWrite } from './conditional.ts';
import { GSI, INDEX, KEYS } from './keys.ts';
import { queryOwnerIndexPage } from './pagination.ts';
import {
  listDomainScans,
  listDomains,
  prefetchHistory,
  recordHistory,
} from './scan-history-repository.ts';
import { createScanOutbox, packScan, toStoredScan, unsettledMarkers } from './scan-outbox.ts';
import type { ItemPut } from './transactions.ts';

const toScan = toStoredScan;

export function createScansRepository(doc: DynamoDBDocumentClient, tableName: string): ScanStore {
  const db: Db = { doc, tableName };
  return {
    ...createScanOutbox(doc, tableName),
    putScan: (scan, options) => putScan(db, scan, options ?? {}),
    indexScan: (scan, prefetched) => indexScan(db, scan, prefetched),
    prefetchIndex: (ownerId, domain) => prefetchHistory(db, ownerId, domain),
    getScan: (id) => getScan(db, id),
    listByOwner: (ownerId, limit, cursor) => listByOwner(db, ownerId, limit, cursor),
    latestByDomain: (domain) => latestByDomain(db, domain),
    listDomains: (ownerId, query) => listDomains(db, ownerId, query),
    listDomainScans: (ownerId, domain, limit, cursor) =>
      listDomainScans(db, ownerId, domain, limit, cursor),
  };
}

async function putScan(db: Db, stored: StoredScan, options: PutScanOptions): Promise<boolean> {
  const settled = options.settled === true;
  // The site's facts go to the account's domain (recordHistory), not into the scan item.
  const { site: _site, ...scan } = stored;
  const written = await conditionalWrite(() =>
    db.doc.send(
      new PutCommand({
        TableName: db.tableName,
        Item: {
          ...KEYS.scan(scan.id),
          ...(scan.owner_id
            ? { gsi1pk: GSI.userScans(scan.owner_id), gsi1sk: `${scan.created_at}#${scan.id}` }
            : {}),
          ...packScan(scan),
          ...(settled ? {} : unsettledMarkers(scan)),
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    ),
  );
  // Also on a retried write (written false): the pointer and the history are idempotent.
  if (options.index !== 'later') await indexScan(db, stored);
  return written;
}

/**
 * The pointer and the account's history hang off the saved scan, not off each other, and are
 * idempotent per scan id: written side by side. The history's items go in one transaction
 * (scan-history-repository.ts); the pointer, which every scan of the domain moves, stays a
 * single write, so scans of one domain by different callers never contend in a transaction.
 */
async function indexScan(db: Db, stored: StoredScan, prefetched?: EffectsPrefetch): Promise<void> {
  await Promise.all([
    conditionalWrite(() => db.doc.send(new PutCommand(pointerPut(db, stored)))),
    recordHistory(db, stored, prefetched),
  ]);
}

/** Moves the domain's latest-scan pointer to this scan unless a newer one holds it already. */
function pointerPut(db: Db, scan: StoredScan): ItemPut {
  return {
    TableName: db.tableName,
    Item: {
      ...KEYS.domainLatestScan(scan.domain),
      domain: scan.domain,
      scan_id: scan.id,
      created_at: scan.created_at,
    },
    ConditionExpression: 'attribute_not_exists(pk) OR created_at <= :created',
    ExpressionAttributeValues: { ':created': scan.created_at },
  };
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
  const { Item } = await db.doc.send(
    new GetCommand({ TableName: db.tableName, Key: KEYS.domainLatestScan(domain) }),
  );
  if (!Item || Item.domain !== domain || typeof Item.scan_id !== 'string') return undefined;
  const scan = await getScan(db, Item.scan_id);
  // The pointer is exact on the domain; the check keeps a stray item from ever lending its score.
  return scan && scan.domain === domain ? scan : undefined;
}
