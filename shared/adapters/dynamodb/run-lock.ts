/**
 * The pending-run lock and the monthly period markers of a case, in the case's partition
 * `USER#<owner>#CASE#<case>` beside its runs (docs/monitor.md "Data"); part of the runs
 * repository (runs-repository.ts).
 *
 * The lock (`RUNLOCK`) names the run holding it and a lease end (`lease_expires_at`, epoch
 * seconds). It is taken with a conditional put (free, or its lease over) and released with a
 * delete conditional on the run id, so a late step of an old run can never free a newer run's
 * lock. A period marker claims a month for one monthly run of the case; it expires 400 days after
 * the month began.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Lease, LockResult } from '#shared/domain/monitor/ports';
import type { RunRef } from '#shared/domain/monitor/run-ref';
import type { Db } from './client.ts';
import { conditionalWrite } from './conditional.ts';
import { KEYS } from './keys.ts';
import { TTL_ATTRIBUTE } from './table.ts';

const MONTHLY_MARKER_DAYS = 400;

const epochSeconds = (at: Date) => Math.floor(at.getTime() / 1000);

export async function acquireLock(db: Db, run: RunRef, lease: Lease): Promise<LockResult> {
  try {
    const { Attributes } = await db.doc.send(
      new PutCommand({
        TableName: db.tableName,
        Item: {
          ...KEYS.monitorRunLock(run),
          run_id: run.run_id,
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

export function renewLock(db: Db, run: RunRef, lease: Lease): Promise<boolean> {
  return conditionalWrite(() =>
    db.doc.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: KEYS.monitorRunLock(run),
        UpdateExpression:
          'SET run_id = :run, lease_expires_at = :until, acquired_at = if_not_exists(acquired_at, :at)',
        ConditionExpression: 'attribute_not_exists(pk) OR run_id = :run OR lease_expires_at < :now',
        ExpressionAttributeValues: {
          ':run': run.run_id,
          ':until': epochSeconds(lease.now) + lease.seconds,
          ':at': lease.now.toISOString(),
          ':now': epochSeconds(lease.now),
        },
      }),
    ),
  );
}

export function releaseLock(db: Db, run: RunRef): Promise<boolean> {
  return conditionalWrite(() =>
    db.doc.send(
      new DeleteCommand({
        TableName: db.tableName,
        Key: KEYS.monitorRunLock(run),
        ConditionExpression: 'run_id = :run',
        ExpressionAttributeValues: { ':run': run.run_id },
      }),
    ),
  );
}

/** When a period's marker may go: 400 days after the month began, whenever it was claimed. */
function markerExpiry(period: string): number {
  return epochSeconds(new Date(`${period}-01T00:00:00Z`)) + MONTHLY_MARKER_DAYS * 86_400;
}

export function claimPeriod(db: Db, run: RunRef, period: string): Promise<boolean> {
  return conditionalWrite(() =>
    db.doc.send(
      new PutCommand({
        TableName: db.tableName,
        Item: {
          ...KEYS.monitorPeriod(run, period),
          run_id: run.run_id,
          [TTL_ATTRIBUTE]: markerExpiry(period),
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    ),
  );
}

export async function releasePeriod(db: Db, run: RunRef, period: string): Promise<void> {
  await conditionalWrite(() =>
    db.doc.send(
      new DeleteCommand({
        TableName: db.tableName,
        Key: KEYS.monitorPeriod(run, period),
        ConditionExpression: 'run_id = :run',
        ExpressionAttributeValues: { ':run': run.run_id },
      }),
    ),
  );
}
