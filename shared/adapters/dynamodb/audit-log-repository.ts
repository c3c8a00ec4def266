/**
 * The audit log (docs/data-model.md "Audit log"): `ACCOUNT#<id>#AUDIT` / `<at>#<event id>`, one
 * item per event with `expires_at` (TTL) AUDIT_RETENTION_DAYS after it happened, listed newest
 * first. An event is only ever written by `auditedWrite`, in the same transaction as the change
 * it records: a repository that makes an audited change hands its own writes and the event here.
 */
import type { AuditEvent, AuditLogReader, AuditPage } from '#shared/domain/audit/events';
import { AUDIT_RETENTION_DAYS } from '#shared/domain/audit/events';
import type { Clock } from '#shared/domain/kernel/clock';
import type { Db } from './client.ts';
import { KEYS } from './keys.ts';
import { decodeCursor, encodeCursor, queryPage } from './pagination.ts';
import { type TransactItem, transactWrite } from './transactions.ts';

const DAY_SECONDS = 86_400;

/** The transaction item that writes `event` (never over another event). */
export function auditItem(db: Db, event: AuditEvent): TransactItem {
  const at = Math.floor(Date.parse(event.at) / 1000);
  return {
    Put: {
      TableName: db.tableName,
      Item: {
        ...KEYS.auditEvent(event.account_id, event.at, event.id),
        ...event,
        expires_at: at + AUDIT_RETENTION_DAYS * DAY_SECONDS,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/**
 * Takes back an event whose change was undone (a run that could not start is deleted with it),
 * so no event outlives its change.
 */
export function auditRemoval(db: Db, event: AuditEvent): TransactItem {
  return {
    Delete: { TableName: db.tableName, Key: KEYS.auditEvent(event.account_id, event.at, event.id) },
  };
}

/**
 * The change `writes` and its audit `event`, in one transaction: true when both were written,
 * false (neither) when a condition of the change did not hold. How every audited change is
 * written, whatever its area: `auditedWrite(db, event, [...the change's own items])`.
 */
export function auditedWrite(
  db: Db,
  event: AuditEvent,
  writes: readonly TransactItem[],
): Promise<boolean> {
  return transactWrite(db, [...writes, auditItem(db, event)]);
}

/** The account's events, newest first; expired ones (TTL not yet run) are left out. */
async function listEvents(
  db: Db,
  accountId: string,
  limit: number,
  cursor: string | undefined,
  nowSeconds: number,
): Promise<AuditPage> {
  const partition = KEYS.auditLog(accountId);
  const { items, lastKey } = await queryPage(
    db.doc,
    {
      TableName: db.tableName,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': partition },
      ScanIndexForward: false,
      Limit: limit,
      ExclusiveStartKey: decodeCursor(cursor, { attribute: 'pk', value: partition }),
    },
    (item) => item,
  );
  const events = items
    .filter((item) => Number(item.expires_at) > nowSeconds)
    .map((item) => toEvent(item));
  return { events, next_cursor: encodeCursor(lastKey) };
}

function toEvent(item: Record<string, unknown>): AuditEvent {
  return {
    id: String(item.id),
    account_id: String(item.account_id),
    at: String(item.at),
    actor: item.actor as AuditEvent['actor'],
    action: item.action as AuditEvent['action'],
    target: item.target as AuditEvent['target'],
    details: (item.details as Record<string, unknown> | undefined) ?? {},
  };
}

export function createAuditLogRepository(
  doc: Db['doc'],
  tableName: string,
  clock: Clock,
): AuditLogReader {
  const db: Db = { doc, tableName };
  return {
    list: (accountId, limit, cursor) =>
      listEvents(db, accountId, limit, cursor, Math.floor(clock.now().getTime() / 1000)),
  };
}
