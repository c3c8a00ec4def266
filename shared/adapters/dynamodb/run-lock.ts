/**
 * The pending-run lock and the monthly period markers of a case, in the case's partition
 * `USER#<owner>#CASE#<case>` beside its runs (docs/monitor.md "Data"); part of the runs
 * repository (runs-repository.ts).
 *
 * The lock (`RUNLOCK`) names the run holding it and a lease end (`lease_expires_at`, epoch
 * seconds). It is taken with a conditional put (free, or its lease over) and released with a
 * delete conditional on the run id, so a late step of an old run can never free a newer run's
 * lock. A period marker claims a month for one monthly run of the case.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { LockResult } from '#shared/domain/monitor/ports';
import type { Db } from './client.ts';
import { conditionalWrite } from './conditional.ts';
import { KEYS } from './keys.ts';
import { TTL_ATTRIBUTE } from './table.ts';

const MONTHLY_MARKER_DAYS = 400;

/** The lock's lease: when it is taken and for how long. */
export interface Lease {
  now: Date;
  seconds: number;
}

const epochSeconds = (at: Date) => Math.floor(at.getTime() / 1000);

export async function acquireLock(
  db: Db,
  ownerId: string,
  caseId: string,
  runId: string,
  lease: Lease,
): Promise<LockResult> {
  try {
    const { Attributes } = await db.doc.send(
      new PutCommand({
        TableName: db.tableName,
        Item: {
          ...KEYS.monitorRunLock(ownerId, caseId),
          run_id: runId,
          acquired_at: lease.now.toISOString(),
          lease_expires_at: epochSeconds(lease.now) + lease.seconds,
        },
        ConditionExpression: 'attribute_not_exists(pk) OR lease_expires_at < :now',
        ExpressionAttributeValues: { ':now': epochSeconds(lease.now) },
        ReturnValues: 'ALL_OLD',
      }),
    );
    const previous = typeof Attributes?.run_id === 'string' ? Attributes.run_id : undefined;
    return { acquired: true, tookOverRunId: previous };
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return { acquired: false };
    throw error;
  }
}

export function renewLock(
  db: Db,
  ownerId: string,
  caseId: string,
  runId: string,
  lease: Lease,
): Promise<boolean> {
  return conditionalWrite(() =>
    db.doc.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: KEYS.monitorRunLock(ownerId, caseId),
        UpdateExpression:
          'SET run_id = :run, lease_expires_at = :until, acquired_at = if_not_exists(acquired_at, :at)',
        ConditionExpression: 'attribute_not_exists(pk) OR run_id = :run OR lease_expires_at < :now',
        ExpressionAttributeValues: {
          ':run': runId,
          ':until': epochSeconds(lease.now) + lease.seconds,
          ':at': lease.now.toISOString(),
          ':now': epochSeconds(lease.now),
        },
      }),
    ),
  );
}

export function releaseLock(
  db: Db,
  ownerId: string,
  caseId: string,
  runId: string,
): Promise<boolean> {
  return conditionalWrite(() =>
    db.doc.send(
      new DeleteCommand({
        TableName: db.tableName,
        Key: KEYS.monitorRunLock(ownerId, caseId),
        ConditionExpression: 'run_id = :run',
        ExpressionAttributeValues: { ':run': runId },
      }),
    ),
  );
}

export function claimPeriod(
  db: Db,
  ownerId: string,
  caseId: string,
  period: string,
  runId: string,
): Promise<boolean> {
  return conditionalWrite(() =>
    db.doc.send(
      new PutCommand({
        TableName: db.tableName,
        Item: {
          ...KEYS.monitorPeriod(ownerId, caseId, period),
          run_id: runId,
          [TTL_ATTRIBUTE]: epochSeconds(new Date()) + MONTHLY_MARKER_DAYS * 86_400,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    ),
  );
}

export async function releasePeriod(
  db: Db,
  ownerId: string,
  caseId: string,
  period: string,
  runId: string,
): Promise<void> {
  await conditionalWrite(() =>
    db.doc.send(
      new DeleteCommand({
        TableName: db.tableName,
        Key: KEYS.monitorPeriod(ownerId, caseId, period),
        ConditionExpression: 'run_id = :run',
        ExpressionAttributeValues: { ':run': runId },
      }),
    ),
  );
}
