/**
 * The facts of an account's latest scan of a domain (docs/data-model.md "Agent analytics"):
 * `USER#<id>#DOMAIN#<domain>` / `SITE`, robots.txt and the sitemap's paths as gzip-compressed JSON
 * (a large robots.txt and 5,000 paths stay far below the 400 KB item limit), moved forward only
 * by a newer scan. The agent analytics read it for never-fetched pages and conflicts.
 */

import { gunzipSync, gzipSync } from 'node:zlib';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { SiteFacts } from '#shared/domain/scan-engine/site-facts';
import type { StoredScan } from '#shared/domain/scans/ports';
import type { Db } from './client.ts';
import { conditionalWrite } from './conditional.ts';
import { KEYS } from './keys.ts';
import { readItem } from './read-item.ts';
import type { ItemPut } from './transactions.ts';

/** The latest scan's facts as the agent analytics read them. */
export interface StoredSiteFacts extends SiteFacts {
  scanId: string;
  scannedAt: string;
}

/** An account's scan with the facts it found: what `recordSiteFacts` keeps. */
export type ScanWithSiteFacts = StoredScan & { owner_id: string; site: SiteFacts };

/** The write of the scan's facts, unless a newer scan of the domain already left its own. */
export function siteFactsPut(db: Db, scan: ScanWithSiteFacts): ItemPut {
  return {
    TableName: db.tableName,
    Item: {
      ...KEYS.accountDomainSite(scan.owner_id, scan.domain),
      scan_id: scan.id,
      scanned_at: scan.created_at,
      facts: gzipSync(JSON.stringify(scan.site)),
    },
    ConditionExpression: 'attribute_not_exists(pk) OR scanned_at <= :created',
    ExpressionAttributeValues: { ':created': scan.created_at },
  };
}

/** Keeps the scan's facts unless a newer scan of the domain already left its own. */
export async function recordSiteFacts(db: Db, scan: ScanWithSiteFacts): Promise<void> {
  await conditionalWrite(() => db.doc.send(new PutCommand(siteFactsPut(db, scan))));
}

export async function readSiteFacts(
  db: Db,
  ownerId: string,
  domain: string,
): Promise<StoredSiteFacts | undefined> {
  const item = await readItem(db, KEYS.accountDomainSite(ownerId, domain));
  if (!item || !(item.facts instanceof Uint8Array)) return undefined;
  const facts = JSON.parse(gunzipSync(item.facts).toString('utf8')) as SiteFacts;
  return { ...facts, scanId: String(item.scan_id), scannedAt: String(item.scanned_at) };
}
