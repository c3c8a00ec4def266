/**
 * Claiming a browser's anonymous scans for the account it signs in to (issue 36 point 2,
 * domain/scans/browser-scans.ts): one conditional update gives the scan its owner and its place
 * in the owner's scan index (gsi1 `USER#<id>#SCANS`) only if its `claim_hash` still matches, it
 * has no owner and it is older than the account; then the owner's domain history records it
 * (idempotent per scan id). A retry after a crash between the two finds the scan already the
 * owner's and records the history again, which changes nothing twice.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { type DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ScanClaims } from '#shared/domain/scans/browser-scans';
import type { Db } from './client.ts';
import { GSI, KEYS } from './keys.ts';
import { readItem } from './read-item.ts';
import { recordHistory } from './scan-history-repository.ts';
import { toStoredScan } from './scan-outbox.ts';

async function claimScan(
  db: Db,
  scanId: string,
  ownerId: string,
  claimHash: string,
  createdBefore: string,
): Promise<boolean> {
  const item = await readItem(db, KEYS.scan(scanId));
  if (!item || item.claim_hash !== claimHash) return false;
  const scan = toStoredScan(item);
  if (scan.owner_id === undefined) {
    try {
      await db.doc.send(
        new UpdateCommand({
          TableName: db.tableName,
          Key: KEYS.scan(scanId),
          UpdateExpression: 'SET owner_id = :owner, gsi1pk = :gsi1pk, gsi1sk = :gsi1sk',
          ConditionExpression:
            'claim_hash = :hash AND attribute_not_exists(owner_id) AND created_at <= :before',
          ExpressionAttributeValues: {
            ':owner': ownerId,
            ':hash': claimHash,
            ':before': createdBefore,
            ':gsi1pk': GSI.userScans(ownerId),
            ':gsi1sk': `${scan.created_at}#${scan.id}`,
          },
        }),
      );
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  } else if (scan.owner_id !== ownerId) {
    return false;
  }
  // Also when the scan was this owner's already (a claim a crash cut short): idempotent.
  await recordHistory(db, { ...scan, owner_id: ownerId });
  return true;
}

export function createScanClaims(doc: DynamoDBDocumentClient, tableName: string): ScanClaims {
  const db: Db = { doc, tableName };
  return {
    claimScan: (scanId, ownerId, claimHash, createdBefore) =>
      claimScan(db, scanId, ownerId, claimHash, createdBefore),
  };
}
