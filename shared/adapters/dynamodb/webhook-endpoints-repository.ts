/**
 * Webhook endpoints (docs/data-model.md). An account's endpoints, the claims that keep each URL
 * unique within the account and the count of its endpoints share one partition,
 * `USER#<account>#WEBHOOKS`, so every read names the account and another account's endpoint
 * is simply not there. Uniqueness and the endpoint limit are conditional writes (no
 * transactions: dynalite has none); the create operation gives claim and slot back if a later
 * write fails.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  DeleteCommand,
  type DynamoDBDocumentClient,
  PutCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type { AuditEvent } from '#shared/domain/audit/events';
import type { EventType } from '#shared/domain/events/types';
import { sha256Hex } from '#shared/domain/kernel/hash';
import type {
  EndpointChanges,
  EndpointSecret,
  EndpointStore,
  StoredEndpoint,
} from '#shared/domain/webhooks/ports';
import { auditedWrite } from './audit-log-repository.ts';
import type { Db } from './client.ts';
import { conditionalWrite } from './conditional.ts';
import { KEYS, SK_PREFIX } from './keys.ts';
import { queryAll } from './pagination.ts';
import { readItem } from './read-item.ts';

const urlHash = (url: string) => sha256Hex(url);

export function toEndpoint(item: Record<string, unknown>): StoredEndpoint {
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  const reason = item.paused_reason;
  return {
    id: String(item.id),
    account_id: String(item.account_id),
    url: String(item.url),
    label: String(item.label ?? ''),
    events: (item.events ?? []) as EventType[],
    active: item.active === true,
    paused_reason: reason === 'api' || reason === 'gone' ? reason : null,
    created_at: String(item.created_at),
    last_delivery_at: text(item.last_delivery_at),
    secrets: ((item.secrets ?? []) as EndpointSecret[]).map((secret) => ({
      value: String(secret.value),
      expires_at: text(secret.expires_at),
    })),
  };
}

const CHANGEABLE = ['label', 'events', 'active', 'paused_reason'] as const;

export function createWebhookEndpointsRepository(
  doc: DynamoDBDocumentClient,
  tableName: string,
): EndpointStore {
  const db: Db = { doc, tableName };
  return {
    claimUrl: (accountId, url, endpointId) => claimUrl(db, accountId, url, endpointId),
    releaseUrl: (accountId, url) => releaseUrl(db, accountId, url),
    takeSlot: (accountId, max) => takeSlot(db, accountId, max),
    releaseSlot: (accountId) => releaseSlot(db, accountId),
    putEndpoint: (endpoint, audit) => putEndpoint(db, endpoint, audit),
    getEndpoint: (accountId, endpointId) => getEndpoint(db, accountId, endpointId),
    listEndpoints: (accountId) => listEndpoints(db, accountId),
    updateEndpoint: (accountId, endpointId, changes) =>
      updateEndpoint(db, accountId, endpointId, changes),
    replaceSecrets: (endpoint, previous, next, audit) =>
      replaceSecrets(db, endpoint, previous, next, audit),
    touchLastDelivery: (accountId, endpointId, at) =>
      touchLastDelivery(db, accountId, endpointId, at),
    deleteEndpoint: (accountId, endpointId, audit) =>
      deleteEndpoint(db, accountId, endpointId, audit),
  };
}

function claimUrl(db: Db, accountId: string, url: string, endpointId: string): Promise<boolean> {
  return conditionalWrite(() =>
    db.doc.send(
      new PutCommand({
        TableName: db.tableName,
        Item: { ...KEYS.webhookUrlClaim(accountId, urlHash(url)), endpoint_id: endpointId },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    ),
  );
}

async function releaseUrl(db: Db, accountId: string, url: string): Promise<void> {
  await db.doc.send(
    new DeleteCommand({
      TableName: db.tableName,
      Key: KEYS.webhookUrlClaim(accountId, urlHash(url)),
    }),
  );
}

function takeSlot(db: Db, accountId: string, max: number): Promise<boolean> {
  return conditionalWrite(() =>
    db.doc.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: KEYS.webhookCount(accountId),
        UpdateExpression: 'ADD endpoints :one',
        ConditionExpression: 'attribute_not_exists(endpoints) OR endpoints < :max',
        ExpressionAttributeValues: { ':one': 1, ':max': max },
      }),
    ),
  );
}

async function releaseSlot(db: Db, accountId: string): Promise<void> {
  await conditionalWrite(() =>
    db.doc.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: KEYS.webhookCount(accountId),
        UpdateExpression: 'ADD endpoints :minus',
        ConditionExpression: 'endpoints > :zero',
        ExpressionAttributeValues: { ':minus': -1, ':zero': 0 },
      }),
    ),
  );
}

async function putEndpoint(db: Db, endpoint: StoredEndpoint, audit: AuditEvent): Promise<void> {
  const written = await auditedWrite(db, audit, [
    {
      Put: {
        TableName: db.tableName,
        Item: { ...KEYS.webhookEndpoint(endpoint.account_id, endpoint.id), ...endpoint },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  ]);
  if (!written) throw new Error(`A webhook endpoint with id ${endpoint.id} exists already.`);
}

async function getEndpoint(
  db: Db,
  accountId: string,
  endpointId: string,
): Promise<StoredEndpoint | undefined> {
  const item = await readItem(db, KEYS.webhookEndpoint(accountId, endpointId));
  return item ? toEndpoint(item) : undefined;
}

async function listEndpoints(db: Db, accountId: string): Promise<StoredEndpoint[]> {
  const endpoints = await queryAll(
    db.doc,
    {
      TableName: db.tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :endpoints)',
      ExpressionAttributeValues: {
        ':pk': KEYS.webhookCount(accountId).pk,
        ':endpoints': SK_PREFIX.webhookEndpoint,
      },
      ConsistentRead: true,
    },
    toEndpoint,
  );
  return endpoints.sort(
    (a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id),
  );
}

async function updateEndpoint(
  db: Db,
  accountId: string,
  endpointId: string,
  changes: EndpointChanges,
): Promise<StoredEndpoint | undefined> {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const sets: string[] = [];
  for (const field of CHANGEABLE) {
    if (changes[field] === undefined) continue;
    names[`#${field}`] = field;
    values[`:${field}`] = changes[field as keyof EndpointChanges];
    sets.push(`#${field} = :${field}`);
  }
  if (sets.length === 0) return getEndpoint(db, accountId, endpointId);
  try {
    const { Attributes } = await db.doc.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: KEYS.webhookEndpoint(accountId, endpointId),
        UpdateExpression: `SET ${sets.join(', ')}`,
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
      }),
    );
    return Attributes ? toEndpoint(Attributes) : undefined;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return undefined;
    throw error;
  }
}

function replaceSecrets(
  db: Db,
  endpoint: StoredEndpoint,
  previous: readonly EndpointSecret[],
  next: readonly EndpointSecret[],
  audit: AuditEvent,
): Promise<boolean> {
  return auditedWrite(db, audit, [
    {
      Update: {
        TableName: db.tableName,
        Key: KEYS.webhookEndpoint(endpoint.account_id, endpoint.id),
        UpdateExpression: 'SET secrets = :next',
        // The current secret names the rotation state: a concurrent rotation changed it.
        ConditionExpression: 'attribute_exists(pk) AND secrets[0].#value = :current',
        ExpressionAttributeNames: { '#value': 'value' },
        ExpressionAttributeValues: { ':next': next, ':current': previous[0]?.value ?? '' },
      },
    },
  ]);
}

async function touchLastDelivery(
  db: Db,
  accountId: string,
  endpointId: string,
  at: string,
): Promise<void> {
  await conditionalWrite(() =>
    db.doc.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: KEYS.webhookEndpoint(accountId, endpointId),
        UpdateExpression: 'SET last_delivery_at = :at',
        ConditionExpression:
          'attribute_exists(pk) AND (attribute_type(last_delivery_at, :null) OR ' +
          'attribute_not_exists(last_delivery_at) OR last_delivery_at < :at)',
        ExpressionAttributeValues: { ':at': at, ':null': 'NULL' },
      }),
    ),
  );
}

function deleteEndpoint(
  db: Db,
  accountId: string,
  endpointId: string,
  audit: AuditEvent,
): Promise<boolean> {
  return auditedWrite(db, audit, [
    {
      Delete: {
        TableName: db.tableName,
        Key: KEYS.webhookEndpoint(accountId, endpointId),
        ConditionExpression: 'attribute_exists(pk)',
      },
    },
  ]);
}
