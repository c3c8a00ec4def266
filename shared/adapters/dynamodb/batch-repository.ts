/**
 * Batch jobs and their rows (docs/data-model.md). A job and its rows share the partition
 * `BATCH#<id>`; gsi1 lists an owner's jobs newest first; gsi2 holds the open jobs only (the key
 * is removed when the job ends), which the local stack reads to resume work after a restart.
 * Every state change is a conditional single-item write, so a task that runs twice (a retry, a
 * resumed job) changes nothing the first run already recorded.
 */
import {
  BatchWriteCommand,
  DeleteCommand,
  type DynamoDBDocumentClient,
  PutCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type { BatchStore, RowOutcome, StoredJob, StoredRow } from '#shared/domain/batch/ports';
import type { Db } from './client.ts';
import { conditionalWrite } from './conditional.ts';
import { GSI, INDEX, KEYS, SK_PREFIX } from './keys.ts';
import { queryAll, queryOwnerIndexPage } from './pagination.ts';
import { readItem } from './read-item.ts';

const BATCH_WRITE_SIZE = 25;

function toJob(item: Record<string, unknown>): StoredJob {
  return {
    id: String(item.id),
    owner_id: String(item.owner_id),
    status: item.status as StoredJob['status'],
    total: Number(item.total),
    created_at: String(item.created_at),
    started_at: typeof item.started_at === 'string' ? item.started_at : null,
    finished_at: typeof item.finished_at === 'string' ? item.finished_at : null,
    ...(Array.isArray(item.rejected) ? { rejected: item.rejected as StoredJob['rejected'] } : {}),
    ...(Array.isArray(item.duplicates)
      ? { duplicates: item.duplicates as StoredJob['duplicates'] }
      : {}),
  };
}

function toRow(item: Record<string, unknown>): StoredRow {
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  return {
    index: Number(item.index),
    domain: String(item.domain),
    input: String(item.input ?? item.domain),
    status: item.status as StoredRow['status'],
    score: typeof item.score === 'number' ? item.score : null,
    scan_id: text(item.scan_id),
    error: text(item.error),
    finished_at: text(item.finished_at),
  };
}

export function createBatchRepository(doc: DynamoDBDocumentClient, tableName: string): BatchStore {
  const db: Db = { doc, tableName };
  return {
    createJob: (job, rows) => createJob(db, job, rows),
    deleteJob: (jobId) => deleteJob(db, jobId),
    getJob: (jobId) => getJob(db, jobId),
    listRows: (jobId) => listRows(db, jobId),
    getRow: (jobId, index) => getRow(db, jobId, index),
    markJobRunning: (jobId, at) => markJobRunning(db, jobId, at),
    finishJob: (jobId, status, at) => finishJob(db, jobId, status, at),
    markRowRunning: (jobId, index) => markRowRunning(db, jobId, index),
    finishRow: (jobId, index, outcome) => finishRow(db, jobId, index, outcome),
    listJobs: (ownerId, limit, cursor) => listJobs(db, ownerId, limit, cursor),
    listOpenJobs: () => listOpenJobs(db),
  };
}

async function writeRows(db: Db, jobId: string, rows: readonly StoredRow[]): Promise<void> {
  for (let start = 0; start < rows.length; start += BATCH_WRITE_SIZE) {
    let requests = rows.slice(start, start + BATCH_WRITE_SIZE).map((row) => ({
      PutRequest: { Item: { ...KEYS.batchRow(jobId, row.index), ...row } },
    }));
    // DynamoDB may leave items unprocessed under load: send them again, with a short pause.
    for (let attempt = 0; requests.length > 0; attempt += 1) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** attempt));
      const result = await db.doc.send(
        new BatchWriteCommand({ RequestItems: { [db.tableName]: requests } }),
      );
      requests = (result.UnprocessedItems?.[db.tableName] ?? []) as typeof requests;
      if (attempt > 6 && requests.length > 0) throw new Error('rows could not be written');
    }
  }
}

async function createJob(db: Db, job: StoredJob, rows: readonly StoredRow[]): Promise<void> {
  await writeRows(db, job.id, rows);
  await db.doc.send(
    new PutCommand({
      TableName: db.tableName,
      Item: {
        ...KEYS.batchJob(job.id),
        gsi1pk: GSI.userBatchJobs(job.owner_id),
        gsi1sk: `${job.created_at}#${job.id}`,
        gsi2pk: GSI.openBatchJobs,
        gsi2sk: `${job.created_at}#${job.id}`,
        ...job,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

async function deleteJob(db: Db, jobId: string): Promise<void> {
  await db.doc.send(new DeleteCommand({ TableName: db.tableName, Key: KEYS.batchJob(jobId) }));
}

async function getJob(db: Db, jobId: string): Promise<StoredJob | undefined> {
  const item = await readItem(db, KEYS.batchJob(jobId));
  return item ? toJob(item) : undefined;
}

function listRows(db: Db, jobId: string): Promise<StoredRow[]> {
  return queryAll(
    db.doc,
    {
      TableName: db.tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :rows)',
      ExpressionAttributeValues: {
        ':pk': KEYS.batchJob(jobId).pk,
        ':rows': SK_PREFIX.batchRow,
      },
      ConsistentRead: true,
    },
    toRow,
  );
}

async function getRow(db: Db, jobId: string, index: number): Promise<StoredRow | undefined> {
  const item = await readItem(db, KEYS.batchRow(jobId, index));
  return item ? toRow(item) : undefined;
}

function markJobRunning(db: Db, jobId: string, at: string): Promise<boolean> {
  return conditionalWrite(() =>
    db.doc.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: KEYS.batchJob(jobId),
        UpdateExpression: 'SET #status = :running, started_at = :at',
        ConditionExpression: '#status = :queued',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':running': 'running', ':queued': 'queued', ':at': at },
      }),
    ),
  );
}

function finishJob(db: Db, jobId: string, status: 'done' | 'failed', at: string): Promise<boolean> {
  return conditionalWrite(() =>
    db.doc.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: KEYS.batchJob(jobId),
        UpdateExpression: 'SET #status = :status, finished_at = :at REMOVE gsi2pk, gsi2sk',
        ConditionExpression: 'attribute_exists(pk) AND #status IN (:queued, :running)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':status': status,
          ':at': at,
          ':queued': 'queued',
          ':running': 'running',
        },
      }),
    ),
  );
}

function markRowRunning(db: Db, jobId: string, index: number): Promise<boolean> {
  return conditionalWrite(() =>
    db.doc.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: KEYS.batchRow(jobId, index),
        UpdateExpression: 'SET #status = :running',
        ConditionExpression: '#status IN (:queued, :running)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':running': 'running', ':queued': 'queued' },
      }),
    ),
  );
}

function finishRow(db: Db, jobId: string, index: number, outcome: RowOutcome): Promise<boolean> {
  return conditionalWrite(() =>
    db.doc.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: KEYS.batchRow(jobId, index),
        UpdateExpression:
          'SET #status = :status, score = :score, scan_id = :scan, #error = :error, finished_at = :at',
        ConditionExpression: '#status IN (:queued, :running)',
        ExpressionAttributeNames: { '#status': 'status', '#error': 'error' },
        ExpressionAttributeValues: {
          ':status': outcome.status,
          ':score': outcome.score,
          ':scan': outcome.scan_id,
          ':error': outcome.error,
          ':at': outcome.finished_at,
          ':queued': 'queued',
          ':running': 'running',
        },
      }),
    ),
  );
}

async function listJobs(
  db: Db,
  ownerId: string,
  limit: number,
  cursor: string | undefined,
): Promise<{ jobs: StoredJob[]; cursor: string | null }> {
  const page = await queryOwnerIndexPage(
    db.doc,
    {
      tableName: db.tableName,
      indexName: INDEX.byOwner,
      partition: GSI.userBatchJobs(ownerId),
      limit,
      cursor,
    },
    toJob,
  );
  return { jobs: page.items, cursor: page.cursor };
}

function listOpenJobs(db: Db): Promise<StoredJob[]> {
  return queryAll(
    db.doc,
    {
      TableName: db.tableName,
      IndexName: INDEX.byAlternateId,
      KeyConditionExpression: 'gsi2pk = :open',
      ExpressionAttributeValues: { ':open': GSI.openBatchJobs },
    },
    toJob,
  );
}
