/**
 * The scan row as the outbox of its own side effects (docs/decisions.md "Issue 18"): a scan is
 * saved with `effects_pending` and gsi2 `SCANS#UNSETTLED`; once its stats count and its
 * `scan.completed` event are done, both are removed. A scan found unsettled (the process died, the
 * step is retried) has its effects done again, each idempotent per scan id.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { withFindingIds } from '#shared/domain/scan-engine/stored-findings';
import type { StoredScan } from '#shared/domain/scans/ports';
import { conditionalWrite } from './conditional.ts';
import { GSI, INDEX, KEYS } from './keys.ts';

export const UNSETTLED_ATTRIBUTES = {
  effects_pending: true,
  gsi2pk: GSI.unsettledScans,
} as const;

/** The attributes a new scan row carries until it is settled. */
export function unsettledMarkers(scan: StoredScan): Record<string, unknown> {
  return { ...UNSETTLED_ATTRIBUTES, gsi2sk: `${scan.created_at}#${scan.id}` };
}

/** The members of a scan kept as one JSON string attribute, `report` (issue 37). */
const PACKED = ['checks', 'environment', 'peers', 'fix_inputs'] as const;

/**
 * The scan's item attributes with its large nested members (the checks and their findings, about
 * 20 KB) packed into one string attribute `report`: as DynamoDB maps they cost the SDK's
 * marshalling and the store's validation per attribute, about 4 ms of CPU on each write and read
 * of a scan, as one string about 1 (docs/decisions.md, issue 37). Items written before keep their
 * maps and are read as they are.
 */
export function packScan(scan: Omit<StoredScan, 'site'>): Record<string, unknown> {
  const item: Record<string, unknown> = { ...scan };
  const packed: Record<string, unknown> = {};
  for (const name of PACKED) {
    if (item[name] !== undefined) packed[name] = item[name];
    delete item[name];
  }
  return { ...item, report: JSON.stringify(packed) };
}

/** A scan item's attributes with `report` unpacked (the form items had before issue 37). */
export function unpackScan(item: Record<string, unknown>): Record<string, unknown> {
  const { report, ...rest } = item;
  return typeof report === 'string' ? { ...rest, ...(JSON.parse(report) as object) } : item;
}

/** The stored item as the domain's scan: keys and outbox markers are the store's business. */
export function toStoredScan(item: Record<string, unknown>): StoredScan {
  const {
    pk: _pk,
    sk: _sk,
    gsi1pk: _gsi1pk,
    gsi1sk: _gsi1sk,
    gsi2pk: _gsi2pk,
    gsi2sk: _gsi2sk,
    effects_pending: _pending,
    // The mark of the browser that may claim an anonymous scan: kept in the store only.
    claim_hash: _claim,
    ...scan
  } = unpackScan(item);
  const stored = scan as unknown as StoredScan;
  // Findings stored before ids existed read as `<check>.unidentified` (docs/scan-engine.md).
  return { ...stored, checks: stored.checks.map(withFindingIds) };
}

export function createScanOutbox(doc: DynamoDBDocumentClient, tableName: string) {
  return {
    async getScanRecord(id: string) {
      const { Item } = await doc.send(new GetCommand({ TableName: tableName, Key: KEYS.scan(id) }));
      return Item
        ? { scan: toStoredScan(Item), unsettled: Item.effects_pending === true }
        : undefined;
    },

    async settleScan(id: string): Promise<void> {
      await conditionalWrite(() =>
        doc.send(
          new UpdateCommand({
            TableName: tableName,
            Key: KEYS.scan(id),
            UpdateExpression: 'REMOVE effects_pending, gsi2pk, gsi2sk',
            ConditionExpression: 'attribute_exists(pk)',
          }),
        ),
      );
    },

    async listUnsettled(limit: number, savedBefore?: string): Promise<StoredScan[]> {
      // gsi2sk is `<created_at>#<id>`: every key of a scan saved before the time sorts below it.
      const { Items } = await doc.send(
        new QueryCommand({
          TableName: tableName,
          IndexName: INDEX.byAlternateId,
          KeyConditionExpression: savedBefore
            ? 'gsi2pk = :unsettled AND gsi2sk < :before'
            : 'gsi2pk = :unsettled',
          ExpressionAttributeValues: {
            ':unsettled': GSI.unsettledScans,
            ...(savedBefore ? { ':before': savedBefore } : {}),
          },
          Limit: limit,
        }),
      );
      // The index projects whole items (shared/adapters/dynamodb/table.ts, infra).
      return (Items ?? []).filter((item) => item.effects_pending === true).map(toStoredScan);
    },
  };
}
