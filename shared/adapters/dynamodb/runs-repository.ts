/**
 * Monitor runs, their summaries, the pending-run lock and the monthly markers, all in the
 * case's partition `USER#<owner>#CASE#<case>` (docs/monitor.md "Data"). Run ids are UUIDv7, so
 * `RUN#<id>` sorts by creation. Open runs carry gsi2 `RUNS#OPEN` until they end. Every state
 * change is a conditional single-item write: a step that runs twice changes nothing twice.
 * The lock and the monthly markers are in run-lock.ts.
 */
import {
  type DynamoDBDocumentClient,
  PutCommand,
  QueryCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type { AuditEvent } from '#shared/domain/audit/events';
import type { CaseProfile, RunSummary } from '#shared/domain/monitor/engine/index';
import type { RunCanary } from '#shared/domain/monitor/engine/loop-schema';
import type { RunEvidence } from '#shared/domain/monitor/engine/run-evidence';
import type {
  RunOutcome,
  RunPlan,
  RunsStore,
  StoredRun,
  StoredSummary,
} from '#shared/domain/monitor/ports';
import { type CaseRef, type RunRef, runRefOf } from '#shared/domain/monitor/run-ref';
import { auditedWrite, auditRemoval } from './audit-log-repository.ts';
import type { Db } from './client.ts';
import { conditionalWrite } from './conditional.ts';
import { GSI, INDEX, KEYS, SK_PREFIX } from './keys.ts';
import { queryAll } from './pagination.ts';
import { readItem } from './read-item.ts';
import { acquireLock, claimPeriod, releaseLock, releasePeriod, renewLock } from './run-lock.ts';
import { type TransactItem, transactWrite } from './transactions.ts';

type Item = Record<string, unknown>;

function toRun(item: Item): StoredRun {
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  const number = (value: unknown) => (typeof value === 'number' ? value : null);
  return {
    id: String(item.id),
    case_id: String(item.case_id),
    owner_id: String(item.owner_id),
    kind: item.kind === 'monthly' ? 'monthly' : 'manual',
    label: String(item.label ?? ''),
    period: text(item.period),
    status: item.status as StoredRun['status'],
    scheduled_for: String(item.scheduled_for),
    created_at: String(item.created_at),
    started_at: text(item.started_at),
    finished_at: text(item.finished_at),
    total_score: number(item.total_score),
    delta: number(item.delta),
    error: text(item.error),
    profile: item.profile as CaseProfile,
    plan: (item.plan as RunPlan | undefined) ?? null,
    excluded_models: (item.excluded_models as StoredRun['excluded_models'] | undefined) ?? [],
  };
}

export function createRunsRepository(doc: DynamoDBDocumentClient, tableName: string): RunsStore {
  const db: Db = { doc, tableName };
  return {
    acquireLock: (run, lease) => acquireLock(db, run, lease),
    renewLock: (run, lease) => renewLock(db, run, lease),
    releaseLock: (run) => releaseLock(db, run),
    claimPeriod: (run, period) => claimPeriod(db, run, period),
    releasePeriod: (run, period) => releasePeriod(db, run, period),
    createRun: (run, audit) => createRun(db, run, audit),
    deleteRun: async (run, audit) => {
      const remove: TransactItem = {
        Delete: { TableName: db.tableName, Key: KEYS.monitorRun(run) },
      };
      await transactWrite(db, audit ? [remove, auditRemoval(db, audit)] : [remove]);
    },
    getRun: async (run) => {
      const item = await readItem(db, KEYS.monitorRun(run));
      return item ? toRun(item) : undefined;
    },
    listRuns: (ref, limit) => listRuns(db, ref, limit),
    findPrecedingDoneRun: (run) => findPrecedingDoneRun(db, run),
    markRunning: (run, at) => markRunning(db, run, at),
    setPlan: (run, plan) => setPlan(db, run, plan),
    finishRun: (run, outcome) => finishRun(db, run, outcome),
    putSummary: (run, stored) => putSummary(db, run, stored),
    getSummary: (run) => getSummary(db, run),
    listOpenRuns: () => listOpenRuns(db),
  };
}

async function createRun(db: Db, run: StoredRun, audit?: AuditEvent): Promise<void> {
  const { plan, ...rest } = run;
  const put: TransactItem = {
    Put: {
      TableName: db.tableName,
      Item: {
        ...KEYS.monitorRun(runRefOf(run)),
        gsi2pk: GSI.openRuns,
        gsi2sk: `${run.created_at}#${run.id}`,
        ...rest,
        // Absent until the first Prepare step sets it once (if_not_exists).
        ...(plan === null ? {} : { plan }),
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
  const written = await (audit ? auditedWrite(db, audit, [put]) : transactWrite(db, [put]));
  if (!written) throw new Error(`A run with id ${run.id} exists already.`);
}

async function listRuns(db: Db, ref: CaseRef, limit: number): Promise<StoredRun[]> {
  const { Items } = await db.doc.send(
    new QueryCommand({
      TableName: db.tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :runs)',
      ExpressionAttributeValues: {
        ':pk': KEYS.monitorCase(ref).pk,
        ':runs': SK_PREFIX.monitorRun,
      },
      ScanIndexForward: false,
      Limit: limit,
      ConsistentRead: true,
    }),
  );
  return (Items ?? []).map(toRun);
}

async function findPrecedingDoneRun(db: Db, run: RunRef): Promise<StoredRun | undefined> {
  let startKey: Item | undefined;
  do {
    const page = await db.doc.send(
      new QueryCommand({
        TableName: db.tableName,
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :first AND :self',
        FilterExpression: '#status = :done AND #id <> :self_id',
        ExpressionAttributeNames: { '#status': 'status', '#id': 'id' },
        ExpressionAttributeValues: {
          ':pk': KEYS.monitorCase(run).pk,
          ':first': SK_PREFIX.monitorRun,
          ':self': KEYS.monitorRun(run).sk,
          ':done': 'done',
          ':self_id': run.run_id,
        },
        ScanIndexForward: false,
        ConsistentRead: true,
        ExclusiveStartKey: startKey,
      }),
    );
    const found = page.Items?.[0];
    if (found) return toRun(found);
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return undefined;
}

function markRunning(db: Db, run: RunRef, at: string): Promise<boolean> {
  return conditionalWrite(() =>
    db.doc.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: KEYS.monitorRun(run),
        UpdateExpression: 'SET #status = :running, started_at = :at',
        ConditionExpression: '#status = :queued',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':running': 'running', ':queued': 'queued', ':at': at },
      }),
    ),
  );
}

async function setPlan(db: Db, run: RunRef, plan: RunPlan): Promise<RunPlan> {
  const { Attributes } = await db.doc.send(
    new UpdateCommand({
      TableName: db.tableName,
      Key: KEYS.monitorRun(run),
      UpdateExpression: 'SET #plan = if_not_exists(#plan, :plan)',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#plan': 'plan' },
      ExpressionAttributeValues: { ':plan': plan },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return (Attributes?.plan as RunPlan | undefined) ?? plan;
}

function finishRun(db: Db, run: RunRef, outcome: RunOutcome): Promise<boolean> {
  const { status, ...fields } = outcome;
  const names = Object.keys(fields);
  return conditionalWrite(() =>
    db.doc.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: KEYS.monitorRun(run),
        UpdateExpression: `SET #status = :status, ${names.map((_name, i) => `#f${i} = :f${i}`).join(', ')} REMOVE gsi2pk, gsi2sk`,
        ConditionExpression: 'attribute_exists(pk) AND #status IN (:queued, :running)',
        ExpressionAttributeNames: {
          '#status': 'status',
          ...Object.fromEntries(names.map((n, i) => [`#f${i}`, n])),
        },
        ExpressionAttributeValues: {
          ':status': status,
          ':queued': 'queued',
          ':running': 'running',
          ...Object.fromEntries(
            names.map((n, i) => [`:f${i}`, (fields as Record<string, unknown>)[n]]),
          ),
        },
      }),
    ),
  );
}

async function putSummary(
  db: Db,
  run: RunRef,
  summary: Omit<StoredSummary, 'run_id'>,
): Promise<StoredSummary> {
  const stored: StoredSummary = { run_id: run.run_id, ...summary };
  const written = await conditionalWrite(() =>
    db.doc.send(
      new PutCommand({
        TableName: db.tableName,
        Item: { ...KEYS.monitorRunSummary(run), ...stored },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    ),
  );
  if (written) return stored;
  return (await getSummary(db, run)) ?? stored;
}

async function getSummary(db: Db, run: RunRef): Promise<StoredSummary | undefined> {
  const item = await readItem(db, KEYS.monitorRunSummary(run));
  if (!item) return undefined;
  return {
    run_id: String(item.run_id),
    finished_at: String(item.finished_at),
    summary: item.summary as RunSummary,
    ...(item.canary ? { canary: item.canary as RunCanary } : {}),
    ...(item.evidence ? { evidence: item.evidence as RunEvidence } : {}),
  };
}

function listOpenRuns(db: Db): Promise<StoredRun[]> {
  return queryAll(
    db.doc,
    {
      TableName: db.tableName,
      IndexName: INDEX.byAlternateId,
      KeyConditionExpression: 'gsi2pk = :open',
      ExpressionAttributeValues: { ':open': GSI.openRuns },
    },
    toRun,
  );
}
