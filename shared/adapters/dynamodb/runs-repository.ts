import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  DeleteCommand,
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type { CaseProfile, RunSummary } from '#shared/domain/monitor/engine/index';
import type { RunPlan, RunsStore, StoredRun, StoredSummary } from '#shared/domain/monitor/ports';
import { conditionalWrite } from './conditional.ts';
import { GSI, INDEX, KEYS, SK_PREFIX } from './keys.ts';
import { queryAll } from './pagination.ts';
import { TTL_ATTRIBUTE } from './table.ts';

/**
 * Monitor runs, their summaries, the pending-run lock and the monthly markers, all in the
 * case's partition `USER#<owner>#CASE#<case>` (docs/monitor.md "Data"). Run ids are UUIDv7, so
 * `RUN#<id>` sorts by creation. Open runs carry gsi2 `RUNS#OPEN` until they end. Every state
 * change is a conditional single-item write: a step that runs twice changes nothing twice.
 *
 * The lock (`RUNLOCK`) names the run holding it and a lease end (`lease_expires_at`, epoch
 * seconds). It is taken with a conditional put (free, or its lease over) and released with a
 * delete conditional on the run id, so a late step of an old run can never free a newer run's
 * lock.
 */
const MONTHLY_MARKER_DAYS = 400;

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

const epochSeconds = (at: Date) => Math.floor(at.getTime() / 1000);

export function createRunsRepository(doc: DynamoDBDocumentClient, tableName: string): RunsStore {
  const casePk = (ownerId: string, caseId: string) => KEYS.monitorCase(ownerId, caseId).pk;

  async function getSummary(ownerId: string, caseId: string, runId: string) {
    const { Item } = await doc.send(
      new GetCommand({
        TableName: tableName,
        Key: KEYS.monitorRunSummary(ownerId, caseId, runId),
        ConsistentRead: true,
      }),
    );
    if (!Item) return undefined;
    return {
      run_id: String(Item.run_id),
      finished_at: String(Item.finished_at),
      summary: Item.summary as RunSummary,
    } satisfies StoredSummary;
  }

  return {
    async acquireLock(ownerId, caseId, runId, lease) {
      try {
        const { Attributes } = await doc.send(
          new PutCommand({
            TableName: tableName,
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
    },

    renewLock: (ownerId, caseId, runId, lease) =>
      conditionalWrite(() =>
        doc.send(
          new UpdateCommand({
            TableName: tableName,
            Key: KEYS.monitorRunLock(ownerId, caseId),
            UpdateExpression:
              'SET run_id = :run, lease_expires_at = :until, acquired_at = if_not_exists(acquired_at, :at)',
            ConditionExpression:
              'attribute_not_exists(pk) OR run_id = :run OR lease_expires_at < :now',
            ExpressionAttributeValues: {
              ':run': runId,
              ':until': epochSeconds(lease.now) + lease.seconds,
              ':at': lease.now.toISOString(),
              ':now': epochSeconds(lease.now),
            },
          }),
        ),
      ),

    releaseLock: (ownerId, caseId, runId) =>
      conditionalWrite(() =>
        doc.send(
          new DeleteCommand({
            TableName: tableName,
            Key: KEYS.monitorRunLock(ownerId, caseId),
            ConditionExpression: 'run_id = :run',
            ExpressionAttributeValues: { ':run': runId },
          }),
        ),
      ),

    claimPeriod: (ownerId, caseId, period, runId) =>
      conditionalWrite(() =>
        doc.send(
          new PutCommand({
            TableName: tableName,
            Item: {
              ...KEYS.monitorPeriod(ownerId, caseId, period),
              run_id: runId,
              [TTL_ATTRIBUTE]: epochSeconds(new Date()) + MONTHLY_MARKER_DAYS * 86_400,
            },
            ConditionExpression: 'attribute_not_exists(pk)',
          }),
        ),
      ),

    async releasePeriod(ownerId, caseId, period, runId) {
      await conditionalWrite(() =>
        doc.send(
          new DeleteCommand({
            TableName: tableName,
            Key: KEYS.monitorPeriod(ownerId, caseId, period),
            ConditionExpression: 'run_id = :run',
            ExpressionAttributeValues: { ':run': runId },
          }),
        ),
      );
    },

    async createRun(run) {
      const { plan, ...rest } = run;
      await doc.send(
        new PutCommand({
          TableName: tableName,
          Item: {
            ...KEYS.monitorRun(run.owner_id, run.case_id, run.id),
            gsi2pk: GSI.openRuns,
            gsi2sk: `${run.created_at}#${run.id}`,
            ...rest,
            // Absent until the first Prepare step sets it once (if_not_exists).
            ...(plan === null ? {} : { plan }),
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
    },

    async deleteRun(ownerId, caseId, runId) {
      await doc.send(
        new DeleteCommand({ TableName: tableName, Key: KEYS.monitorRun(ownerId, caseId, runId) }),
      );
    },

    async getRun(ownerId, caseId, runId) {
      const { Item } = await doc.send(
        new GetCommand({
          TableName: tableName,
          Key: KEYS.monitorRun(ownerId, caseId, runId),
          ConsistentRead: true,
        }),
      );
      return Item ? toRun(Item) : undefined;
    },

    async listRuns(ownerId, caseId, limit) {
      const { Items } = await doc.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :runs)',
          ExpressionAttributeValues: {
            ':pk': casePk(ownerId, caseId),
            ':runs': SK_PREFIX.monitorRun,
          },
          ScanIndexForward: false,
          Limit: limit,
          ConsistentRead: true,
        }),
      );
      return (Items ?? []).map(toRun);
    },

    async findPrecedingDoneRun(ownerId, caseId, runId) {
      let startKey: Item | undefined;
      do {
        const page = await doc.send(
          new QueryCommand({
            TableName: tableName,
            KeyConditionExpression: 'pk = :pk AND sk BETWEEN :first AND :self',
            FilterExpression: '#status = :done AND #id <> :self_id',
            ExpressionAttributeNames: { '#status': 'status', '#id': 'id' },
            ExpressionAttributeValues: {
              ':pk': casePk(ownerId, caseId),
              ':first': SK_PREFIX.monitorRun,
              ':self': KEYS.monitorRun(ownerId, caseId, runId).sk,
              ':done': 'done',
              ':self_id': runId,
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
    },

    markRunning: (ownerId, caseId, runId, at) =>
      conditionalWrite(() =>
        doc.send(
          new UpdateCommand({
            TableName: tableName,
            Key: KEYS.monitorRun(ownerId, caseId, runId),
            UpdateExpression: 'SET #status = :running, started_at = :at',
            ConditionExpression: '#status = :queued',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':running': 'running', ':queued': 'queued', ':at': at },
          }),
        ),
      ),

    async setPlan(ownerId, caseId, runId, plan) {
      const { Attributes } = await doc.send(
        new UpdateCommand({
          TableName: tableName,
          Key: KEYS.monitorRun(ownerId, caseId, runId),
          UpdateExpression: 'SET #plan = if_not_exists(#plan, :plan)',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeNames: { '#plan': 'plan' },
          ExpressionAttributeValues: { ':plan': plan },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return (Attributes?.plan as RunPlan | undefined) ?? plan;
    },

    finishRun: (ownerId, caseId, runId, outcome) =>
      conditionalWrite(() => {
        const { status, ...fields } = outcome;
        const names = Object.keys(fields);
        return doc.send(
          new UpdateCommand({
            TableName: tableName,
            Key: KEYS.monitorRun(ownerId, caseId, runId),
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
        );
      }),

    async putSummary(ownerId, caseId, stored) {
      const written = await conditionalWrite(() =>
        doc.send(
          new PutCommand({
            TableName: tableName,
            Item: { ...KEYS.monitorRunSummary(ownerId, caseId, stored.run_id), ...stored },
            ConditionExpression: 'attribute_not_exists(pk)',
          }),
        ),
      );
      if (written) return stored;
      return (await getSummary(ownerId, caseId, stored.run_id)) ?? stored;
    },

    getSummary,

    listOpenRuns: () =>
      queryAll(
        doc,
        {
          TableName: tableName,
          IndexName: INDEX.byAlternateId,
          KeyConditionExpression: 'gsi2pk = :open',
          ExpressionAttributeValues: { ':open': GSI.openRuns },
        },
        toRun,
      ),
  };
}
