/**
 * Which account a dashboard session acts for, and with which role, read on every request
 * (docs/dashboard.md "Accounts and roles"): the account the session chose with the switcher
 * while the user is still a member there, else the user's own account, else the first account
 * they belong to. A session of a user who belongs to none acts for nobody.
 */
import { NotFoundError, UnauthorizedError } from '#shared/domain/kernel/errors';
import type { SessionPrincipal } from './principal.ts';
import type { Role } from './roles.ts';
import type { SessionStore, StoredSession } from './session-ports.ts';
import type { MembershipLookup, TeamStore } from './team-ports.ts';
import { memberRole } from './team-rules.ts';

/** What the session gate reads of the user's memberships. */
export type SessionMemberships = MembershipLookup & Pick<TeamStore, 'listAccountsOf'>;

export interface SessionAccess {
  accountId: string;
  role: Role;
}

export async function sessionAccess(
  session: Pick<StoredSession, 'user_id' | 'account_id'>,
  members: SessionMemberships,
): Promise<SessionAccess | null> {
  const userId = session.user_id;
  const candidates = [session.account_id ?? userId, userId];
  for (const accountId of new Set(candidates)) {
    const role = await memberRole(members, accountId, userId);
    if (role) return { accountId, role };
  }
  for (const membership of await members.listAccountsOf(userId)) {
    const role = await memberRole(members, membership.account_id, userId);
    if (role) return { accountId: membership.account_id, role };
  }
  return null;
}

/**
 * Makes the signed-in person's session act for `accountId`, an account they are a member of
 * (another reads as unknown); the next request reads its role there.
 */
export async function switchAccount(
  principal: SessionPrincipal,
  accountId: string,
  deps: { sessions: SessionStore; members: SessionMemberships },
): Promise<SessionAccess> {
  const role = await memberRole(deps.members, accountId, principal.memberId);
  if (!role)
    throw new NotFoundError(`You are not a member of account "${accountId.slice(0, 40)}".`);
  const sessions = await deps.sessions.listSessions(principal.memberId);
  const current = sessions.find((entry) => entry.session.id === principal.sessionId);
  if (!current || !(await deps.sessions.setSessionAccount(current.tokenHash, accountId))) {
    throw new UnauthorizedError('unauthorized', 'Sign in to the dashboard again.');
  }
  return { accountId, role };
}
