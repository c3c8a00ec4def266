/**
 * Stats in O(1) (docs/data-model.md, docs/decisions.md "Issue 18"): per scoring version the
 * counters live in STATS_SHARDS shard items, each its own partition, so scans at thousands per
 * second never queue on one item; `/stats` reads the shards (and the item of the single-counter
 * layout that came before, so its counts stay) in one BatchGetItem and adds them up.
 * - `STATS#v<n>#SHARD#<k>` / `COUNTERS`: `scans`, `domains`, `h<score>` (101-bucket histogram, so
 *   the median is exact), `bad_<check>`, `updated_at`, and `scan_<id>` for every scan counted in
 *   the shard but not settled yet. The scan's counts and that marker are one conditional update,
 *   so a retried scan (a crash before it was settled) can never be counted twice.
 * - `STATS#v<n>#DOMAIN#<sha256>` / `SEEN`: first-seen marker with the id of the scan that saw the
 *   domain first; its conditional put decides whether a domain is new (again for that same scan
 *   when it is retried). Hashed so the aggregate items hold no domain names.
 */
import { createHash } from 'node:crypto';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { sha256Hex } from '#shared/domain/kernel/hash';
import type {
  EffectsPrefetch,
  StatsCounters,
  StatsStore,
  StoredScan,
} from '#shared/domain/scans/ports';
import { batchGetItems } from './batch-get.ts';
import type { Db } from './client.ts';
import { conditionalWrite } from './conditional.ts';
import { type ItemKey, KEYS } from './keys.ts';
import { readItem } from './read-item.ts';

export const STATS_SHARDS = 16;

/** The shard a scan is counted in: fixed by its id, so a retry lands on the same item. */
export function statsShardOf(scanId: string): number {
  return createHash('sha256').update(scanId).digest().readUInt8(0) % STATS_SHARDS;
}

const appliedAttribute = (scanId: string) => `scan_${scanId}`;

function domainMarkerKey(version: number, domain: string): ItemKey {
  return KEYS.statsDomainSeen(version, sha256Hex(domain));
}

/** The counter additions of one scan, as an UpdateExpression's parts. */
function scanAdditions(scan: StoredScan, isNewDomain: boolean) {
  const names: Record<string, string> = {
    '#scans': 'scans',
    '#bucket': `h${scan.score}`,
    '#updated': 'updated_at',
    '#applied': appliedAttribute(scan.id),
  };
  const additions = ['#scans :one', '#bucket :one'];
  if (isNewDomain) {
    names['#domains'] = 'domains';
    additions.push('#domains :one');
  }
  scan.checks
    .filter((check) => check.state === 'bad')
    .forEach((check, index) => {
      names[`#bad${index}`] = `bad_${check.id}`;
      additions.push(`#bad${index} :one`);
    });
  return { names, additions };
}

function sumCounters(items: Record<string, unknown>[]): StatsCounters {
  const histogram = Array.from({ length: 101 }, () => 0);
  const badChecks: Record<string, number> = {};
  let scans = 0;
  let domains = 0;
  let updatedAt: string | null = null;
  for (const item of items) {
    scans += Number(item.scans ?? 0);
    domains += Number(item.domains ?? 0);
    histogram.forEach((count, score) => {
      histogram[score] = count + Number(item[`h${score}`] ?? 0);
    });
    for (const [name, value] of Object.entries(item)) {
      if (name.startsWith('bad_')) {
        badChecks[name.slice(4)] = (badChecks[name.slice(4)] ?? 0) + Number(value);
      }
    }
    if (
      typeof item.updated_at === 'string' &&
      (updatedAt === null || item.updated_at > updatedAt)
    ) {
      updatedAt = item.updated_at;
    }
  }
  return { scans, domains, histogram, badChecks, updatedAt };
}

export function createStatsRepository(doc: DynamoDBDocumentClient, tableName: string): StatsStore {
  const db: Db = { doc, tableName };
  return {
    recordScan: (scan, prefetched) => recordScan(db, scan, prefetched),
    prefetchRecord: (domain, version) => prefetchRecord(db, domain, version),
    forgetScan: (scan) => forgetScan(db, scan),
    readCounters: (version) => readCounters(db, version),
  };
}

/** True when this scan is the first to see the domain (also when this scan is retried). */
function claimDomain({ doc, tableName }: Db, scan: StoredScan): Promise<boolean> {
  return conditionalWrite(() =>
    doc.send(
      new PutCommand({
        TableName: tableName,
        Item: { ...domainMarkerKey(scan.scoring_version, scan.domain), first_scan: scan.id },
        ConditionExpression: 'attribute_not_exists(pk) OR first_scan = :id',
        ExpressionAttributeValues: { ':id': scan.id },
      }),
    ),
  );
}

/** Without this, the marker would say "seen" for a domain the counters never counted. */
async function releaseDomain({ doc, tableName }: Db, scan: StoredScan): Promise<void> {
  await doc
    .send(
      new DeleteCommand({
        TableName: tableName,
        Key: domainMarkerKey(scan.scoring_version, scan.domain),
        ConditionExpression: 'first_scan = :id',
        ExpressionAttributeValues: { ':id': scan.id },
      }),
    )
    .catch(() => undefined);
}

/** Adds the scan to its shard once: false when the shard counted this scan before. */
function addToShard(
  { doc, tableName }: Db,
  scan: StoredScan,
  isNewDomain: boolean,
): Promise<boolean> {
  const { names, additions } = scanAdditions(scan, isNewDomain);
  return conditionalWrite(() =>
    doc.send(
      new UpdateCommand({
        TableName: tableName,
        Key: KEYS.statsShard(scan.scoring_version, statsShardOf(scan.id)),
        UpdateExpression: `ADD ${additions.join(', ')} SET #updated = :now, #applied = :now`,
        ConditionExpression: 'attribute_not_exists(#applied)',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: { ':one': 1, ':now': scan.created_at },
      }),
    ),
  );
}

/** What `prefetchRecord` read, kept in `EffectsPrefetch.read`. */
interface SeenRead {
  version: number;
  /** The scan that saw the domain first, if any had. */
  firstScan: string | undefined;
}

/**
 * Reads the domain's first-seen marker while the scan runs (issue 37). A marker of another scan
 * only ever leaves with that scan's claim released, and that scan is then unsettled and claims it
 * again when it is retried: so a domain another scan holds is not new for this one, and the
 * conditional put that would only be refused is not sent.
 */
async function prefetchRecord(db: Db, domain: string, version: number): Promise<EffectsPrefetch> {
  const marker = await readItem(db, domainMarkerKey(version, domain));
  const firstScan = typeof marker?.first_scan === 'string' ? marker.first_scan : undefined;
  const read: SeenRead = { version, firstScan };
  return { ownerId: undefined, domain, read };
}

/** Whether the prefetched marker shows another scan saw the domain first. */
function seenByAnother(scan: StoredScan, prefetched: EffectsPrefetch | undefined): boolean {
  if (prefetched?.domain !== scan.domain) return false;
  const read = prefetched.read as SeenRead;
  return (
    read.version === scan.scoring_version &&
    read.firstScan !== undefined &&
    read.firstScan !== scan.id
  );
}

async function recordScan(db: Db, scan: StoredScan, prefetched?: EffectsPrefetch): Promise<void> {
  const isNewDomain = seenByAnother(scan, prefetched) ? false : await claimDomain(db, scan);
  try {
    await addToShard(db, scan, isNewDomain);
  } catch (error) {
    if (isNewDomain) await releaseDomain(db, scan);
    throw error;
  }
}

async function forgetScan({ doc, tableName }: Db, scan: StoredScan): Promise<void> {
  // Conditional so a shard that was never written is not created empty.
  await conditionalWrite(() =>
    doc.send(
      new UpdateCommand({
        TableName: tableName,
        Key: KEYS.statsShard(scan.scoring_version, statsShardOf(scan.id)),
        UpdateExpression: 'REMOVE #applied',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#applied': appliedAttribute(scan.id) },
      }),
    ),
  );
}

async function readCounters(db: Db, version: number): Promise<StatsCounters> {
  const keys = [
    KEYS.statsCounters(version),
    ...Array.from({ length: STATS_SHARDS }, (_, shard) => KEYS.statsShard(version, shard)),
  ];
  return sumCounters(
    await batchGetItems(db, keys, {
      maxRounds: 5,
      failure: 'stats shards unread after 5 attempts',
    }),
  );
}
