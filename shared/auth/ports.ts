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
