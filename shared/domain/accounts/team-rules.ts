/**
 * How a team is read from the store (docs/decisions.md "An account is a team"): a user owns the
 * account of their own id unless a stored membership says otherwise, so the accounts made before
 * teams (one user each, the same id) need no migration and no write; a member's keys follow the
 * member's role.
 */
import type { StoredApiKey, User } from './ports.ts';
import { type Role, scopesWithinRole } from './roles.ts';
import type {
  AccountRecord,
  KeyChange,
  Membership,
  MembershipLookup,
  StoredMembership,
} from './team-ports.ts';

/**
 * The user's role in the account now, or null when they are not a member (or the account is
 * being erased, when nobody is). A missing membership of the user's own account reads as its
 * owner: that is every account made before teams, and every one-person account since.
 */
export function roleFrom(
  accountId: string,
  userId: string,
  access: { membership?: StoredMembership; account?: AccountRecord },
): Role | null {
  if (access.account?.erasure_requested_at) return null;
  const stored = access.membership;
  if (stored) return stored.role === 'removed' ? null : stored.role;
  return accountId === userId ? 'owner' : null;
}

/** The user's role in the account now (one read of the store), or null. */
export async function memberRole(
  lookup: MembershipLookup,
  accountId: string,
  userId: string,
): Promise<Role | null> {
  return roleFrom(accountId, userId, await lookup.readAccess(accountId, userId));
}

/**
 * The account's members: its stored memberships, and its own user as the owner while no
 * membership of theirs is stored (`namesake` is that user, when they exist).
 */
export function membersOf(
  accountId: string,
  stored: readonly StoredMembership[],
  namesake: User | undefined,
): Membership[] {
  const members = stored.filter((entry): entry is Membership => entry.role !== 'removed');
  const namesakeStored = stored.some((entry) => entry.user_id === accountId);
  if (!namesakeStored && namesake) {
    members.unshift({
      account_id: accountId,
      user_id: namesake.id,
      email: namesake.email,
      role: 'owner',
      joined_at: namesake.created_at,
    });
  }
  return members;
}

/**
 * What becomes of `memberId`'s active keys of the account when their role becomes `role` (null:
 * they leave): scopes beyond the new role are taken away, and a key left with nothing but
 * `plugin` is revoked, as is every key of a member who leaves.
 */
export function keyChangesFor(
  keys: readonly StoredApiKey[],
  memberId: string,
  role: Role | null,
): KeyChange[] {
  const changes: KeyChange[] = [];
  for (const key of keys) {
    if (key.revoked_at !== null || key.created_by !== memberId) continue;
    if (role === null) {
      changes.push({ keyId: key.id, scopes: null });
      continue;
    }
    const kept = scopesWithinRole(key.scopes, role);
    if (kept.length === key.scopes.length) continue;
    const useful = kept.filter((scope) => scope !== 'plugin');
    changes.push({ keyId: key.id, scopes: useful.length > 0 ? kept : null });
  }
  return changes;
}
