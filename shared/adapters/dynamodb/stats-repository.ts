/**
 * Stats in O(1) (DESIGN.md section 5): one counters item per scoring version, updated on every
 * scan write, so `/stats` is a single GetItem however many scans exist.
 * - `STATS#v<n>` / `COUNTERS`: `scans`, `domains`, `h<score>` (101-bucket histogram, so the
 *   median is exact), `bad_<check>` and `updated_at`.
 * - `STATS#v<n>#DOMAIN#<sha256>` / `SEEN`: first-seen marker; its conditional put decides
 *   whether a domain is new. Hashed so the aggregate items hold no domain names.
 */
import { createHash } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { StatsCounters, StatsStore, StoredScan } from '#shared/domain/scans/ports';
import type { Db } from './client.ts';
import { KEYS } from './keys.ts';

export function createStatsRepository(doc: DynamoDBDocumentClient, tableName: string): StatsStore {
  const db: Db = { doc, tableName };
  return {
    recordScan: (scan) => recordScan(db, scan),
    readCounters: (version) => readCounters(db, version),
  };
}

function markerKey(version: number, domain: string) {
  return KEYS.statsDomainSeen(version, createHash('sha256').update(domain).digest('hex'));
}

async function markDomainSeen(db: Db, version: number, domain: string): Promise<boolean> {
  try {
    await db.doc.send(
      new PutCommand({
        TableName: db.tableName,
        Item: markerKey(version, domain),
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

async function recordScan(db: Db, scan: StoredScan): Promise<void> {
  const isNewDomain = await markDomainSeen(db, scan.scoring_version, scan.domain);
  const names: Record<string, string> = {
    '#scans': 'scans',
    '#bucket': `h${scan.score}`,
    '#updated': 'updated_at',
  };
  const values: Record<string, unknown> = { ':one': 1, ':now': scan.created_at };
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
  try {
    await db.doc.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: KEYS.statsCounters(scan.scoring_version),
        UpdateExpression: `ADD ${additions.join(', ')} SET #updated = :now`,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      }),
    );
  } catch (error) {
    // Without this, the marker would say "seen" for a domain the counters never counted.
    if (isNewDomain) {
      await db.doc
        .send(
          new DeleteCommand({
            TableName: db.tableName,
            Key: markerKey(scan.scoring_version, scan.domain),
          }),
        )
        .catch(() => undefined);
    }
    throw error;
  }
}

async function readCounters(db: Db, version: number): Promise<StatsCounters> {
  const { Item } = await db.doc.send(
    new GetCommand({ TableName: db.tableName, Key: KEYS.statsCounters(version) }),
  );
  const histogram = Array.from({ length: 101 }, (_, score) => Number(Item?.[`h${score}`] ?? 0));
  const badChecks: Record<string, number> = {};
  for (const [name, value] of Object.entries(Item ?? {})) {
    if (name.startsWith('bad_')) badChecks[name.slice(4)] = Number(value);
  }
  return {
    scans: Number(Item?.scans ?? 0),
    domains: Number(Item?.domains ?? 0),
    histogram,
    badChecks,
    updatedAt: typeof Item?.updated_at === 'string' ? Item.updated_at : null,
  };
}
