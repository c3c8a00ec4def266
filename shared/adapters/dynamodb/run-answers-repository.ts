/**
 * The answers and judge replies of one run, in the run's own partition
 * `USER#<owner>#RUN#<run>` (docs/monitor.md "Data"): `ANSWER#<family>#<mode>#<cell>`,
 * `JUDGE#<family>#<mode>#<cell>` (keyed by the answering family) and `FAMILY#<family>`.
 * Answers and replies are written once (conditional put), so a repeated task never records
 * twice; everything is kept raw so a later scoring version can score the run again. Reading the
 * whole run back validates every item: a damaged item fails the step instead of skewing scores.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { type DynamoDBDocumentClient, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import {
  type CellKey,
  cellKeyString,
  type FamilyQueue,
  type FamilyStatus,
  type RunData,
  type RunDataStore,
  type StoredAnswer,
  type StoredJudgement,
} from '#shared/domain/monitor/ports';
import { PROVIDER_FAMILIES, type ProviderFamily } from '#shared/domain/monitor/provider-port';
import type { RunRef } from '#shared/domain/monitor/run-ref';
import { batchGetItems } from './batch-get.ts';
import type { Db } from './client.ts';
import { KEYS, SK_PREFIX } from './keys.ts';
import { queryAll } from './pagination.ts';
import { readItem } from './read-item.ts';
import { loadAnswerIndex, putAnswerIndex } from './run-answer-index.ts';
import { deleteRunAnswerItems } from './run-answers-deletion.ts';

const Family = z.enum(PROVIDER_FAMILIES);
const Mode = z.enum(['raw', 'online']);
const Usage = z.object({
  inputTokens: z.number().nullable(),
  outputTokens: z.number().nullable(),
  totalTokens: z.number().nullable(),
});
const Key = z.object({ family: Family, mode: Mode, cell_id: z.string().min(1) });
const Citation = z.object({
  url: z.string(),
  domain: z.string(),
  title: z.string().nullable(),
  cited: z.boolean(),
});
const AnswerRecordSchema = z.object({
  id: z.string(),
  block: z.enum(['A', 'B', 'C', 'D']),
  prompt_id: z.string(),
  prompt: z.string(),
  language: z.string(),
  repeat: z.number().int(),
  branded: z.boolean(),
  family: Family,
  mode: Mode,
  text: z.string(),
  citations: z.array(Citation),
  model: z.string(),
  usage: Usage,
  latency_ms: z.number(),
  searched: z.boolean(),
  search_queries: z.array(z.string()).optional(),
});

const StoredAnswerSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('ok'),
    key: Key,
    record: AnswerRecordSchema,
    answered_at: z.string(),
  }),
  z.object({ status: z.literal('failed'), key: Key, error: z.string(), answered_at: z.string() }),
]);

const StoredJudgementSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('ok'),
    key: Key,
    judge_family: Family,
    judge_model: z.string(),
    usage: Usage,
    latency_ms: z.number(),
    raw_text: z.string(),
    batch_item: z.string().optional(),
    calls: z.number().min(0).optional(),
    judged_at: z.string(),
  }),
  z.object({
    status: z.literal('failed'),
    key: Key,
    judge_family: Family,
    error: z.string(),
    judged_at: z.string(),
  }),
]);

type Item = Record<string, unknown>;

function familyStatus(family: ProviderFamily, item: Item | undefined): FamilyStatus {
  return {
    family,
    excluded: item?.excluded === true,
    excluded_reason: typeof item?.excluded_reason === 'string' ? item.excluded_reason : null,
    judge_unavailable: item?.judge_unavailable === true,
    queue: queueOf(item?.queue),
  };
}

function queueOf(value: unknown): FamilyQueue | null {
  const queue = value as Partial<FamilyQueue> | undefined;
  return queue &&
    (queue.phase === 'ask' || queue.phase === 'judge') &&
    typeof queue.since === 'string' &&
    typeof queue.until === 'string'
    ? { phase: queue.phase, since: queue.since, until: queue.until }
    : null;
}

/** `ANSWER#`/`JUDGE#` item without its table keys, validated. */
function payload(item: Item): Item {
  const { pk: _pk, sk: _sk, ...rest } = item;
  return rest;
}

export function createRunAnswersRepository(
  doc: DynamoDBDocumentClient,
  tableName: string,
): RunDataStore {
  const db: Db = { doc, tableName };
  const answers = (family: ProviderFamily) => `${SK_PREFIX.monitorAnswer}${family}#`;
  const judgements = (family: ProviderFamily) => `${SK_PREFIX.monitorJudgement}${family}#`;
  return {
    answeredCells: (run, family) => cellsWithPrefix(db, run, answers(family), false),
    answeredOkCells: (run, family) => cellsWithPrefix(db, run, answers(family), true),
    putAnswer: (run, answer) =>
      putOnce(db, KEYS.monitorAnswer(run, cellKeyString(answer.key)), answer),
    getAnswer: (run, key) => getAnswer(db, run, key),
    judgedCells: (run, family) => cellsWithPrefix(db, run, judgements(family), false),
    putJudgement: (run, judgement) =>
      putOnce(db, KEYS.monitorJudgement(run, cellKeyString(judgement.key)), judgement),
    getFamily: async (run, family) =>
      familyStatus(family, await readItem(db, KEYS.monitorFamily(run, family))),
    excludeFamily: (run, family, reason) =>
      setFamilyFlag(db, run, family, { excluded: true, excluded_reason: reason }),
    markJudgeUnavailable: (run, family) =>
      setFamilyFlag(db, run, family, { judge_unavailable: true }),
    recordQueue: (run, family, queue) => setFamilyQueue(db, run, family, queue),
    loadRunData: (run) => loadRunData(db, run),
    putAnswerIndex: (run, index) => putAnswerIndex(db, run, index),
    loadAnswerIndex: (run) => loadAnswerIndex(db, run),
    loadCells: (run, keys) => loadCells(db, run, keys),
    deleteAnswers: (run) => deleteRunAnswerItems(doc, tableName, KEYS.monitorRunData(run)),
  };
}

async function cellsWithPrefix(
  db: Db,
  run: RunRef,
  prefix: string,
  onlyOk: boolean,
): Promise<Set<string>> {
  const items = await queryAll(
    db.doc,
    {
      TableName: db.tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ProjectionExpression: 'sk, #status',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':pk': KEYS.monitorRunData(run), ':prefix': prefix },
      ConsistentRead: true,
    },
    (item) => item,
  );
  // `ANSWER#openai#raw#A-01-en-r1` -> `openai#raw#A-01-en-r1` (cellKeyString).
  const cut = prefix.indexOf('#') + 1;
  return new Set(
    items
      .filter((item) => !onlyOk || item.status === 'ok')
      .map((item) => String(item.sk).slice(cut)),
  );
}

async function putOnce(db: Db, key: { pk: string; sk: string }, body: object): Promise<boolean> {
  try {
    await db.doc.send(
      new PutCommand({
        TableName: db.tableName,
        Item: { ...key, ...body },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

async function setFamilyFlag(db: Db, run: RunRef, family: string, flags: Item): Promise<void> {
  const names = Object.keys(flags);
  await db.doc.send(
    new UpdateCommand({
      TableName: db.tableName,
      Key: KEYS.monitorFamily(run, family),
      UpdateExpression: `SET #family = :family, ${names.map((_name, i) => `#f${i} = if_not_exists(#f${i}, :v${i})`).join(', ')}`,
      ExpressionAttributeNames: {
        '#family': 'family',
        ...Object.fromEntries(names.map((n, i) => [`#f${i}`, n])),
      },
      ExpressionAttributeValues: {
        ':family': family,
        ...Object.fromEntries(names.map((n, i) => [`:v${i}`, flags[n]])),
      },
    }),
  );
}

/** The latest wait replaces the one before (flags are written once; a wait is not). */
async function setFamilyQueue(db: Db, run: RunRef, family: string, queue: FamilyQueue) {
  await db.doc.send(
    new UpdateCommand({
      TableName: db.tableName,
      Key: KEYS.monitorFamily(run, family),
      UpdateExpression: 'SET #family = :family, #queue = :queue',
      ExpressionAttributeNames: { '#family': 'family', '#queue': 'queue' },
      ExpressionAttributeValues: { ':family': family, ':queue': queue },
    }),
  );
}

async function getAnswer(db: Db, run: RunRef, key: CellKey): Promise<StoredAnswer | undefined> {
  const item = await readItem(db, KEYS.monitorAnswer(run, cellKeyString(key)));
  return item ? (StoredAnswerSchema.parse(payload(item)) as StoredAnswer) : undefined;
}

async function loadRunData(db: Db, run: RunRef): Promise<RunData> {
  const items = await queryAll(
    db.doc,
    {
      TableName: db.tableName,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': KEYS.monitorRunData(run) },
      ConsistentRead: true,
    },
    (item) => item,
  );
  const bySk = (prefix: string) => items.filter((item) => String(item.sk).startsWith(prefix));
  const families = new Map(
    bySk(SK_PREFIX.monitorFamily).map((item) => [String(item.family), item]),
  );
  return {
    answers: bySk(SK_PREFIX.monitorAnswer).map(
      (item) => StoredAnswerSchema.parse(payload(item)) as StoredAnswer,
    ),
    judgements: bySk(SK_PREFIX.monitorJudgement).map(
      (item) => StoredJudgementSchema.parse(payload(item)) as StoredJudgement,
    ),
    families: PROVIDER_FAMILIES.map((family) => familyStatus(family, families.get(family))),
  };
}

/** Some answers and their judge replies by key (BatchGetItem), each validated like the rest. */
async function loadCells(
  db: Db,
  run: RunRef,
  keys: readonly CellKey[],
): Promise<Pick<RunData, 'answers' | 'judgements'>> {
  const cells = keys.map(cellKeyString);
  const items = await batchGetItems(
    db,
    [
      ...cells.map((cell) => KEYS.monitorAnswer(run, cell)),
      ...cells.map((cell) => KEYS.monitorJudgement(run, cell)),
    ],
    { maxRounds: 6, failure: 'answers could not be read', consistentRead: true },
  );
  const bySk = (prefix: string) => items.filter((item) => String(item.sk).startsWith(prefix));
  return {
    answers: bySk(SK_PREFIX.monitorAnswer).map(
      (item) => StoredAnswerSchema.parse(payload(item)) as StoredAnswer,
    ),
    judgements: bySk(SK_PREFIX.monitorJudgement).map(
      (item) => StoredJudgementSchema.parse(payload(item)) as StoredJudgement,
    ),
  };
}
