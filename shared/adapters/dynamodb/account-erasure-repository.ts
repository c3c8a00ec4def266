/**
 * An account's erasure (docs/data-model.md "Export and erasure"). Its state is on the account's
 * record `ACCOUNT#<id>` / `ACCOUNT`: `erasure_requested_at` (from then on nobody acts for the
 * account: team-rules.ts), the phase it stands at, gsi2 `ERASURES#OPEN` until it ends. A page
 * deletes what the first page of its phase's listing finds (account-walk.ts), the partitions an
 * item stands for before the item that lists them, so a page repeated after a crash finds what
 * is left; a phase whose listing is empty is finished (its own leftovers cleaned) and the next
 * begins. Public scan results are kept without their owner. The record stays, without personal
 * data, as the account's tombstone.
 */
import { type DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ErasureState, ErasureStore } from '#shared/domain/accounts/account-job-ports';
import { forgetCachedKeys } from '#shared/domain/accounts/key-cache';
import type { AuditEvent } from '#shared/domain/audit/events';
import { PHASES, pageQuery, runPartitionsOf, type WalkPhase } from './account-walk.ts';
import { auditedWrite } from './audit-log-repository.ts';
import { deleteKeys, deletePartition } from './batch-delete.ts';
import type { Db } from './client.ts';
import { conditionalWrite } from './conditional.ts';
import { GSI, INDEX, KEYS } from './keys.ts';
import { queryAll, queryPage } from './pagination.ts';
import { readItem } from './read-item.ts';

type Item = Record<string, unknown>;

const OPEN_ERASURES = 'ERASURES#OPEN';

/** A phase of the erasure: what its listing finds is erased by `eraseItem`. */
interface ErasePhase {
  phase: WalkPhase;
  eraseItem(db: Db, accountId: string, item: Item): Promise<void>;
  /** Once the listing is empty: what the phase leaves besides (claims, counters). */
  cleanup?(db: Db, accountId: string): Promise<void>;
}

const key = (item: Item) => ({ pk: String(item.pk), sk: String(item.sk) });
const deleteItem = async (db: Db, _accountId: string, item: Item) => deleteKeys(db, [key(item)]);

/** Deletes a case's runs' data, then its partition (which lists them), then its id's claim. */
async function eraseCase(db: Db, accountId: string, item: Item): Promise<void> {
  const pk = PHASES.cases.partitionsOf(accountId, item)[0] as string;
  const items = await partitionItems(db, pk);
  for (const runPk of runPartitionsOf(accountId, items)) await deletePartition(db, runPk);
  await deletePartition(db, pk);
  await deleteKeys(db, [KEYS.monitorCaseOwner(String(item.id))]);
}

/** A domain's uploads' bodies, its access logs, then its history (which lists the domain). */
async function eraseDomain(db: Db, accountId: string, item: Item): Promise<void> {
  const [logsPk, historyPk] = PHASES.domains.partitionsOf(accountId, item) as [string, string];
  for (const upload of await partitionItems(db, logsPk)) {
    if (typeof upload.body_key === 'string') {
      await deletePartition(db, KEYS.agentLogBodyPart(upload.body_key, 0).pk);
    }
  }
  await deletePartition(db, logsPk);
  await deletePartition(db, historyPk);
}

/** A public scan result stays, without its owner (off the account's listing). */
async function disownScan(db: Db, _accountId: string, item: Item): Promise<void> {
  await db.doc.send(
    new UpdateCommand({
      TableName: db.tableName,
      Key: key(item),
      UpdateExpression: 'REMOVE gsi1pk, gsi1sk, owner_id',
    }),
  );
}

async function eraseKey(db: Db, _accountId: string, item: Item): Promise<void> {
  await deleteKeys(db, [key(item), KEYS.keyLastUsed(String(item.id))]);
}

async function eraseTeamItem(db: Db, _accountId: string, item: Item): Promise<void> {
  const sk = String(item.sk);
  // The record itself is the tombstone: it stays.
  if (sk === 'ACCOUNT') return;
  if (sk.startsWith('EXPORT#')) await deletePartition(db, `EXPORTDATA#${String(item.id)}`);
  if (sk.startsWith('INVITE#') && typeof item.token_hash === 'string') {
    await deleteKeys(db, [KEYS.invitationToken(item.token_hash)]);
  }
  await deleteKeys(db, [key(item)]);
}

/** The claims that kept the account's active cases distinct (case-identity-claims.ts). */
async function cleanCaseIdentities(db: Db, accountId: string): Promise<void> {
  await deletePartition(db, KEYS.monitorCaseIdentity(accountId, '').pk);
}

/** The webhooks' partition keeps URL claims and the count once its endpoints are gone. */
async function cleanWebhooks(db: Db, accountId: string): Promise<void> {
  await deletePartition(db, KEYS.webhookCount(accountId).pk);
}

/**
 * The account's own user: kept as a person (without the account's plan) while a member of
 * another account, else deleted with their sessions and address claim.
 */
async function eraseUser(db: Db, accountId: string): Promise<void> {
  const user = await readItem(db, KEYS.user(accountId));
  await deleteKeys(db, [KEYS.keySlots(accountId)]);
  if (!user) return;
  const elsewhere = await queryPage(
    db.doc,
    {
      TableName: db.tableName,
      IndexName: INDEX.byOwner,
      KeyConditionExpression: 'gsi1pk = :user',
      ExpressionAttributeValues: { ':user': GSI.userAccounts(accountId) },
      Limit: 1,
    },
    (item) => item,
  );
  if (elsewhere.items.length > 0) {
    await db.doc.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: KEYS.user(accountId),
        UpdateExpression: 'SET account = :none',
        ExpressionAttributeValues: { ':none': null },
      }),
    );
    return;
  }
  const sessions = await queryAll(
    db.doc,
    {
      TableName: db.tableName,
      IndexName: INDEX.byOwner,
      KeyConditionExpression: 'gsi1pk = :sessions',
      ExpressionAttributeValues: { ':sessions': GSI.userSessions(accountId) },
    },
    key,
  );
  await deleteKeys(db, [...sessions, KEYS.email(String(user.email)), KEYS.user(accountId)]);
}

/** The erasure's phases, in order; the last one's listing is empty, it cleans the user up. */
const ERASE_PHASES: readonly ErasePhase[] = [
  { phase: PHASES.cases, eraseItem: eraseCase, cleanup: cleanCaseIdentities },
  { phase: PHASES.domains, eraseItem: eraseDomain },
  { phase: PHASES.scans, eraseItem: disownScan },
  {
    phase: PHASES.batches,
    eraseItem: async (db, _a, item) => void (await deletePartition(db, String(item.pk))),
  },
  {
    phase: PHASES.webhooks,
    eraseItem: async (db, accountId, item) => {
      // The endpoint's markers of deliveries still waiting, then the endpoint.
      await deletePartition(db, KEYS.webhookOpenDelivery(accountId, String(item.id), '').pk);
      await deleteKeys(db, [key(item)]);
    },
    cleanup: cleanWebhooks,
  },
  { phase: PHASES.deliveries, eraseItem: deleteItem },
  { phase: PHASES.keys, eraseItem: eraseKey },
  { phase: PHASES.events, eraseItem: deleteItem },
  { phase: PHASES.audit, eraseItem: deleteItem },
  { phase: PHASES.quota, eraseItem: deleteItem },
  { phase: PHASES.team, eraseItem: eraseTeamItem, cleanup: eraseUser },
];

async function partitionItems(db: Db, pk: string): Promise<Item[]> {
  return queryAll(
    db.doc,
    {
      TableName: db.tableName,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': pk },
      ConsistentRead: true,
    },
    (item) => item,
  );
}

export function createAccountErasureRepository(
  doc: DynamoDBDocumentClient,
  tableName: string,
): ErasureStore {
  const db: Db = { doc, tableName };
  return {
    requestErasure: (accountId, at, audit) => requestErasure(db, accountId, at, audit),
    getErasure: async (accountId) => {
      const item = await readItem(db, KEYS.account(accountId));
      return item && typeof item.erasure_requested_at === 'string' ? toState(item) : undefined;
    },
    erasePage: (accountId) => erasePage(db, accountId),
    finishErasure: async (accountId, at) => {
      await db.doc.send(
        new UpdateCommand({
          TableName: db.tableName,
          Key: KEYS.account(accountId),
          UpdateExpression:
            'SET erasure_status = :done, erased_at = if_not_exists(erased_at, :at) REMOVE gsi2pk, gsi2sk, #name',
          ExpressionAttributeNames: { '#name': 'name' },
          ExpressionAttributeValues: { ':done': 'done', ':at': at },
        }),
      );
    },
    listOpenErasures: () =>
      queryAll(
        db.doc,
        {
          TableName: db.tableName,
          IndexName: INDEX.byAlternateId,
          KeyConditionExpression: 'gsi2pk = :open',
          ExpressionAttributeValues: { ':open': OPEN_ERASURES },
        },
        toState,
      ),
  };
}

async function requestErasure(
  db: Db,
  accountId: string,
  at: string,
  audit: AuditEvent,
): Promise<boolean> {
  const written = await auditedWrite(db, audit, [
    {
      Update: {
        TableName: db.tableName,
        Key: KEYS.account(accountId),
        UpdateExpression:
          'SET id = :id, erasure_requested_at = :at, erasure_status = :queued, erasure_phase = :zero, gsi2pk = :open, gsi2sk = :sort',
        ConditionExpression: 'attribute_not_exists(erasure_requested_at)',
        ExpressionAttributeValues: {
          ':id': accountId,
          ':at': at,
          ':queued': 'queued',
          ':zero': 0,
          ':open': OPEN_ERASURES,
          ':sort': `${at}#${accountId}`,
        },
      },
    },
  ]);
  // The keys' cached roles of this process go now; other processes' within their cache's TTL.
  forgetCachedKeys();
  return written;
}

async function erasePage(db: Db, accountId: string): Promise<{ erased: number; done: boolean }> {
  const { Item } = await db.doc.send(
    new GetCommand({ TableName: db.tableName, Key: KEYS.account(accountId), ConsistentRead: true }),
  );
  const at = Number(Item?.erasure_phase ?? 0);
  const step = ERASE_PHASES[at];
  if (!step) return { erased: 0, done: true };
  const { items } = await queryPage(
    db.doc,
    pageQuery(db.tableName, step.phase.source(accountId), step.phase.pageSize, undefined),
    (item) => item,
  );
  // The account's record is listed with its team: it stays, so it does not count as found.
  const found = items.filter((item) => item.sk !== 'ACCOUNT');
  for (const item of found) await step.eraseItem(db, accountId, item);
  if (found.length > 0) {
    await setPhase(db, accountId, at, at, 'running');
    return { erased: found.length, done: false };
  }
  await step.cleanup?.(db, accountId);
  await setPhase(db, accountId, at, at + 1, 'running');
  return { erased: 0, done: at + 1 >= ERASE_PHASES.length };
}

function setPhase(db: Db, accountId: string, from: number, to: number, status: string) {
  return conditionalWrite(() =>
    db.doc.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: KEYS.account(accountId),
        UpdateExpression: 'SET erasure_phase = :to, erasure_status = :status',
        ConditionExpression: 'erasure_phase = :from',
        ExpressionAttributeValues: { ':to': to, ':from': from, ':status': status },
      }),
    ),
  );
}

function toState(item: Item): ErasureState {
  return {
    account_id: String(item.id ?? String(item.pk).slice('ACCOUNT#'.length)),
    requested_at: String(item.erasure_requested_at),
    status: (item.erasure_status as ErasureState['status'] | undefined) ?? 'queued',
    phase: Number(item.erasure_phase ?? 0),
    finished_at: typeof item.erased_at === 'string' ? item.erased_at : null,
  };
}
