/**
 * An account as a team, as the store keeps it (docs/data-model.md "Accounts and members"): its
 * record, its members with their roles, its invitations, and the writes that change them, each
 * with its audit event in one transaction. Every user owns the account of their own id, which
 * needs no item at all (team-rules.ts says how a missing membership reads).
 */
import type { AuditEvent } from '#shared/domain/audit/events';
import type { AssignableRole, Role } from './roles.ts';
import type { Scope } from './scopes.ts';

/** A membership as stored; `removed` marks the account's own user once removed from it. */
export interface StoredMembership {
  account_id: string;
  user_id: string;
  email: string;
  role: Role | 'removed';
  joined_at: string;
}

/** A member as the account shows it. */
export interface Membership extends StoredMembership {
  role: Role;
}

/** The account's own record; absent for an account that was never more than its user. */
export interface AccountRecord {
  id: string;
  /** What the account is called; null: named after its user's address. */
  name: string | null;
  /** Set once the owner asked for erasure: from then on no key or session acts for it. */
  erasure_requested_at: string | null;
}

export interface StoredInvitation {
  id: string;
  account_id: string;
  email: string;
  role: AssignableRole;
  created_at: string;
  /** The member who invited. */
  created_by: string;
  /** Epoch seconds: the link works until then (and the store's TTL removes it later). */
  expires_at: number;
  accepted_at: string | null;
  declined_at: string | null;
  withdrawn_at: string | null;
}

/** A key of a member whose role went down or who left: its new scopes, or null to revoke it. */
export interface KeyChange {
  keyId: string;
  scopes: Scope[] | null;
}

/** What authentication reads of a member's access, in one round trip. */
export interface MembershipLookup {
  readAccess(
    accountId: string,
    userId: string,
  ): Promise<{ membership?: StoredMembership; account?: AccountRecord }>;
}

/** The account's team in the store (shared/adapters/dynamodb/team-repository.ts). */
export interface TeamStore extends MembershipLookup {
  getAccount(accountId: string): Promise<AccountRecord | undefined>;
  /** Every stored membership of the account (a `removed` marker included). */
  listMemberships(accountId: string): Promise<StoredMembership[]>;
  /** The accounts a user was made a member of (not their own, unless stored), oldest first. */
  listAccountsOf(userId: string): Promise<StoredMembership[]>;
  listInvitations(accountId: string): Promise<StoredInvitation[]>;
  getInvitation(accountId: string, invitationId: string): Promise<StoredInvitation | undefined>;
  findInvitationByToken(tokenHash: string): Promise<StoredInvitation | undefined>;
  createInvitation(
    invitation: StoredInvitation,
    tokenHash: string,
    audit: AuditEvent,
  ): Promise<void>;
  /** Withdraws an invitation still open; false when it was used or withdrawn meanwhile. */
  withdrawInvitation(invitation: StoredInvitation, audit: AuditEvent): Promise<boolean>;
  /**
   * Uses an open invitation and makes its member, at once: false (nothing written) when it was
   * used, withdrawn or expired meanwhile, or the user became a member some other way.
   */
  acceptInvitation(
    invitation: StoredInvitation,
    member: Membership,
    nowSeconds: number,
    audit: AuditEvent,
  ): Promise<boolean>;
  declineInvitation(
    invitation: StoredInvitation,
    at: string,
    nowSeconds: number,
    audit: AuditEvent,
  ): Promise<boolean>;
  /**
   * Gives a member another role and narrows or revokes their keys for the account, at once;
   * false when the member's role is no longer `member.role`.
   */
  changeRole(
    member: Membership,
    role: Role,
    audit: AuditEvent,
    keys: KeyChange[],
  ): Promise<boolean>;
  /** Removes a member and revokes their keys for the account, at once; false when moved on. */
  removeMember(
    member: Membership,
    audit: AuditEvent,
    keys: KeyChange[],
    at: string,
  ): Promise<boolean>;
  /**
   * Makes `to` the owner and `from` (the owner) an admin, at once; false when either moved on.
   * `audits` records both role changes.
   */
  transfer(from: Membership, to: Membership, audits: AuditEvent[]): Promise<boolean>;
}
