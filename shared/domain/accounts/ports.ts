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
  created_at: string;
  revoked_at: string | null;
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
  putKey(key: StoredApiKey, hash: string): Promise<void>;
  listKeys(userId: string): Promise<StoredApiKey[]>;
  revokeKey(keyId: string, revokedAt: string): Promise<StoredApiKey>;
}
