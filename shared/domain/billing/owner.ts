/**
 * Who hears about the plan: the account's owner now (after a transfer, the new one), read the way
 * the team routes read members (a one-person account's own user is its owner).
 */
import type { User } from '#shared/domain/accounts/ports';
import type { TeamStore } from '#shared/domain/accounts/team-ports';
import { membersOf } from '#shared/domain/accounts/team-rules';

export interface OwnerDeps {
  team: Pick<TeamStore, 'listMemberships'>;
  users: { findUserById(id: string): Promise<User | undefined> };
}

/** The address of the account's owner, if the account still has one. */
export async function ownerEmailOf(
  accountId: string,
  deps: OwnerDeps,
): Promise<string | undefined> {
  const [stored, namesake] = await Promise.all([
    deps.team.listMemberships(accountId),
    deps.users.findUserById(accountId),
  ]);
  return membersOf(accountId, stored, namesake).find((member) => member.role === 'owner')?.email;
}
