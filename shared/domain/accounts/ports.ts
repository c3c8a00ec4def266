/**
 * The accounts area's ports: users, accounts and plans as the domain sees them, and the store
 * interfaces the DynamoDB adapters implement (shared/adapters/dynamodb).
 */
import type { Scope } from './scopes.ts';

export type Plan = 'free' | 'pro';
export type SubscriptionState = 'active' | 'ended';

export interface Account {
  plan: Plan;
  subscription: SubscriptionState;
}

export interface User {
  id: string;
  email: string;
  created_at: string;
  /** null when the user has no Monitor account. */
  account: Account | null;
}

export interface StoredApiKey {
  id: string;
  user_id: string;
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

/** What authentication needs from the store. */
export interface KeyLookup {
  findKeyByHash(hash: string): Promise<StoredApiKey | undefined>;
}

/** Users, their Monitor account and their API keys (implemented by the DynamoDB adapter). */
export interface UsersRepository extends KeyLookup {
  createUser(user: User): Promise<void>;
  findUserByEmail(email: string): Promise<User | undefined>;
  findUserById(id: string): Promise<User | undefined>;
  listUsers(): Promise<User[]>;
  setAccount(userId: string, account: Account | null): Promise<void>;
  /**
   * Writes a key if its account holds fewer than `maxActive` active keys, taking one place of the
   * account's cap atomically whatever creates run beside it; false (nothing written) otherwise.
   */
  putKey(key: StoredApiKey, hash: string, maxActive: number): Promise<boolean>;
  listKeys(userId: string): Promise<StoredApiKey[]>;
  /**
   * Revokes a key (the first revocation time is kept) and frees its place of the cap; repeating
   * it frees nothing more, so a retry finishes a revoke that stopped half-way.
   */
  revokeKey(keyId: string, revokedAt: string): Promise<StoredApiKey>;
}
