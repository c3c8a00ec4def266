/**
 * The accounts area's ports: users, accounts and plans as the domain sees them, and the store
 * interfaces the DynamoDB adapters implement (shared/adapters/dynamodb).
 */
import type { AuditEvent } from '#shared/domain/audit/events';
import type { Role } from './roles.ts';
import type { Scope } from './scopes.ts';

export type Plan = 'free' | 'pro';
export type SubscriptionState = 'active' | 'ended';

export interface Account {
  plan: Plan;
  subscription: SubscriptionState;
  /**
   * Set while a renewal payment is overdue (the payment provider's `past_due`): the plan lasts
   * until then (the grace period), after which the subscription reads as ended
   * (kernel/plans.ts `subscriptionEndedAt`). Absent or null otherwise.
   */
  grace_until?: string | null;
}

/**
 * The account's billing record (stored beside its plan): the provider's customer and the
 * subscription the account follows, as of the newest event applied.
 */
export interface BillingRecord {
  customer_id: string;
  subscription_id: string | null;
  status: string | null;
  current_period_end: string | null;
  cancel_at_period_end: boolean;
  /** When the subscription became `past_due` (the grace period's start); null otherwise. */
  past_due_since: string | null;
  /** `created` (epoch seconds) of the newest event whose subscription state is applied. */
  event_at: number;
  /** Bumped by every write of the record: concurrent writers see each other (a condition). */
  revision: number;
  updated_at: string;
}
export interface User {
  id: string;
  email: string;
  created_at: string;
  /** null when the user has no Monitor account. */
  account: Account | null;
  /**
   * The account's billing record (the payment provider's customer and subscription), when it has
   * one (docs/api.md "Plans and billing"); absent or null otherwise.
   */
  billing?: BillingRecord | null;
}

export interface StoredApiKey {
  id: string;
  /**
   * The account the key belongs to (its tenant: "the owning account", as a case's `user_id`);
   * its listing, its cap and every read it makes are the account's.
   */
  user_id: string;
  /**
   * The member who created it (a user id): the key never carries more than this member's role in
   * the account allows. A key made before accounts were teams was made by the account's user.
   */
  created_by: string;
  /** The creator's address (the operator's admin list is read against it). */
  email: string;
  scopes: Scope[];
  plugin: boolean;
  hint: string;
  /** What the owner calls the key ("CI deploys"); null when none was given. */
  name?: string | null;
  created_at: string;
  revoked_at: string | null;
}

/**
 * When each key was last used (docs/api.md "API keys"): written at most once per key per
 * KEY_LAST_USED_RESOLUTION_MS by the functions that accept keys, read with the key listings.
 */
export interface KeyUsage {
  /**
   * Sets the key's last use to `at` unless the stored time is already within the resolution
   * of it (a conditional write; an already fresh time is not an error).
   */
  recordUse(keyId: string, at: Date): Promise<void>;
  /** The stored last-use times (ISO 8601) of the keys that have one, by key id. */
  lastUsed(keyIds: readonly string[]): Promise<Map<string, string>>;
}

/**
 * A stored key with what its creator may do now: the creator's role in the key's account, null
 * when the creator is no longer a member (or the account is being erased): such a key is refused.
 */
export interface ResolvedKey {
  key: StoredApiKey;
  role: Role | null;
}

/** What authentication needs: a key by the hash of the presented token, with its role. */
export interface KeyLookup {
  resolveKey(hash: string): Promise<ResolvedKey | undefined>;
}

/** Users, their Monitor account and their API keys (implemented by the DynamoDB adapter). */
export interface UsersRepository {
  findKeyByHash(hash: string): Promise<StoredApiKey | undefined>;
  createUser(user: User): Promise<void>;
  findUserByEmail(email: string): Promise<User | undefined>;
  findUserById(id: string): Promise<User | undefined>;
  listUsers(): Promise<User[]>;
  /** Sets the account's plan, with its `plan.changed` event in the same write when given. */
  setAccount(userId: string, account: Account | null, audit?: AuditEvent): Promise<void>;
  /**
   * Writes a key if its account holds fewer than `maxActive` active keys, taking one place of the
   * account's cap atomically whatever creates run beside it; false (nothing written) otherwise.
   */
  putKey(key: StoredApiKey, hash: string, maxActive: number, audit?: AuditEvent): Promise<boolean>;
  listKeys(userId: string): Promise<StoredApiKey[]>;
  /**
   * Revokes a key (the first revocation time is kept) and frees its place of the cap; repeating
   * it frees nothing more, so a retry finishes a revoke that stopped half-way. `audit` builds
   * the event of the revocation from the key found, written with it (none when it was revoked
   * already).
   */
  revokeKey(
    keyId: string,
    revokedAt: string,
    audit?: (key: StoredApiKey) => AuditEvent,
  ): Promise<StoredApiKey>;
}
