/**
 * Billing in the store (docs/data-model.md "Billing"): the account's billing record is the
 * `billing` attribute of its user item, beside the `account` (plan) it drives, so both change in
 * one write; `BILLING_CUSTOMER#<customer>` names the customer's account; `BILLING_EVENT#<event>`
 * is a provider event's claim (a lease) and, once done, its outcome and the mail it still owes,
 * kept EVENT_RETENTION_DAYS (TTL). An event's effect is one transaction: the user item (only at
 * the revision read), the event marked done (only while this delivery holds it), the customer's
 * link and the audit event of a plan change, on the condition that the account's erasure was not
 * requested (an erased account takes no event). The erasure deletes the link and the record
 * (`forgetBilling`).
 */
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { MailMessage } from '#shared/domain/accounts/mail-port';
import type { Account } from '#shared/domain/accounts/ports';
import type {
  BillingState,
  BillingStore,
  EventClaim,
  EventEffect,
} from '#shared/domain/billing/ports';
import type { BillingRecord } from '#shared/domain/billing/subscription';
import { auditedWrite } from './audit-log-repository.ts';
import type { Db } from './client.ts';
import { conditionalWrite } from './conditional.ts';
import { KEYS } from './keys.ts';
import { readItem } from './read-item.ts';
import { type TransactItem, transactWrite } from './transactions.ts';

/** How long a provider event's outcome is kept: its replays are recognised that long. */
export const EVENT_RETENTION_DAYS = 90;
const DAY_SECONDS = 86_400;

async function read(db: Db, accountId: string): Promise<BillingState | undefined> {
  const { Item } = await db.doc.send(
    new GetCommand({
      TableName: db.tableName,
      Key: KEYS.user(accountId),
      ConsistentRead: true,
      ProjectionExpression: 'account, billing',
    }),
  );
  if (!Item) return undefined;
  const team = await db.doc.send(
    new GetCommand({
      TableName: db.tableName,
      Key: KEYS.account(accountId),
      ConsistentRead: true,
      ProjectionExpression: 'erasure_requested_at',
    }),
  );
  return {
    accountId,
    account: (Item.account as Account | null | undefined) ?? null,
    billing: (Item.billing as BillingRecord | null | undefined) ?? null,
    erasing: typeof team.Item?.erasure_requested_at === 'string',
  };
}

/** The write goes through only while the account's erasure is not requested. */
function notErasing(db: Db, accountId: string): TransactItem {
  return {
    ConditionCheck: {
      TableName: db.tableName,
      Key: KEYS.account(accountId),
      ConditionExpression: 'attribute_not_exists(erasure_requested_at)',
    },
  };
}

async function forgetBilling(db: Db, accountId: string, customerId: string | null) {
  if (customerId) {
    // Only a link that names this account: another account's is never touched.
    await conditionalWrite(() =>
      db.doc.send(
        new DeleteCommand({
          TableName: db.tableName,
          Key: KEYS.billingCustomer(customerId),
          ConditionExpression: 'account_id = :account',
          ExpressionAttributeValues: { ':account': accountId },
        }),
      ),
    );
  }
  await conditionalWrite(() =>
    db.doc.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: KEYS.user(accountId),
        UpdateExpression: 'REMOVE billing',
        ConditionExpression: 'attribute_exists(pk)',
      }),
    ),
  );
}

async function accountOfCustomer(db: Db, customerId: string): Promise<string | undefined> {
  const item = await readItem(db, KEYS.billingCustomer(customerId));
  return typeof item?.account_id === 'string' ? item.account_id : undefined;
}

function linkItem(db: Db, customerId: string, accountId: string, at: string): TransactItem {
  return {
    Put: {
      TableName: db.tableName,
      Item: { ...KEYS.billingCustomer(customerId), account_id: accountId, linked_at: at },
    },
  };
}

async function linkCustomer(db: Db, accountId: string, customerId: string, at: string) {
  const record: BillingRecord = {
    customer_id: customerId,
    subscription_id: null,
    status: null,
    current_period_end: null,
    cancel_at_period_end: false,
    past_due_since: null,
    event_at: 0,
    revision: 0,
    updated_at: at,
  };
  const linked = await transactWrite(db, [
    {
      Update: {
        TableName: db.tableName,
        Key: KEYS.user(accountId),
        UpdateExpression: 'SET billing = :billing',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(billing)',
        ExpressionAttributeValues: { ':billing': record },
      },
    },
    linkItem(db, customerId, accountId, at),
  ]);
  if (linked) return customerId;
  const stored = (await read(db, accountId))?.billing?.customer_id;
  if (!stored) throw new Error(`account ${accountId} is gone`);
  return stored;
}

async function claimEvent(
  db: Db,
  eventId: string,
  token: string,
  now: Date,
  leaseSeconds: number,
): Promise<EventClaim> {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const claimed = await conditionalWrite(() =>
    db.doc.send(
      new PutCommand({
        TableName: db.tableName,
        Item: {
          ...KEYS.billingEvent(eventId),
          status: 'claimed',
          token,
          lease_until: nowSeconds + leaseSeconds,
          expires_at: nowSeconds + EVENT_RETENTION_DAYS * DAY_SECONDS,
        },
        // A claim whose lease ran out belongs to a delivery that died: it is taken over.
        ConditionExpression:
          'attribute_not_exists(pk) OR (#status = :claimed AND lease_until < :now)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':claimed': 'claimed', ':now': nowSeconds },
      }),
    ),
  );
  if (claimed) return { state: 'claimed' };
  const item = await readItem(db, KEYS.billingEvent(eventId));
  if (item?.status === 'done') {
    return { state: 'done', mail: (item.mail as MailMessage | undefined) ?? null };
  }
  return { state: 'busy' };
}

const HELD = {
  ConditionExpression: '#status = :claimed AND #token = :token',
  names: { '#status': 'status', '#token': 'token' },
};

async function releaseEvent(db: Db, eventId: string, token: string): Promise<void> {
  await conditionalWrite(() =>
    db.doc.send(
      new DeleteCommand({
        TableName: db.tableName,
        Key: KEYS.billingEvent(eventId),
        ConditionExpression: HELD.ConditionExpression,
        ExpressionAttributeNames: HELD.names,
        ExpressionAttributeValues: { ':claimed': 'claimed', ':token': token },
      }),
    ),
  );
}

/** The event marked done with its outcome (and the mail it owes), only while `token` holds it. */
function doneItem(
  db: Db,
  eventId: string,
  token: string,
  outcome: string,
  mail: MailMessage | null,
): TransactItem {
  return {
    Update: {
      TableName: db.tableName,
      Key: KEYS.billingEvent(eventId),
      UpdateExpression: `SET #status = :done, outcome = :outcome${mail ? ', mail = :mail' : ''} REMOVE #token, lease_until`,
      ConditionExpression: HELD.ConditionExpression,
      ExpressionAttributeNames: HELD.names,
      ExpressionAttributeValues: {
        ':claimed': 'claimed',
        ':token': token,
        ':done': 'done',
        ':outcome': outcome,
        ...(mail ? { ':mail': mail } : {}),
      },
    },
  };
}

/** The account's plan and billing record, only at the revision the effect was computed from. */
function accountItem(db: Db, effect: EventEffect): TransactItem {
  const atRevision =
    effect.expectedRevision === 0
      ? '(attribute_not_exists(billing) OR billing.revision = :expected)'
      : 'billing.revision = :expected';
  return {
    Update: {
      TableName: db.tableName,
      Key: KEYS.user(effect.accountId),
      UpdateExpression: 'SET account = :account, billing = :billing',
      ConditionExpression: `attribute_exists(pk) AND ${atRevision}`,
      ExpressionAttributeValues: {
        ':account': effect.account,
        ':billing': effect.billing,
        ':expected': effect.expectedRevision,
      },
    },
  };
}

function applyEvent(db: Db, effect: EventEffect): Promise<boolean> {
  const writes = [
    accountItem(db, effect),
    notErasing(db, effect.accountId),
    doneItem(db, effect.eventId, effect.token, effect.outcome, effect.mail),
    linkItem(db, effect.billing.customer_id, effect.accountId, effect.billing.updated_at),
  ];
  return effect.audit ? auditedWrite(db, effect.audit, writes) : transactWrite(db, writes);
}

function finishEvent(db: Db, eventId: string, token: string, outcome: string) {
  return transactWrite(db, [doneItem(db, eventId, token, outcome, null)]);
}

async function mailSent(db: Db, eventId: string): Promise<void> {
  await db.doc.send(
    new UpdateCommand({
      TableName: db.tableName,
      Key: KEYS.billingEvent(eventId),
      UpdateExpression: 'REMOVE mail',
    }),
  );
}

async function holdsEvent(db: Db, eventId: string, token: string): Promise<boolean> {
  const item = await readItem(db, KEYS.billingEvent(eventId));
  return item?.status === 'claimed' && item.token === token;
}

export function createBillingRepository(doc: Db['doc'], tableName: string): BillingStore {
  const db: Db = { doc, tableName };
  return {
    read: (accountId) => read(db, accountId),
    accountOfCustomer: (customerId) => accountOfCustomer(db, customerId),
    linkCustomer: (accountId, customerId, at) => linkCustomer(db, accountId, customerId, at),
    claimEvent: (eventId, token, now, lease) => claimEvent(db, eventId, token, now, lease),
    releaseEvent: (eventId, token) => releaseEvent(db, eventId, token),
    applyEvent: (effect) => applyEvent(db, effect),
    finishEvent: (eventId, token, outcome) => finishEvent(db, eventId, token, outcome),
    mailSent: (eventId) => mailSent(db, eventId),
    holdsEvent: (eventId, token) => holdsEvent(db, eventId, token),
    forgetBilling: (accountId, customerId) => forgetBilling(db, accountId, customerId),
  };
}
