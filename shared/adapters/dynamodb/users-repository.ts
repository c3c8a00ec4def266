/**
 * Users, their Monitor account and their API keys. Items (docs/data-model.md):
 * - `USER#<id>` / `USER`: the user and account; gsi1 `USERS` / `<created_at>#<id>` lists users.
 * - `EMAIL#<email>` / `EMAIL`: claims an address, so two users cannot share one.
 * - `APIKEY#<sha256>` / `APIKEY`: a key, found by the hash of the presented token;
 *   gsi1 `USER#<id>#KEYS` lists a user's keys, gsi2 `KEYID#<id>` finds a key by its public id.
 * - `USER#<id>` / `KEYSLOTS`: the places of the active keys, the cap (key-slots.ts); every key
 *   written or revoked here moves it, whoever asks.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  DeleteCommand,
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
} from '@aws-sdk/lib-dynamodb';
import { forgetCachedKeys } from '#shared/domain/accounts/key-cache';
import type {
  Account,
  BillingRecord,
  StoredApiKey,
  User,
  UsersRepository,
} from '#shared/domain/accounts/ports';
import type { AuditEvent } from '#shared/domain/audit/events';
import { ConflictError, NotFoundError } from '#shared/domain/kernel/errors';
import { auditedWrite } from './audit-log-repository.ts';
import type { Db } from './client.ts';
import { confirmPlace, freePlace, openPlaces, type PlacesDeps, takePlace } from './key-slots.ts';
import { GSI, INDEX, KEYS } from './keys.ts';
import { queryAll } from './pagination.ts';
import { readItem } from './read-item.ts';
import { type TransactItem, transactWrite } from './transactions.ts';

export function createUsersRepository(
  doc: DynamoDBDocumentClient,
  tableName: string,
): UsersRepository {
  const db: Db = { doc, tableName };
  return {
    createUser: (user) => createUser(db, user),
    findUserByEmail: (email) => findUserByEmail(db, email),
    findUserById: (id) => findUserById(db, id),
    listUsers: () => listUsers(db),
    setAccount: (userId, account, audit) => setAccount(db, userId, account, audit),
    putKey: (key, hash, maxActive, audit) => putKey(db, key, hash, maxActive, audit),
    findKeyByHash: (hash) => findKeyByHash(db, hash),
    listKeys: (userId) => listKeys(db, userId),
    revokeKey: (keyId, revokedAt, audit) => revokeKey(db, keyId, revokedAt, audit),
  };
}

async function createUser(db: Db, user: User): Promise<void> {
  // The address is claimed first: if it is taken, nothing else has been written.
  try {
    await db.doc.send(
      new PutCommand({
        TableName: db.tableName,
        Item: { ...KEYS.email(user.email), user_id: user.id },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) {
      throw new ConflictError('user_exists', `A user with e-mail ${user.email} already exists.`);
    }
    throw error;
  }
  try {
    await db.doc.send(
      new PutCommand({
        TableName: db.tableName,
        Item: {
          ...KEYS.user(user.id),
          gsi1pk: GSI.users,
          gsi1sk: `${user.created_at}#${user.id}`,
          id: user.id,
          email: user.email,
          created_at: user.created_at,
          account: user.account,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  } catch (error) {
    // Give the address back so a retry can succeed.
    await db.doc.send(new DeleteCommand({ TableName: db.tableName, Key: KEYS.email(user.email) }));
    throw error;
  }
  // The cap's places exist from the account's creation (if this write is lost, the first key
  // written makes them from the listing).
  await openPlaces(db, user.id);
}

async function findUserByEmail(db: Db, email: string): Promise<User | undefined> {
  const { Item } = await db.doc.send(
    new GetCommand({ TableName: db.tableName, Key: KEYS.email(email) }),
  );
  return Item ? findUserById(db, String(Item.user_id)) : undefined;
}

async function findUserById(db: Db, id: string): Promise<User | undefined> {
  const { Item } = await db.doc.send(
    new GetCommand({ TableName: db.tableName, Key: KEYS.user(id) }),
  );
  return Item ? toUser(Item) : undefined;
}

function listUsers(db: Db): Promise<User[]> {
  return queryAll(
    db.doc,
    {
      TableName: db.tableName,
      IndexName: INDEX.byOwner,
      KeyConditionExpression: 'gsi1pk = :users',
      ExpressionAttributeValues: { ':users': GSI.users },
    },
    toUser,
  );
}

async function setAccount(
  db: Db,
  userId: string,
  account: Account | null,
  audit?: AuditEvent,
): Promise<void> {
  const write: TransactItem = {
    Update: {
      TableName: db.tableName,
      Key: KEYS.user(userId),
      UpdateExpression: 'SET account = :account',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':account': account },
    },
  };
  // A plan change and its audit event land together (docs/decisions.md "How other areas use
  // roles and the audit log"); the only condition is the user's existence.
  const written = await (audit ? auditedWrite(db, audit, [write]) : transactWrite(db, [write]));
  if (!written) throw new NotFoundError(`No user ${userId}.`);
}

/**
 * Writes the key in a place of its account's cap (key-slots.ts); false, with nothing written,
 * when the account holds `maxActive` active keys already.
 */
async function putKey(
  db: Db,
  key: StoredApiKey,
  hash: string,
  maxActive: number,
  audit?: AuditEvent,
): Promise<boolean> {
  const placesDeps: PlacesDeps = { ...db, listKeys: (userId) => listKeys(db, userId) };
  const takenAt = await takePlace(placesDeps, key, maxActive);
  if (takenAt === null) return false;
  try {
    await writeKey(db, key, hash, audit);
  } catch (error) {
    await freePlace(db, key).catch(() => undefined);
    throw error;
  }
  if (await confirmPlace(db, key, takenAt)) return true;
  // Its place was freed as stale while this create stood still for minutes: the key, never
  // shown to anyone, is revoked so that it does not count beyond the cap.
  await revokeKey(db, key.id, new Date().toISOString());
  return false;
}

async function writeKey(
  db: Db,
  key: StoredApiKey,
  hash: string,
  audit: AuditEvent | undefined,
): Promise<void> {
  const put: TransactItem = {
    Put: {
      TableName: db.tableName,
      Item: {
        ...KEYS.apiKey(hash),
        gsi1pk: GSI.userKeys(key.user_id),
        gsi1sk: `${key.created_at}#${key.id}`,
        gsi2pk: GSI.keyId(key.id),
        gsi2sk: 'APIKEY',
        ...key,
        // Absent, not NULL: revocation sets it with if_not_exists, keeping the first time.
        revoked_at: key.revoked_at ?? undefined,
        name: key.name ?? undefined,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
  const written = await (audit ? auditedWrite(db, audit, [put]) : transactWrite(db, [put]));
  if (!written) throw new ConflictError('user_exists', 'A key with this hash exists already.');
}

async function findKeyByHash(db: Db, hash: string): Promise<StoredApiKey | undefined> {
  const { Item } = await db.doc.send(
    new GetCommand({ TableName: db.tableName, Key: KEYS.apiKey(hash) }),
  );
  return Item ? toKey(Item) : undefined;
}

function listKeys(db: Db, userId: string): Promise<StoredApiKey[]> {
  return queryAll(
    db.doc,
    {
      TableName: db.tableName,
      IndexName: INDEX.byOwner,
      KeyConditionExpression: 'gsi1pk = :owner',
      ExpressionAttributeValues: { ':owner': GSI.userKeys(userId) },
    },
    toKey,
  );
}

async function findKeyItemById(db: Db, keyId: string) {
  const { Items } = await db.doc.send(
    new QueryCommand({
      TableName: db.tableName,
      IndexName: INDEX.byAlternateId,
      KeyConditionExpression: 'gsi2pk = :id',
      ExpressionAttributeValues: { ':id': GSI.keyId(keyId) },
    }),
  );
  return Items?.[0];
}

/**
 * Revokes the key (its first revocation time kept) with its audit event in the same transaction;
 * a key revoked already gets no second event.
 */
async function revokeKey(
  db: Db,
  keyId: string,
  revokedAt: string,
  audit?: (key: StoredApiKey) => AuditEvent,
): Promise<StoredApiKey> {
  const item = await findKeyItemById(db, keyId);
  if (!item) throw new NotFoundError(`No key ${keyId}.`);
  const Key = { pk: String(item.pk), sk: String(item.sk) };
  const revoke: TransactItem = {
    Update: {
      TableName: db.tableName,
      Key,
      UpdateExpression: 'SET revoked_at = :now',
      ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(revoked_at)',
      ExpressionAttributeValues: { ':now': revokedAt },
    },
  };
  await (audit ? auditedWrite(db, audit(toKey(item)), [revoke]) : transactWrite(db, [revoke]));
  forgetCachedKeys();
  // Every revoke frees the place, a repeated one too: a revoke that stopped between the two
  // writes is finished by its retry, and freeing a place twice frees nothing more.
  await freePlace(db, { id: keyId, user_id: String(item.user_id) });
  return toKey((await readItem(db, Key)) ?? item);
}

function toUser(item: Record<string, unknown>): User {
  return {
    id: String(item.id),
    email: String(item.email),
    created_at: String(item.created_at),
    account: (item.account as Account | null | undefined) ?? null,
    ...(item.billing ? { billing: item.billing as BillingRecord } : {}),
  };
}

function toKey(item: Record<string, unknown>): StoredApiKey {
  return {
    id: String(item.id),
    user_id: String(item.user_id),
    // Keys made before accounts were teams were made by their account's own user.
    created_by: typeof item.created_by === 'string' ? item.created_by : String(item.user_id),
    email: String(item.email),
    scopes: (item.scopes as StoredApiKey['scopes'] | undefined) ?? [],
    plugin: item.plugin === true,
    hint: String(item.hint ?? ''),
    name: typeof item.name === 'string' ? item.name : null,
    created_at: String(item.created_at),
    revoked_at: typeof item.revoked_at === 'string' ? item.revoked_at : null,
  };
}
