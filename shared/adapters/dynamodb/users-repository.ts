import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  DeleteCommand,
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { forgetCachedKeys } from '#shared/domain/accounts/key-cache';
import type { Account, StoredApiKey, User, UsersRepository } from '#shared/domain/accounts/ports';
import { ConflictError, NotFoundError } from '#shared/domain/kernel/errors';
import { GSI, INDEX, KEYS } from './keys.ts';
import { queryAll } from './pagination.ts';

/**
 * Users, their Monitor account and their API keys. Items (docs/data-model.md):
 * - `USER#<id>` / `USER`: the user and account; gsi1 `USERS` / `<created_at>#<id>` lists users.
 * - `EMAIL#<email>` / `EMAIL`: claims an address, so two users cannot share one.
 * - `APIKEY#<sha256>` / `APIKEY`: a key, found by the hash of the presented token;
 *   gsi1 `USER#<id>#KEYS` lists a user's keys, gsi2 `KEYID#<id>` finds a key by its public id.
 */
export function createUsersRepository(
  doc: DynamoDBDocumentClient,
  tableName: string,
): UsersRepository {
  const userKey = KEYS.user;
  const emailKey = KEYS.email;

  async function findUserById(id: string): Promise<User | undefined> {
    const { Item } = await doc.send(new GetCommand({ TableName: tableName, Key: userKey(id) }));
    return Item ? toUser(Item) : undefined;
  }

  async function findKeyItemById(keyId: string) {
    const { Items } = await doc.send(
      new QueryCommand({
        TableName: tableName,
        IndexName: INDEX.byAlternateId,
        KeyConditionExpression: 'gsi2pk = :id',
        ExpressionAttributeValues: { ':id': GSI.keyId(keyId) },
      }),
    );
    return Items?.[0];
  }

  return {
    async createUser(user) {
      // The address is claimed first: if it is taken, nothing else has been written.
      try {
        await doc.send(
          new PutCommand({
            TableName: tableName,
            Item: { ...emailKey(user.email), user_id: user.id },
            ConditionExpression: 'attribute_not_exists(pk)',
          }),
        );
      } catch (error) {
        if (error instanceof ConditionalCheckFailedException) {
          throw new ConflictError(
            'user_exists',
            `A user with e-mail ${user.email} already exists.`,
          );
        }
        throw error;
      }
      try {
        await doc.send(
          new PutCommand({
            TableName: tableName,
            Item: {
              ...userKey(user.id),
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
        await doc.send(new DeleteCommand({ TableName: tableName, Key: emailKey(user.email) }));
        throw error;
      }
    },

    async findUserByEmail(email) {
      const { Item } = await doc.send(
        new GetCommand({ TableName: tableName, Key: emailKey(email) }),
      );
      return Item ? findUserById(String(Item.user_id)) : undefined;
    },

    findUserById,

    listUsers: () =>
      queryAll(
        doc,
        {
          TableName: tableName,
          IndexName: INDEX.byOwner,
          KeyConditionExpression: 'gsi1pk = :users',
          ExpressionAttributeValues: { ':users': GSI.users },
        },
        toUser,
      ),

    async setAccount(userId, account) {
      try {
        await doc.send(
          new UpdateCommand({
            TableName: tableName,
            Key: userKey(userId),
            UpdateExpression: 'SET account = :account',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeValues: { ':account': account },
          }),
        );
      } catch (error) {
        if (error instanceof ConditionalCheckFailedException) {
          throw new NotFoundError(`No user ${userId}.`);
        }
        throw error;
      }
    },

    async putKey(key, hash) {
      await doc.send(
        new PutCommand({
          TableName: tableName,
          Item: {
            ...KEYS.apiKey(hash),
            gsi1pk: GSI.userKeys(key.user_id),
            gsi1sk: `${key.created_at}#${key.id}`,
            gsi2pk: GSI.keyId(key.id),
            gsi2sk: 'APIKEY',
            ...key,
            // Absent, not NULL: revocation sets it with if_not_exists, keeping the first time.
            revoked_at: key.revoked_at ?? undefined,
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
    },

    async findKeyByHash(hash) {
      const { Item } = await doc.send(
        new GetCommand({ TableName: tableName, Key: KEYS.apiKey(hash) }),
      );
      return Item ? toKey(Item) : undefined;
    },

    listKeys: (userId) =>
      queryAll(
        doc,
        {
          TableName: tableName,
          IndexName: INDEX.byOwner,
          KeyConditionExpression: 'gsi1pk = :owner',
          ExpressionAttributeValues: { ':owner': GSI.userKeys(userId) },
        },
        toKey,
      ),

    async revokeKey(keyId, revokedAt) {
      const item = await findKeyItemById(keyId);
      if (!item) throw new NotFoundError(`No key ${keyId}.`);
      const { Attributes } = await doc.send(
        new UpdateCommand({
          TableName: tableName,
          Key: { pk: item.pk, sk: item.sk },
          UpdateExpression: 'SET revoked_at = if_not_exists(revoked_at, :now)',
          ExpressionAttributeValues: { ':now': revokedAt },
          ReturnValues: 'ALL_NEW',
        }),
      );
      forgetCachedKeys();
      return toKey(Attributes ?? item);
    },
  };
}

function toUser(item: Record<string, unknown>): User {
  return {
    id: String(item.id),
    email: String(item.email),
    created_at: String(item.created_at),
    account: (item.account as Account | null | undefined) ?? null,
  };
}

function toKey(item: Record<string, unknown>): StoredApiKey {
  return {
    id: String(item.id),
    user_id: String(item.user_id),
    email: String(item.email),
    scopes: (item.scopes as StoredApiKey['scopes'] | undefined) ?? [],
    plugin: item.plugin === true,
    hint: String(item.hint ?? ''),
    created_at: String(item.created_at),
    revoked_at: typeof item.revoked_at === 'string' ? item.revoked_at : null,
  };
}
