/**
 * What every request reads of a team (docs/data-model.md "Accounts and members"): a member's
 * stored membership with the account's record, in one BatchGetItem (authentication, the
 * dashboard's session gate), and the accounts a user belongs to (the session's fallback and the
 * switcher). Kept apart from the team's writes (team-repository.ts) so that every function, which
 * authenticates, bundles only this.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { SessionMemberships } from '#shared/domain/accounts/session-access';
import type { AccountRecord, StoredMembership } from '#shared/domain/accounts/team-ports';
import { batchGetItems } from './batch-get.ts';
import type { Db } from './client.ts';
import { GSI, INDEX, KEYS, SK_PREFIX } from './keys.ts';
import { queryAll } from './pagination.ts';

export function createMembershipLookup(
  doc: DynamoDBDocumentClient,
  tableName: string,
): SessionMemberships {
  const db: Db = { doc, tableName };
  return {
    readAccess: (accountId, userId) => readAccess(db, accountId, userId),
    listAccountsOf: (userId) =>
      queryAll(
        db.doc,
        {
          TableName: db.tableName,
          IndexName: INDEX.byOwner,
          KeyConditionExpression: 'gsi1pk = :user',
          ExpressionAttributeValues: { ':user': GSI.userAccounts(userId) },
        },
        toMembership,
      ),
  };
}

async function readAccess(db: Db, accountId: string, userId: string) {
  const items = await batchGetItems(db, [KEYS.member(accountId, userId), KEYS.account(accountId)], {
    maxRounds: 4,
    failure: 'The account and membership could not be read.',
  });
  const membership = items.find((item) => String(item.sk).startsWith(SK_PREFIX.member));
  const account = items.find((item) => item.sk === 'ACCOUNT');
  return {
    ...(membership ? { membership: toMembership(membership) } : {}),
    ...(account ? { account: toAccount(account) } : {}),
  };
}

export function toMembership(item: Record<string, unknown>): StoredMembership {
  return {
    account_id: String(item.account_id),
    user_id: String(item.user_id),
    email: String(item.email),
    role: item.role as StoredMembership['role'],
    joined_at: String(item.joined_at),
  };
}

export function toAccount(item: Record<string, unknown>): AccountRecord {
  return {
    id: String(item.id ?? String(item.pk).slice('ACCOUNT#'.length)),
    name: typeof item.name === 'string' ? item.name : null,
    erasure_requested_at:
      typeof item.erasure_requested_at === 'string' ? item.erasure_requested_at : null,
  };
}
