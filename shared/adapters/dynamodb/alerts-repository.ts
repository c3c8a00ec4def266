/**
 * Alert rules, their firings and a case's digest (docs/data-model.md "Alerts"), in the case's
 * partition: `ALERT#<id>` per rule with `ALERTCOUNT` (the cap, kept in the same transaction as
 * the rule and its audit event), `ALERTFIRE#<rule>#<run>` per firing (claimed with a condition,
 * together with the rule's `last_fired_at`, so a rule fires once per run however often the
 * dispatch runs), and `DIGEST`.
 */
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type {
  AlertStore,
  DigestSettings,
  FiringClaim,
  StoredAlert,
  StoredFiring,
} from '#shared/domain/alerts/ports';
import type { AuditEvent } from '#shared/domain/audit/events';
import type { CaseRef } from '#shared/domain/monitor/run-ref';
import { auditedWrite } from './audit-log-repository.ts';
import type { Db } from './client.ts';
import { KEYS, SK_PREFIX } from './keys.ts';
import { queryAll, queryPage } from './pagination.ts';
import { readItem } from './read-item.ts';
import { transactWrite } from './transactions.ts';

const KEY_FIELDS = ['pk', 'sk'];

function withoutKeys(item: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(item).filter(([name]) => !KEY_FIELDS.includes(name)));
}

function toAlert(item: Record<string, unknown>): StoredAlert {
  const stored = withoutKeys(item) as unknown as StoredAlert;
  return { ...stored, last_fired_at: (item.last_fired_at as string | undefined) ?? null };
}

function toFiring(item: Record<string, unknown>): StoredFiring {
  const stored = withoutKeys(item) as unknown as StoredFiring;
  const ids = item.delivery_ids;
  // A string set reads as a Set; an empty list is stored as a list.
  return { ...stored, delivery_ids: ids instanceof Set ? [...ids].sort() : [] };
}

async function createAlert(db: Db, alert: StoredAlert, audit: AuditEvent, max: number) {
  const ref = { owner_id: alert.account_id, case_id: alert.case_id };
  return auditedWrite(db, audit, [
    {
      Update: {
        TableName: db.tableName,
        Key: KEYS.alertCount(ref),
        UpdateExpression: 'SET alert_rules = if_not_exists(alert_rules, :zero) + :one',
        ConditionExpression: 'attribute_not_exists(alert_rules) OR alert_rules < :max',
        ExpressionAttributeValues: { ':zero': 0, ':one': 1, ':max': max },
      },
    },
    {
      Put: {
        TableName: db.tableName,
        Item: { ...KEYS.alertRule(ref, alert.id), ...alert },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  ]);
}

function listAlerts(db: Db, ref: CaseRef): Promise<StoredAlert[]> {
  return queryAll(
    db.doc,
    {
      TableName: db.tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': KEYS.casePartition(ref), ':prefix': SK_PREFIX.alertRule },
      ConsistentRead: true,
    },
    toAlert,
  ).then((alerts) => alerts.sort((a, b) => a.created_at.localeCompare(b.created_at)));
}

async function getAlert(db: Db, ref: CaseRef, alertId: string) {
  const item = await readItem(db, KEYS.alertRule(ref, alertId));
  return item ? toAlert(item) : undefined;
}

function deleteAlert(db: Db, ref: CaseRef, alertId: string, audit: AuditEvent) {
  return auditedWrite(db, audit, [
    {
      Delete: {
        TableName: db.tableName,
        Key: KEYS.alertRule(ref, alertId),
        ConditionExpression: 'attribute_exists(pk)',
      },
    },
    {
      Update: {
        TableName: db.tableName,
        Key: KEYS.alertCount(ref),
        UpdateExpression: 'SET alert_rules = alert_rules - :one',
        ConditionExpression: 'alert_rules > :zero',
        ExpressionAttributeValues: { ':zero': 0, ':one': 1 },
      },
    },
  ]);
}

/**
 * The firing and the rule's `last_fired_at` in one transaction, the firing only if the rule has
 * none on this run yet and the rule still exists. When that does not hold, the stored firing
 * (an earlier dispatch made it) or "the rule is gone".
 */
async function claimFiring(db: Db, ref: CaseRef, firing: StoredFiring): Promise<FiringClaim> {
  const key = KEYS.alertFiring(ref, firing.alert_id, firing.run_id);
  const { delivery_ids: _none, ...item } = firing;
  const claimed = await transactWrite(db, [
    {
      Put: {
        TableName: db.tableName,
        Item: { ...key, ...item },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    {
      Update: {
        TableName: db.tableName,
        Key: KEYS.alertRule(ref, firing.alert_id),
        UpdateExpression: 'SET last_fired_at = :at',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':at': firing.fired_at },
      },
    },
  ]);
  if (claimed) return { status: 'claimed', firing };
  const stored = await readItem(db, key);
  if (stored) return { status: 'claimed_before', firing: toFiring(stored) };
  return { status: 'rule_gone' };
}

async function addFiringDeliveries(
  db: Db,
  ref: CaseRef,
  alertId: string,
  runId: string,
  ids: readonly string[],
): Promise<void> {
  if (ids.length === 0) return;
  await db.doc.send(
    new UpdateCommand({
      TableName: db.tableName,
      Key: KEYS.alertFiring(ref, alertId, runId),
      UpdateExpression: 'ADD delivery_ids :ids',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':ids': new Set(ids) },
    }),
  );
}

async function listFirings(db: Db, ref: CaseRef, alertId: string, limit: number) {
  const { items } = await queryPage(
    db.doc,
    {
      TableName: db.tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: {
        ':pk': KEYS.casePartition(ref),
        ':prefix': `${SK_PREFIX.alertFiring}${alertId}#`,
      },
      ScanIndexForward: false,
      Limit: limit,
    },
    toFiring,
  );
  return items;
}

async function getDigest(db: Db, ref: CaseRef): Promise<DigestSettings | undefined> {
  const { Item } = await db.doc.send(
    new GetCommand({ TableName: db.tableName, Key: KEYS.caseDigest(ref) }),
  );
  if (!Item) return undefined;
  return {
    enabled: Item.enabled === true,
    email: (Item.email as string[] | undefined) ?? [],
    updated_at: String(Item.updated_at),
  };
}

async function putDigest(db: Db, ref: CaseRef, settings: DigestSettings): Promise<void> {
  await db.doc.send(
    new PutCommand({ TableName: db.tableName, Item: { ...KEYS.caseDigest(ref), ...settings } }),
  );
}

export function createAlertsRepository(doc: Db['doc'], tableName: string): AlertStore {
  const db: Db = { doc, tableName };
  return {
    createAlert: (alert, audit, max) => createAlert(db, alert, audit, max),
    listAlerts: (ref) => listAlerts(db, ref),
    getAlert: (ref, alertId) => getAlert(db, ref, alertId),
    deleteAlert: (ref, alertId, audit) => deleteAlert(db, ref, alertId, audit),
    claimFiring: (ref, firing) => claimFiring(db, ref, firing),
    addFiringDeliveries: (ref, alertId, runId, ids) =>
      addFiringDeliveries(db, ref, alertId, runId, ids),
    listFirings: (ref, alertId, limit) => listFirings(db, ref, alertId, limit),
    getDigest: (ref) => getDigest(db, ref),
    putDigest: (ref, settings) => putDigest(db, ref, settings),
  };
}
