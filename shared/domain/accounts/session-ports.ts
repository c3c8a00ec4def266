/**
 * What the dashboard's sign-in and sessions keep in the store. Both secrets (the session token in
 * the cookie, the token in a sign-in link) are stored only as SHA-256 hashes: they carry 256 bits
 * of randomness, so a plain hash is the right storage form (as for API keys).
 */
export interface StoredSession {
  /** Public id (`ses_…`): listed on the dashboard and used to revoke it; not a credential. */
  id: string;
  user_id: string;
  email: string;
  /**
   * The account the session acts for (the switcher changes it); absent on sessions older than
   * teams, which act for the user's own account.
   */
  account_id?: string | null;
  /** The synchronizer token every state-changing request of this session must carry. */
  csrf_token: string;
  created_at: string;
  /** Epoch seconds; the session ends then whatever TTL deletion does. */
  expires_at: number;
  /** Where it was started, for the sessions list ("Chrome on Linux"); null on older sessions. */
  device?: string | null;
  /** The client address at sign-in, masked (session-device.ts); null on older sessions. */
  address?: string | null;
}

export interface StoredSignInLink {
  /** The user it signs in as; null for a sign-up link, which creates the account first. */
  user_id: string | null;
  email: string;
  created_at: string;
  /** Epoch seconds. */
  expires_at: number;
  /** Set once, when the link is used; a used link never signs in again. */
  used_at: string | null;
  /**
   * Where the session goes once started (a dashboard path, e.g. the invitation that sent the
   * person to sign in); absent: the overview.
   */
  next?: string | null;
}

export interface SessionStore {
  putSession(tokenHash: string, session: StoredSession): Promise<void>;
  /** The session as stored, expired or not (the caller checks `expires_at`). */
  getSession(tokenHash: string): Promise<StoredSession | undefined>;
  deleteSession(tokenHash: string): Promise<void>;
  /** Makes the session act for another account (the switcher); false when it is gone. */
  setSessionAccount(tokenHash: string, accountId: string): Promise<boolean>;
  /** A user's sessions with the hash that keys each (to revoke one by its public id). */
  listSessions(userId: string): Promise<{ tokenHash: string; session: StoredSession }[]>;
  putSignInLink(tokenHash: string, link: StoredSignInLink): Promise<void>;
  /** Reads a link without using it (the confirmation page); undefined when unknown. */
  getSignInLink(tokenHash: string): Promise<StoredSignInLink | undefined>;
  /**
   * Uses a link: one conditional write that succeeds only while the link is unused and
   * `expires_at` is after `nowSeconds`, so two simultaneous uses cannot both sign in.
   * Undefined when the link is unknown, used or expired.
   */
  useSignInLink(
    tokenHash: string,
    nowSeconds: number,
    usedAt: string,
  ): Promise<StoredSignInLink | undefined>;
}
