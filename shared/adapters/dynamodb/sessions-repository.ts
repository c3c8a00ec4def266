/**
 * Dashboard sessions and sign-in links (docs/dashboard.md):
 * - `DSESSION#<sha256 of the cookie token>` / `SESSION`; gsi1 `USER#<id>#SESSIONS` /
 *   `<created_at>#<session id>` lists a user's sessions;
 * - `SIGNIN#<sha256 of the link token>` / `SIGNIN`, used once by a conditional update.
 * Both carry `expires_at` (TTL); readers check it too, since TTL deletion can lag by days.
 */
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
import type { Db } from './client.ts';
import { conditionalWrite } from './conditional.ts';
import { GSI, INDEX, KEYS } from './keys.ts';
import { queryAll } from './pagination.ts';
import { readItem } from './read-item.ts';

export function createSessionsRepository(
  doc: DynamoDBDocumentClient,
  tableName: string,
): SessionStore {
  const db: Db = { doc, tableName };
  return {
    putSession: (tokenHash, session) => putSession(db, tokenHash, session),
    getSession: (tokenHash) => getSession(db, tokenHash),
    deleteSession: (tokenHash) => deleteSession(db, tokenHash),
    setSessionAccount: (tokenHash, accountId) =>
      conditionalWrite(() =>
        db.doc.send(
          new UpdateCommand({
            TableName: db.tableName,
            Key: KEYS.dashboardSession(tokenHash),
            UpdateExpression: 'SET account_id = :account',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeValues: { ':account': accountId },
          }),
        ),
      ),
    listSessions: (userId) => listSessions(db, userId),
    putSignInLink: (tokenHash, link) => putSignInLink(db, tokenHash, link),
    getSignInLink: (tokenHash) => getSignInLink(db, tokenHash),
    useSignInLink: (tokenHash, nowSeconds, usedAt) =>
      useSignInLink(db, tokenHash, nowSeconds, usedAt),
  };
}

async function putSession(db: Db, tokenHash: string, session: StoredSession): Promise<void> {
  await db.doc.send(
    new PutCommand({
      TableName: db.tableName,
      Item: {
        ...KEYS.dashboardSession(tokenHash),
        gsi1pk: GSI.userSessions(session.user_id),
        gsi1sk: `${session.created_at}#${session.id}`,
        ...session,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

async function getSession(db: Db, tokenHash: string): Promise<StoredSession | undefined> {
  const { Item } = await db.doc.send(
    new GetCommand({ TableName: db.tableName, Key: KEYS.dashboardSession(tokenHash) }),
  );
  return Item ? toSession(Item) : undefined;
}

async function deleteSession(db: Db, tokenHash: string): Promise<void> {
  await db.doc.send(
    new DeleteCommand({ TableName: db.tableName, Key: KEYS.dashboardSession(tokenHash) }),
  );
}

function listSessions(
  db: Db,
  userId: string,
): Promise<{ tokenHash: string; session: StoredSession }[]> {
  return queryAll(
    db.doc,
    {
      TableName: db.tableName,
      IndexName: INDEX.byOwner,
      KeyConditionExpression: 'gsi1pk = :owner',
      ExpressionAttributeValues: { ':owner': GSI.userSessions(userId) },
    },
    (item) => ({
      tokenHash: String(item.pk).slice('DSESSION#'.length),
      session: toSession(item),
    }),
  );
}

async function putSignInLink(db: Db, tokenHash: string, link: StoredSignInLink): Promise<void> {
  await db.doc.send(
    new PutCommand({
      TableName: db.tableName,
      Item: {
        ...KEYS.signInToken(tokenHash),
        ...link,
        used_at: undefined,
        next: link.next ?? undefined,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

async function getSignInLink(db: Db, tokenHash: string): Promise<StoredSignInLink | undefined> {
  const item = await readItem(db, KEYS.signInToken(tokenHash));
  return item ? toLink(item) : undefined;
}

async function useSignInLink(
  db: Db,
  tokenHash: string,
  nowSeconds: number,
  usedAt: string,
): Promise<StoredSignInLink | undefined> {
  try {
    const { Attributes } = await db.doc.send(
      new UpdateCommand({
        TableName: db.tableName,
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
}

function toSession(item: Record<string, unknown>): StoredSession {
  return {
    id: String(item.id),
    user_id: String(item.user_id),
    email: String(item.email),
    csrf_token: String(item.csrf_token),
    created_at: String(item.created_at),
    expires_at: Number(item.expires_at),
    account_id: typeof item.account_id === 'string' ? item.account_id : null,
    device: typeof item.device === 'string' ? item.device : null,
    address: typeof item.address === 'string' ? item.address : null,
  };
}

function toLink(item: Record<string, unknown>): StoredSignInLink {
  return {
    user_id: typeof item.user_id === 'string' ? item.user_id : null,
    email: String(item.email),
    created_at: String(item.created_at),
    expires_at: Number(item.expires_at),
    used_at: typeof item.used_at === 'string' ? item.used_at : null,
    next: typeof item.next === 'string' ? item.next : null,
  };
}
