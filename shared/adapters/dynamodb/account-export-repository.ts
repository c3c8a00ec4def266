/**
 * An account's exports (docs/data-model.md "Export and erasure"): the record
 * `ACCOUNT#<id>` / `EXPORT#<exp_…>` (gsi2 `EXPORTS#OPEN` while not finished, `expires_at` TTL) and
 * its JSON lines under `EXPORTDATA#<exp_…>` / `PART#<phase>#<page>`, one item per page of the
 * walk (account-walk.ts). A page's part is named by the walk's position before it, so a page
 * written again after a crash replaces its part; the record moves on only from the position it
 * was read at (a conditional update in the same transaction as the part).
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type {
  ExportPage,
  ExportStore,
  StoredExport,
  WalkProgress,
} from '#shared/domain/accounts/account-job-ports';
import type { AuditEvent } from '#shared/domain/audit/events';
import { exportLine, PHASES, pageQuery, runPartitionsOf, type WalkPhase } from './account-walk.ts';
import { auditedWrite } from './audit-log-repository.ts';
import type { Db } from './client.ts';
import { INDEX, KEYS } from './keys.ts';
import { decodeCursor, encodeCursor, queryAll, queryPage } from './pagination.ts';
import { readItem } from './read-item.ts';
import { transactWrite } from './transactions.ts';

/** The order an export reads the account in. */
const EXPORT_PHASES: readonly WalkPhase[] = [
  PHASES.plan,
  PHASES.team,
  PHASES.cases,
  PHASES.domains,
  PHASES.scans,
  PHASES.batches,
  PHASES.webhooks,
  PHASES.deliveries,
  PHASES.keys,
  PHASES.events,
  PHASES.audit,
];

const OPEN_EXPORTS = 'EXPORTS#OPEN';
const exportKey = (accountId: string, id: string) => ({
  pk: KEYS.account(accountId).pk,
  sk: `EXPORT#${id}`,
});
/** Where the walk stands, as one string (the part's sort key): what a page's write checks. */
const positionOf = (at: WalkProgress) =>
  `PART#${String(at.phase).padStart(2, '0')}#${String(at.page).padStart(6, '0')}`;
const partKey = (id: string, at: WalkProgress) => ({ pk: `EXPORTDATA#${id}`, sk: positionOf(at) });

export function createAccountExportRepository(
  doc: DynamoDBDocumentClient,
  tableName: string,
): ExportStore {
  const db: Db = { doc, tableName };
  return {
    createExport: (record, audit) => createExport(db, record, audit),
    getExport: async (accountId, id) => {
      const item = await readItem(db, exportKey(accountId, id));
      return item ? toExport(item) : undefined;
    },
    readPage: (accountId, progress) => readPage(db, accountId, progress),
    savePage: (record, from, page, at) => savePage(db, record, from, page, at),
    markFailed: async (record, error, at) => {
      await transactWrite(db, [
        {
          Update: {
            TableName: db.tableName,
            Key: exportKey(record.account_id, record.id),
            UpdateExpression:
              'SET #status = :failed, #error = :error, finished_at = :at REMOVE gsi2pk, gsi2sk',
            ExpressionAttributeNames: { '#status': 'status', '#error': 'error' },
            ExpressionAttributeValues: { ':failed': 'failed', ':error': error, ':at': at },
          },
        },
      ]);
    },
    readLines: (record) =>
      queryAll(
        db.doc,
        {
          TableName: db.tableName,
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': `EXPORTDATA#${record.id}` },
          ConsistentRead: true,
        },
        (item) => String(item.text ?? ''),
      ).then((parts) => parts.join('')),
    listOpenExports: () =>
      queryAll(
        db.doc,
        {
          TableName: db.tableName,
          IndexName: INDEX.byAlternateId,
          KeyConditionExpression: 'gsi2pk = :open',
          ExpressionAttributeValues: { ':open': OPEN_EXPORTS },
        },
        toExport,
      ),
  };
}

async function createExport(db: Db, record: StoredExport, audit: AuditEvent): Promise<void> {
  const written = await auditedWrite(db, audit, [
    {
      Put: {
        TableName: db.tableName,
        Item: {
          ...exportKey(record.account_id, record.id),
          gsi2pk: OPEN_EXPORTS,
          gsi2sk: `${record.created_at}#${record.id}`,
          ...record,
          position: positionOf(record.progress),
          finished_at: undefined,
          error: undefined,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  ]);
  if (!written) throw new Error(`An export with id ${record.id} exists already.`);
}

/** The lines of one page of the phase the walk stands at, and where it goes next. */
async function readPage(db: Db, accountId: string, at: WalkProgress): Promise<ExportPage> {
  const phase = EXPORT_PHASES[at.phase];
  if (!phase) return { lines: [], next: null };
  const source = phase.source(accountId);
  const attribute = source.kind === 'index' ? 'gsi1pk' : 'pk';
  const value = source.kind === 'index' ? source.partition : source.pk;
  const startKey = decodeCursor(at.cursor ?? undefined, { attribute, value });
  const { items, lastKey } = await queryPage(
    db.doc,
    pageQuery(db.tableName, source, phase.pageSize, startKey),
    (item) => item,
  );
  const lines: string[] = [];
  if (phase === PHASES.team && at.page === 0)
    lines.push(...(await implicitOwner(db, accountId, items)));
  for (const item of items) {
    // An index lists a projection that may lag: the item itself is read from its partitions.
    const partitions = phase.partitionsOf?.(accountId, item) ?? [];
    if (partitions.length === 0) lines.push(...[exportLine(item)].filter(isLine));
    for (const pk of partitions) lines.push(...(await partitionLines(db, accountId, pk)));
  }
  const cursor = encodeCursor(lastKey);
  const next: WalkProgress | null = cursor
    ? { phase: at.phase, cursor, page: at.page + 1 }
    : at.phase + 1 < EXPORT_PHASES.length
      ? { phase: at.phase + 1, cursor: null, page: 0 }
      : null;
  return { lines, next };
}

const isLine = (line: string | null): line is string => line !== null;

/**
 * The account's own user as its owner when no membership of theirs is stored (every one-person
 * account: docs/decisions.md "An account is a team"), so the export lists every member.
 */
async function implicitOwner(db: Db, accountId: string, items: readonly Record<string, unknown>[]) {
  if (items.some((item) => item.sk === `MEMBER#${accountId}`)) return [];
  const user = await readItem(db, KEYS.user(accountId));
  if (!user) return [];
  const data = {
    account_id: accountId,
    user_id: accountId,
    email: user.email,
    role: 'owner',
    joined_at: user.created_at,
  };
  return [JSON.stringify({ type: 'member', data })];
}

/** Every exported item of a partition; a case's partition also the data of each of its runs. */
async function partitionLines(db: Db, accountId: string, pk: string): Promise<string[]> {
  const items = await queryAll(
    db.doc,
    {
      TableName: db.tableName,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': pk },
      ConsistentRead: true,
    },
    (item) => item,
  );
  const lines = items.map(exportLine).filter(isLine);
  for (const runPk of runPartitionsOf(accountId, items)) {
    lines.push(...(await partitionLines(db, accountId, runPk)));
  }
  return lines;
}

async function savePage(
  db: Db,
  record: StoredExport,
  from: WalkProgress,
  page: ExportPage,
  at: string,
): Promise<boolean> {
  const done = page.next === null;
  const text = page.lines.map((line) => `${line}\n`).join('');
  return transactWrite(db, [
    {
      Put: {
        TableName: db.tableName,
        Item: { ...partKey(record.id, from), text, expires_at: record.expires_at },
      },
    },
    {
      Update: {
        TableName: db.tableName,
        Key: exportKey(record.account_id, record.id),
        UpdateExpression: done
          ? 'SET #status = :status, progress = :next, #position = :to, finished_at = :at REMOVE gsi2pk, gsi2sk'
          : 'SET #status = :status, progress = :next, #position = :to',
        ConditionExpression: '#position = :from',
        ExpressionAttributeNames: { '#status': 'status', '#position': 'position' },
        ExpressionAttributeValues: {
          ':status': done ? 'done' : 'running',
          ':next': page.next ?? from,
          ':to': done ? 'DONE' : positionOf(page.next ?? from),
          ':from': positionOf(from),
          ...(done ? { ':at': at } : {}),
        },
      },
    },
  ]);
}

function toExport(item: Record<string, unknown>): StoredExport {
  return {
    id: String(item.id),
    account_id: String(item.account_id),
    status: item.status as StoredExport['status'],
    requested_by: String(item.requested_by),
    created_at: String(item.created_at),
    finished_at: typeof item.finished_at === 'string' ? item.finished_at : null,
    expires_at: Number(item.expires_at),
    progress: item.progress as WalkProgress,
    error: typeof item.error === 'string' ? item.error : null,
  };
}
