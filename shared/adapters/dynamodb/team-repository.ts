/**
 * An account's team (docs/data-model.md "Accounts and members"):
 * - `ACCOUNT#<id>` / `ACCOUNT`: the account's record (absent for a one-person account);
 * - `ACCOUNT#<id>` / `MEMBER#<user id>`: a membership, gsi1 `USER#<user id>#ACCOUNTS` /
 *   `<joined_at>#<account id>` (a user's accounts); the account's own user has none until the
 *   team changes around them (a transfer, their removal: then a `removed` marker, off the index);
 * - `ACCOUNT#<id>` / `INVITE#<invitation id>`, found from its mailed token through
 *   `INVITETOKEN#<sha256 of the token>` / `INVITATION`; both carry `expires_at` (TTL).
 * Every change is one transaction with its audit event (`auditedWrite`), and takes a member's
 * keys along (team-keys.ts).
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { forgetCachedKeys } from '#shared/domain/accounts/key-cache';
import type {
  Membership,
  StoredInvitation,
  StoredMembership,
  TeamStore,
} from '#shared/domain/accounts/team-ports';
import type { AuditEvent } from '#shared/domain/audit/events';
import { auditedWrite, auditItem } from './audit-log-repository.ts';
import type { Db } from './client.ts';
import { GSI, KEYS, SK_PREFIX } from './keys.ts';
import { createMembershipLookup, toAccount, toMembership } from './membership-lookup.ts';
import { queryAll } from './pagination.ts';
import { readItem } from './read-item.ts';
import { keyChangeWrites, releaseRevokedPlaces } from './team-keys.ts';
import type { TransactItem } from './transactions.ts';

export function createTeamRepository(doc: DynamoDBDocumentClient, tableName: string): TeamStore {
  const db: Db = { doc, tableName };
  return {
    ...createMembershipLookup(doc, tableName),
    getAccount: async (accountId) => {
      const item = await readItem(db, KEYS.account(accountId));
      return item ? toAccount(item) : undefined;
    },
    listMemberships: (accountId) => listPartition(db, accountId, SK_PREFIX.member, toMembership),
    listInvitations: (accountId) =>
      listPartition(db, accountId, SK_PREFIX.invitation, toInvitation),
    getInvitation: async (accountId, id) => {
      const item = await readItem(db, KEYS.invitation(accountId, id));
      return item ? toInvitation(item) : undefined;
    },
    findInvitationByToken: (tokenHash) => findInvitationByToken(db, tokenHash),
    createInvitation: (invitation, tokenHash, audit) =>
      createInvitation(db, invitation, tokenHash, audit),
    withdrawInvitation: (invitation, audit) =>
      auditedWrite(db, audit, [closeInvitation(db, invitation, 'withdrawn_at', audit.at, null)]),
    declineInvitation: (invitation, at, nowSeconds, audit) =>
      auditedWrite(db, audit, [closeInvitation(db, invitation, 'declined_at', at, nowSeconds)]),
    acceptInvitation: (invitation, member, nowSeconds, audit) =>
      auditedWrite(db, audit, [
        closeInvitation(db, invitation, 'accepted_at', member.joined_at, nowSeconds),
        putMembership(db, member, 'joining'),
      ]),
    changeRole: async (member, role, audit, keys) => {
      const writes = [putMembership(db, { ...member, role }, member.role)];
      return writeWithKeys(db, member.account_id, audit, writes, keys, audit.at);
    },
    removeMember: async (member, audit, keys, at) => {
      const writes = [removeMembership(db, member)];
      return writeWithKeys(db, member.account_id, audit, writes, keys, at);
    },
    transfer: async (from, to, audits) => {
      const [first, second] = audits;
      if (!first || !second) throw new Error('a transfer records both role changes');
      const written = await auditedWrite(db, first, [
        putMembership(db, { ...from, role: 'admin' }, 'owner'),
        putMembership(db, { ...to, role: 'owner' }, to.role),
        auditItem(db, second),
      ]);
      // Keys carry their creator's role in this process's cache: both roles changed.
      forgetCachedKeys();
      return written;
    },
  };
}

function listPartition<T>(
  db: Db,
  accountId: string,
  prefix: string,
  map: (item: Record<string, unknown>) => T,
): Promise<T[]> {
  return queryAll(
    db.doc,
    {
      TableName: db.tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': KEYS.account(accountId).pk, ':prefix': prefix },
      ConsistentRead: true,
    },
    map,
  );
}

async function findInvitationByToken(
  db: Db,
  tokenHash: string,
): Promise<StoredInvitation | undefined> {
  const pointer = await readItem(db, KEYS.invitationToken(tokenHash));
  if (!pointer) return undefined;
  const item = await readItem(
    db,
    KEYS.invitation(String(pointer.account_id), String(pointer.invitation_id)),
  );
  return item ? toInvitation(item) : undefined;
}

async function createInvitation(
  db: Db,
  invitation: StoredInvitation,
  tokenHash: string,
  audit: AuditEvent,
): Promise<void> {
  const written = await auditedWrite(db, audit, [
    {
      Put: {
        TableName: db.tableName,
        Item: {
          ...KEYS.invitation(invitation.account_id, invitation.id),
          ...invitation,
          // Names the link's pointer, which the account's erasure deletes with it.
          token_hash: tokenHash,
          accepted_at: undefined,
          declined_at: undefined,
          withdrawn_at: undefined,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    {
      Put: {
        TableName: db.tableName,
        Item: {
          ...KEYS.invitationToken(tokenHash),
          account_id: invitation.account_id,
          invitation_id: invitation.id,
          expires_at: invitation.expires_at,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  ]);
  if (!written) throw new Error('An invitation with this id or token exists already.');
}

/**
 * Closes an open invitation (accepted, declined or withdrawn): only while no other close has
 * happened, and, when `nowSeconds` is given, only before it expires.
 */
function closeInvitation(
  db: Db,
  invitation: StoredInvitation,
  field: 'accepted_at' | 'declined_at' | 'withdrawn_at',
  at: string,
  nowSeconds: number | null,
): TransactItem {
  const open =
    'attribute_exists(pk) AND attribute_not_exists(accepted_at) AND ' +
    'attribute_not_exists(declined_at) AND attribute_not_exists(withdrawn_at)';
  return {
    Update: {
      TableName: db.tableName,
      Key: KEYS.invitation(invitation.account_id, invitation.id),
      UpdateExpression: `SET ${field} = :at`,
      ConditionExpression: nowSeconds === null ? open : `${open} AND expires_at > :now`,
      ExpressionAttributeValues: {
        ':at': at,
        ...(nowSeconds === null ? {} : { ':now': nowSeconds }),
      },
    },
  };
}

/**
 * Writes a membership with its role, if the member's stored role is still `expected`: `joining`
 * for a new member (none stored, or a `removed` marker), `owner` for the account's owner (who
 * may have no item: the account's own user).
 */
function putMembership(
  db: Db,
  member: Membership,
  expected: StoredMembership['role'] | 'joining',
): TransactItem {
  const condition =
    expected === 'joining'
      ? 'attribute_not_exists(pk) OR #role = :removed'
      : expected === 'owner' && member.user_id === member.account_id
        ? 'attribute_not_exists(pk) OR #role = :expected'
        : '#role = :expected';
  return {
    Put: {
      TableName: db.tableName,
      Item: {
        ...KEYS.member(member.account_id, member.user_id),
        gsi1pk: GSI.userAccounts(member.user_id),
        gsi1sk: `${member.joined_at}#${member.account_id}`,
        account_id: member.account_id,
        user_id: member.user_id,
        email: member.email,
        role: member.role,
        joined_at: member.joined_at,
      },
      ConditionExpression: condition,
      ExpressionAttributeNames: { '#role': 'role' },
      ExpressionAttributeValues:
        expected === 'joining' ? { ':removed': 'removed' } : { ':expected': expected },
    },
  };
}

/**
 * Removes a membership whose role is still the one read: deleted, except the account's own
 * user's, which becomes a `removed` marker (off the user's index), since no item means owner.
 */
function removeMembership(db: Db, member: Membership): TransactItem {
  const key = KEYS.member(member.account_id, member.user_id);
  const names = { '#role': 'role' };
  const values = { ':expected': member.role };
  if (member.user_id !== member.account_id) {
    return {
      Delete: {
        TableName: db.tableName,
        Key: key,
        ConditionExpression: '#role = :expected',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      },
    };
  }
  return {
    Update: {
      TableName: db.tableName,
      Key: key,
      UpdateExpression: 'SET #role = :removed REMOVE gsi1pk, gsi1sk',
      ConditionExpression: '#role = :expected',
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: { ...values, ':removed': 'removed' },
    },
  };
}

/** The membership change, its audit event and its key changes in one transaction. */
async function writeWithKeys(
  db: Db,
  accountId: string,
  audit: AuditEvent,
  writes: TransactItem[],
  keys: Parameters<TeamStore['changeRole']>[3],
  at: string,
): Promise<boolean> {
  const keyWrites = await keyChangeWrites(db, accountId, keys, at);
  const written = await auditedWrite(db, audit, [...writes, ...keyWrites]);
  if (written) await releaseRevokedPlaces(db, accountId, keys);
  return written;
}

function toInvitation(item: Record<string, unknown>): StoredInvitation {
  const optional = (value: unknown) => (typeof value === 'string' ? value : null);
  return {
    id: String(item.id),
    account_id: String(item.account_id),
    email: String(item.email),
    role: item.role as StoredInvitation['role'],
    created_at: String(item.created_at),
    created_by: String(item.created_by),
    expires_at: Number(item.expires_at),
    accepted_at: optional(item.accepted_at),
    declined_at: optional(item.declined_at),
    withdrawn_at: optional(item.withdrawn_at),
  };
}
