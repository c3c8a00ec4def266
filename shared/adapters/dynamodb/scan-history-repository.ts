/**
 * The scan history of an account's domains (docs/data-model.md "Scan history"). Each account's
 * domain is a partition `USER#<id>#DOMAIN#<domain>`: one `SCAN#<created_at>#<id>` item per scan
 * (the points of each check, no findings) and a `DOMAIN` summary (latest and previous score,
 * count, the last 20 scores, pillar shares) listed through gsi1 `USER#<id>#DOMAINS` /
 * `<last_scanned_at>#<domain>`. Every read is a Query of one partition: no scan of the table.
 */
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { UnavailableError } from '#shared/domain/kernel/errors';
import { foldIntoSummary, toHistoryScan } from '#shared/domain/scans/history';
import type {
  DomainQuery,
  DomainSummary,
  DomainSummaryPage,
  EffectsPrefetch,
  HistoryScan,
  StoredScan,
} from '#shared/domain/scans/ports';
import type { Db } from './client.ts';
import { conditionalWrite } from './conditional.ts';
import { GSI, INDEX, KEYS, SK_PREFIX } from './keys.ts';
import { decodeCursor, encodeCursor } from './pagination.ts';
import { readItem } from './read-item.ts';
import { recordSiteFacts, siteFactsPut } from './site-facts-repository.ts';
import { type ItemPut, transactWrite } from './transactions.ts';

/** Optimistic retries of the summary's read-modify-write when scans of a domain race. */
const SUMMARY_ATTEMPTS = 5;
/** Index pages read at most for one page of a filtered domain list (a bounded cost). */
const FILTERED_ROUNDS = 5;

type OwnedScan = StoredScan & { owner_id: string };

/**
 * Records an account's scan in its domain's history; idempotent per scan id. The entry, the
 * summary and the site facts go in one transaction after the summary's read: two store requests
 * where the items one by one take four (issue 37: on the local store each request costs CPU the
 * scan waits for, on AWS each is a round trip). When the transaction is refused (another scan
 * of the domain folded into the summary first, a newer scan left its facts, a conflict) or the
 * summary holds this scan already (a retry), the items are written one by one, side by side,
 * each idempotent per scan id.
 */
export async function recordHistory(
  db: Db,
  scan: StoredScan,
  prefetched?: EffectsPrefetch,
): Promise<void> {
  if (!scan.owner_id) return;
  const owned: OwnedScan = { ...scan, owner_id: scan.owner_id };
  const entry = toHistoryScan(scan);
  if (await historyInOneWrite(db, owned, entry, prefetchedSummary(owned, prefetched))) return;
  await Promise.all([
    db.doc.send(new PutCommand(historyEntryPut(db, owned, entry))),
    owned.site ? recordSiteFacts(db, { ...owned, site: owned.site }) : Promise.resolve(),
    foldSummary(db, owned, entry),
  ]);
}

/** What `prefetchHistory` read, kept in `EffectsPrefetch.read`. */
interface SummaryRead {
  summary: Record<string, unknown> | undefined;
}

/**
 * Reads the account's summary of the domain while the scan runs (issue 37): the transaction after
 * it is conditional on the version read, so a summary another scan moved meanwhile only sends the
 * history down the item-by-item path, which reads again.
 */
export async function prefetchHistory(
  db: Db,
  ownerId: string | undefined,
  domain: string,
): Promise<EffectsPrefetch> {
  const read: SummaryRead | undefined = ownerId
    ? { summary: await readItem(db, KEYS.accountDomain(ownerId, domain)) }
    : undefined;
  return { ownerId, domain, read };
}

/** The prefetched summary read, if it was read for this scan's account and domain. */
function prefetchedSummary(
  scan: OwnedScan,
  prefetched: EffectsPrefetch | undefined,
): SummaryRead | undefined {
  if (prefetched?.ownerId !== scan.owner_id || prefetched.domain !== scan.domain) return undefined;
  return prefetched.read as SummaryRead | undefined;
}

/** The transaction of `recordHistory`: false when nothing was written. */
async function historyInOneWrite(
  db: Db,
  scan: OwnedScan,
  entry: HistoryScan,
  prefetched: SummaryRead | undefined,
): Promise<boolean> {
  const item = prefetched
    ? prefetched.summary
    : await readItem(db, KEYS.accountDomain(scan.owner_id, scan.domain));
  const next = foldIntoSummary(item ? toSummary(item) : undefined, entry);
  if (!next) return false;
  const puts = [
    historyEntryPut(db, scan, entry),
    summaryPut(db, scan.owner_id, next, item),
    ...(scan.site ? [siteFactsPut(db, { ...scan, site: scan.site })] : []),
  ];
  try {
    return await transactWrite(
      db,
      puts.map((Put) => ({ Put })),
    );
  } catch (error) {
    // Conflicts with a concurrent write of the same items: the one-by-one writes take it up.
    if (error instanceof UnavailableError) return false;
    throw error;
  }
}

/** The scan's own entry in the account's history of the domain (keyed by the scan: idempotent). */
function historyEntryPut(db: Db, scan: OwnedScan, entry: HistoryScan): ItemPut {
  return {
    TableName: db.tableName,
    Item: {
      ...KEYS.accountDomainScan(scan.owner_id, scan.domain, scan.created_at, scan.id),
      ...entry,
    },
  };
}

/** The summary `next`, written only over the version it was folded from (`read`, if any). */
function summaryPut(
  db: Db,
  ownerId: string,
  next: DomainSummary,
  read: Record<string, unknown> | undefined,
): ItemPut {
  const version = typeof read?.version === 'number' ? read.version : 0;
  return {
    TableName: db.tableName,
    Item: {
      ...KEYS.accountDomain(ownerId, next.domain),
      gsi1pk: GSI.userDomains(ownerId),
      gsi1sk: `${next.last_scanned_at}#${next.domain}`,
      ...next,
      ...pillarAttributes(next),
      version: version + 1,
    },
    ConditionExpression: read ? 'version = :version' : 'attribute_not_exists(pk)',
    ...(read ? { ExpressionAttributeValues: { ':version': version } } : {}),
  };
}

/** The account's summary of the domain with this scan folded in (optimistic, versioned). */
async function foldSummary(db: Db, scan: OwnedScan, entry: HistoryScan): Promise<void> {
  for (let attempt = 0; attempt < SUMMARY_ATTEMPTS; attempt += 1) {
    const item = await readItem(db, KEYS.accountDomain(scan.owner_id, scan.domain));
    const next = foldIntoSummary(item ? toSummary(item) : undefined, entry);
    if (!next) return;
    const put = summaryPut(db, scan.owner_id, next, item);
    if (await conditionalWrite(() => db.doc.send(new PutCommand(put)))) return;
  }
  throw new Error(`The history of ${scan.domain} changed too often to record a scan of it`);
}

/** The pillar shares as top-level numbers, so a filter expression can compare them. */
function pillarAttributes(summary: DomainSummary): Record<string, number> {
  return Object.fromEntries(
    Object.entries(summary.pillars).flatMap(([pillar, share]) =>
      share === null ? [] : [[`pillar_${pillar}`, share]],
    ),
  );
}

function toSummary(item: Record<string, unknown>): DomainSummary {
  return {
    domain: item.domain as string,
    latest_scan_id: item.latest_scan_id as string,
    score: item.score as number,
    previous_score: (item.previous_score as number | null | undefined) ?? null,
    scan_count: item.scan_count as number,
    first_scanned_at: item.first_scanned_at as string,
    last_scanned_at: item.last_scanned_at as string,
    pillars: item.pillars as DomainSummary['pillars'],
    trend: item.trend as DomainSummary['trend'],
  };
}

function toHistoryEntry(item: Record<string, unknown>): HistoryScan {
  return {
    id: item.id as string,
    domain: item.domain as string,
    score: item.score as number,
    scoring_version: item.scoring_version as number,
    created_at: item.created_at as string,
    checks: item.checks as HistoryScan['checks'],
  };
}

/** The filter expression of a domain query, if it filters at all. */
function filterOf(query: DomainQuery) {
  const parts: string[] = [];
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  if (query.q) {
    parts.push('contains(#domain, :q)');
    names['#domain'] = 'domain';
    values[':q'] = query.q;
  }
  if (query.range) {
    parts.push('#measure BETWEEN :from AND :to');
    names['#measure'] = query.range.pillar ? `pillar_${query.range.pillar}` : 'score';
    values[':from'] = query.range.from;
    values[':to'] = query.range.to;
  }
  if (parts.length === 0) return {};
  return {
    FilterExpression: parts.join(' AND '),
    ExpressionAttributeNames: names,
    filterValues: values,
  };
}

/**
 * A page of the account's domains, most recently scanned first. A filter is applied after each
 * index page is read, so a page is filled from up to FILTERED_ROUNDS reads; the cursor is the
 * key of the last domain returned (or of the last one read), bound to the account's partition.
 */
export async function listDomains(
  db: Db,
  ownerId: string,
  query: DomainQuery,
): Promise<DomainSummaryPage> {
  const partition = GSI.userDomains(ownerId);
  const { filterValues, ...filter } = filterOf(query);
  const domains: DomainSummary[] = [];
  let startKey = decodeCursor(query.cursor, { attribute: 'gsi1pk', value: partition });
  for (let round = 0; round < FILTERED_ROUNDS && domains.length < query.limit; round += 1) {
    const page = await db.doc.send(
      new QueryCommand({
        TableName: db.tableName,
        IndexName: INDEX.byOwner,
        KeyConditionExpression: 'gsi1pk = :owner',
        ...filter,
        ExpressionAttributeValues: { ':owner': partition, ...filterValues },
        ScanIndexForward: false,
        Limit: query.limit - domains.length,
        ExclusiveStartKey: startKey,
      }),
    );
    domains.push(...(page.Items ?? []).map(toSummary));
    startKey = page.LastEvaluatedKey;
    if (!startKey) break;
  }
  return { domains, cursor: encodeCursor(startKey) };
}

/** A page of one domain's scans, newest first, and the scan after its last (the diff's base). */
export async function listDomainScans(
  db: Db,
  ownerId: string,
  domain: string,
  limit: number,
  cursor: string | undefined,
): Promise<{ scans: HistoryScan[]; following: HistoryScan | undefined; cursor: string | null }> {
  const { pk } = KEYS.accountDomain(ownerId, domain);
  const page = await db.doc.send(
    new QueryCommand({
      TableName: db.tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :scan)',
      ExpressionAttributeValues: { ':pk': pk, ':scan': SK_PREFIX.accountDomainScan },
      ScanIndexForward: false,
      // One more than the page: the scan before the page's oldest, to diff it against.
      Limit: limit + 1,
      ExclusiveStartKey: decodeCursor(cursor, { attribute: 'pk', value: pk }),
    }),
  );
  const items = page.Items ?? [];
  const scans = items.slice(0, limit).map(toHistoryEntry);
  const extra = items[limit];
  if (extra) {
    const last = items[limit - 1] as Record<string, unknown>;
    return {
      scans,
      following: toHistoryEntry(extra),
      cursor: encodeCursor({ pk: last.pk, sk: last.sk }),
    };
  }
  // A short page that DynamoDB cut (its 1 MB read limit): read the one scan after it.
  const following = page.LastEvaluatedKey
    ? await oneAfter(db, pk, page.LastEvaluatedKey)
    : undefined;
  return { scans, following, cursor: encodeCursor(page.LastEvaluatedKey) };
}

async function oneAfter(
  db: Db,
  pk: string,
  startKey: Record<string, unknown>,
): Promise<HistoryScan | undefined> {
  const page = await db.doc.send(
    new QueryCommand({
      TableName: db.tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :scan)',
      ExpressionAttributeValues: { ':pk': pk, ':scan': SK_PREFIX.accountDomainScan },
      ScanIndexForward: false,
      Limit: 1,
      ExclusiveStartKey: startKey,
    }),
  );
  const item = page.Items?.[0];
  return item ? toHistoryEntry(item) : undefined;
}
