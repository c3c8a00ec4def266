/**
 * The agent analytics' store (docs/data-model.md "Agent analytics"). An account's domain has a
 * partition `USER#<id>#AGENTLOGS#<domain>` holding its uploads (`INGEST#<id>`, their state and
 * outcome) and the day pages they add (`DAY#<day>#<upload>#<page>`, gzip-compressed JSON, put
 * whole: a retried step overwrites a page with the same content). Reads are two queries of that
 * one partition; whether the domain was scanned and its latest scan's facts come from the
 * account's domain history. Bodies: agent-log-bodies.ts.
 */

import { gunzipSync, gzipSync } from 'node:zlib';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  BatchWriteCommand,
  DeleteCommand,
  PutCommand,
  type PutCommandInput,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type { DayPage } from '#shared/domain/agent-logs/aggregate';
import type {
  AgentLogStore,
  Ingest,
  IngestOutcome,
  IngestRef,
} from '#shared/domain/agent-logs/ports';
import { deleteBody, putBody, readBody } from './agent-log-bodies.ts';
import type { Db } from './client.ts';
import { conditionalWrite } from './conditional.ts';
import { KEYS, SK_PREFIX } from './keys.ts';
import { queryAll } from './pagination.ts';
import { readItem } from './read-item.ts';
import { readSiteFacts } from './site-facts-repository.ts';

const BATCH_WRITE_SIZE = 25;

const ingestKey = (ref: IngestRef) => KEYS.agentLogIngest(ref.owner_id, ref.domain, ref.ingest_id);

function toIngest(item: Record<string, unknown>): Ingest {
  const { pk: _pk, sk: _sk, attempts: _attempts, ...ingest } = item;
  return ingest as unknown as Ingest;
}

/** Puts an upload whole when the condition holds; false when it does not. */
function putIngestIf(
  db: Db,
  ingest: Ingest,
  condition: Pick<
    PutCommandInput,
    'ConditionExpression' | 'ExpressionAttributeNames' | 'ExpressionAttributeValues'
  >,
): Promise<boolean> {
  return conditionalWrite(() =>
    db.doc.send(
      new PutCommand({
        TableName: db.tableName,
        Item: { ...KEYS.agentLogIngest(ingest.owner_id, ingest.domain, ingest.id), ...ingest },
        ...condition,
      }),
    ),
  );
}

/** A new upload: made once, whoever sends the same log at the same moment. */
function createIngest(db: Db, ingest: Ingest): Promise<boolean> {
  return putIngestIf(db, ingest, { ConditionExpression: 'attribute_not_exists(pk)' });
}

/** A failed upload sent again: replaced whole, queued again, only while it is failed. */
function retryIngest(db: Db, ingest: Ingest): Promise<boolean> {
  return putIngestIf(db, ingest, {
    ConditionExpression: '#status = :failed',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':failed': 'failed' },
  });
}

async function claimIngest(db: Db, ref: IngestRef): Promise<Ingest | undefined> {
  try {
    const { Attributes } = await db.doc.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: ingestKey(ref),
        UpdateExpression: 'SET #status = :processing ADD attempts :one',
        ConditionExpression: '#status IN (:queued, :processing)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':processing': 'processing', ':queued': 'queued', ':one': 1 },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return Attributes ? toIngest(Attributes) : undefined;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return undefined;
    throw error;
  }
}

async function finishIngest(db: Db, ref: IngestRef, outcome: IngestOutcome): Promise<boolean> {
  return conditionalWrite(() =>
    db.doc.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: ingestKey(ref),
        UpdateExpression:
          'SET #status = :done, #lines = :lines, parsed = :parsed, skipped = :skipped, ' +
          'skipped_reasons = :reasons, agents = :agents, finished_at = :at',
        ConditionExpression: '#status = :processing',
        ExpressionAttributeNames: { '#status': 'status', '#lines': 'lines' },
        ExpressionAttributeValues: {
          ':done': 'done',
          ':processing': 'processing',
          ':lines': outcome.lines,
          ':parsed': outcome.parsed,
          ':skipped': outcome.skipped,
          ':reasons': outcome.skipped_reasons,
          ':agents': outcome.agents,
          ':at': outcome.finished_at,
        },
      }),
    ),
  );
}

async function failIngest(db: Db, ref: IngestRef, error: string, at: string): Promise<void> {
  await conditionalWrite(() =>
    db.doc.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: ingestKey(ref),
        UpdateExpression: 'SET #status = :failed, #error = :error, finished_at = :at',
        ConditionExpression: '#status IN (:queued, :processing)',
        ExpressionAttributeNames: { '#status': 'status', '#error': 'error' },
        ExpressionAttributeValues: {
          ':failed': 'failed',
          ':queued': 'queued',
          ':processing': 'processing',
          ':error': error,
          ':at': at,
        },
      }),
    ),
  );
}

/** Batch writes of 25 items, the unprocessed ones sent again with a short backoff. */
async function writeAll(db: Db, items: Record<string, unknown>[]): Promise<void> {
  for (let start = 0; start < items.length; start += BATCH_WRITE_SIZE) {
    let requests = items
      .slice(start, start + BATCH_WRITE_SIZE)
      .map((Item) => ({ PutRequest: { Item } }));
    for (let attempt = 0; requests.length > 0; attempt += 1) {
      if (attempt > 6) throw new Error('day pages could not be written');
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 20 * 2 ** attempt));
      const result = await db.doc.send(
        new BatchWriteCommand({ RequestItems: { [db.tableName]: requests } }),
      );
      requests = (result.UnprocessedItems?.[db.tableName] ?? []) as typeof requests;
    }
  }
}

async function putDayPages(db: Db, ref: IngestRef, pages: readonly DayPage[]): Promise<void> {
  await writeAll(
    db,
    pages.map((page) => ({
      ...KEYS.agentLogDayPage(ref.owner_id, ref.domain, page.day, ref.ingest_id, page.page),
      ingest_id: ref.ingest_id,
      data: gzipSync(JSON.stringify(page)),
    })),
  );
}

async function listIngests(db: Db, ownerId: string, domain: string): Promise<Ingest[]> {
  return queryAll(
    db.doc,
    {
      TableName: db.tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: {
        ':pk': KEYS.agentLogs(ownerId, domain),
        ':prefix': SK_PREFIX.agentLogIngest,
      },
      ConsistentRead: true,
    },
    toIngest,
  );
}

async function readDayPages(db: Db, ownerId: string, domain: string, from: string, to: string) {
  return queryAll(
    db.doc,
    {
      TableName: db.tableName,
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: {
        ':pk': KEYS.agentLogs(ownerId, domain),
        ':from': `${SK_PREFIX.agentLogDay}${from}`,
        // '~' sorts after every character of an upload id and page number.
        ':to': `${SK_PREFIX.agentLogDay}${to}~`,
      },
      ConsistentRead: true,
    },
    (item) => ({
      ...(JSON.parse(gunzipSync(item.data as Uint8Array).toString('utf8')) as DayPage),
      ingest_id: String(item.ingest_id),
    }),
  );
}

export function createAgentLogsRepository(db: Db): AgentLogStore {
  return {
    domainScanned: async (ownerId, domain) =>
      (await readItem(db, KEYS.accountDomain(ownerId, domain))) !== undefined,
    siteFacts: (ownerId, domain) => readSiteFacts(db, ownerId, domain),
    getIngest: async (ref) => {
      const item = await readItem(db, ingestKey(ref));
      return item ? toIngest(item) : undefined;
    },
    createIngest: (ingest) => createIngest(db, ingest),
    retryIngest: (ingest) => retryIngest(db, ingest),
    deleteIngest: async (ref) => {
      await db.doc.send(new DeleteCommand({ TableName: db.tableName, Key: ingestKey(ref) }));
    },
    claimIngest: (ref) => claimIngest(db, ref),
    finishIngest: (ref, outcome) => finishIngest(db, ref, outcome),
    failIngest: (ref, error, at) => failIngest(db, ref, error, at),
    putBody: (bodyKey, parts, expiresAt) => putBody(db, bodyKey, parts, expiresAt),
    readBody: (bodyKey, parts) => readBody(db, bodyKey, parts),
    deleteBody: (bodyKey, parts) => deleteBody(db, bodyKey, parts),
    putDayPages: (ref, pages) => putDayPages(db, ref, pages),
    listIngests: (ownerId, domain) => listIngests(db, ownerId, domain),
    readDayPages: (ownerId, domain, from, to) => readDayPages(db, ownerId, domain, from, to),
  };
}
