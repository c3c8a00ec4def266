import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  DeleteCommand,
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type {
  SessionStore,
  StoredSession,
  StoredSignInLink,
} from '#shared/domain/accounts/session-ports';
import { GSI, INDEX, KEYS } from './keys.ts';
import { queryAll } from './pagination.ts';

/**
 * Dashboard sessions and sign-in links (docs/dashboard.md):
 * - `DSESSION#<sha256 of the cookie token>` / `SESSION`; gsi1 `USER#<id>#SESSIONS` /
 *   `<created_at>#<session id>` lists a user's sessions;
 * - `SIGNIN#<sha256 of the link token>` / `SIGNIN`, used once by a conditional update.
 * Both carry `expires_at` (TTL); readers check it too, since TTL deletion can lag by days.
 */
export function createSessionsRepository(
  doc: DynamoDBDocumentClient,
  tableName: string,
): SessionStore {
  return {
    async putSession(tokenHash, session) {
      await doc.send(
        new PutCommand({
          TableName: tableName,
          Item: {
            ...KEYS.dashboardSession(tokenHash),
            gsi1pk: GSI.userSessions(session.user_id),
            gsi1sk: `${session.created_at}#${session.id}`,
            ...session,
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
    },

    async getSession(tokenHash) {
      const { Item } = await doc.send(
        new GetCommand({ TableName: tableName, Key: KEYS.dashboardSession(tokenHash) }),
      );
      return Item ? toSession(Item) : undefined;
    },

    async deleteSession(tokenHash) {
      await doc.send(
        new DeleteCommand({ TableName: tableName, Key: KEYS.dashboardSession(tokenHash) }),
      );
    },

    listSessions: (userId) =>
      queryAll(
        doc,
        {
          TableName: tableName,
          IndexName: INDEX.byOwner,
          KeyConditionExpression: 'gsi1pk = :owner',
          ExpressionAttributeValues: { ':owner': GSI.userSessions(userId) },
        },
        (item) => ({
          tokenHash: String(item.pk).slice('DSESSION#'.length),
          session: toSession(item),
        }),
      ),

    async putSignInLink(tokenHash, link) {
      await doc.send(
        new PutCommand({
          TableName: tableName,
          Item: { ...KEYS.signInToken(tokenHash), ...link, used_at: undefined },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
    },

    async getSignInLink(tokenHash) {
      const { Item } = await doc.send(
        new GetCommand({
          TableName: tableName,
          Key: KEYS.signInToken(tokenHash),
          ConsistentRead: true,
        }),
      );
      return Item ? toLink(Item) : undefined;
    },

    async useSignInLink(tokenHash, nowSeconds, usedAt) {
      try {
        const { Attributes } = await doc.send(
          new UpdateCommand({
            TableName: tableName,
            Key: KEYS.signInToken(tokenHash),
            UpdateExpression: 'SET used_at = :usedAt',
            ConditionExpression:
              'attribute_exists(pk) AND attribute_not_exists(used_at) AND expires_at > :now',
            ExpressionAttributeValues: { ':usedAt': usedAt, ':now': nowSeconds },
            ReturnValues: 'ALL_NEW',
          }),
        );
        return Attributes ? toLink(Attributes) : undefined;
      } catch (error) {
        if (error instanceof ConditionalCheckFailedException) return undefined;
        throw error;
      }
    },
  };
}

function toSession(item: Record<string, unknown>): StoredSession {
  return {
    id: String(item.id),
    user_id: String(item.user_id),
    email: String(item.email),
    csrf_token: String(item.csrf_token),
    created_at: String(item.created_at),
    expires_at: Number(item.expires_at),
  };
}

function toLink(item: Record<string, unknown>): StoredSignInLink {
  return {
    user_id: String(item.user_id),
    email: String(item.email),
    created_at: String(item.created_at),
    expires_at: Number(item.expires_at),
    used_at: typeof item.used_at === 'string' ? item.used_at : null,
  };
}
