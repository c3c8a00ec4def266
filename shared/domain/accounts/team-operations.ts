/**
 * The account as a team, for the API (`/api/v1/account`) and the dashboard alike (docs/api.md
 * "Members and roles"): reading the account, changing a member's role, removing a member,
 * handing the ownership over, reading the audit log. Each change is written with its audit event
 * in one transaction and takes the member's keys along (team-rules.ts `keyChangesFor`). Who may
 * do what: any key or session of the account reads it; `account:manage` (an admin or the owner,
 * checked by the route) changes members; only the owner transfers, and nobody changes or removes
 * the owner but by a transfer.
 */
import { type AuditEvent, type AuditLogReader, auditEvent } from '#shared/domain/audit/events';
import type { Clock } from '#shared/domain/kernel/clock';
import { nowIso } from '#shared/domain/kernel/clock';
import {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
} from '#shared/domain/kernel/errors';
import type { CallerInput } from '#shared/domain/kernel/operation';
import { subscriptionEndedAt } from '#shared/domain/kernel/plans';
import type { Account, User, UsersRepository } from './ports.ts';
import type { Caller } from './principal.ts';
import type { Role } from './roles.ts';
import type { Membership, StoredInvitation, TeamStore } from './team-ports.ts';
import { keyChangesFor, membersOf } from './team-rules.ts';
import type {
  AccountView,
  AuditLogQuery,
  ChangeRoleBody,
  InvitationView,
  MemberParams,
  MemberView,
  TransferBody,
} from './team-schemas.ts';

export interface TeamDeps {
  team: TeamStore;
  users: Pick<UsersRepository, 'findUserById' | 'findUserByEmail' | 'listKeys'>;
  audit: AuditLogReader;
  clock: Clock;
}

const epochSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

export function memberView(member: Membership): MemberView {
  return {
    user_id: member.user_id,
    email: member.email,
    role: member.role,
    joined_at: member.joined_at,
  };
}

export function invitationView(invitation: StoredInvitation): InvitationView {
  return {
    id: invitation.id,
    email: invitation.email,
    role: invitation.role,
    expires_at: new Date(invitation.expires_at * 1000).toISOString(),
  };
}

/** An invitation that can still be accepted: not closed, not expired. */
export function isOpen(invitation: StoredInvitation, nowSeconds: number): boolean {
  return (
    invitation.accepted_at === null &&
    invitation.declined_at === null &&
    invitation.withdrawn_at === null &&
    invitation.expires_at > nowSeconds
  );
}

/** The account's members now (its own user as owner while nothing else is stored). */
export async function currentMembers(accountId: string, deps: TeamDeps): Promise<Membership[]> {
  const [stored, namesake] = await Promise.all([
    deps.team.listMemberships(accountId),
    deps.users.findUserById(accountId),
  ]);
  return membersOf(accountId, stored, namesake);
}

/** The subscription as the plan rules read it now (a grace period that ran out has ended it). */
function subscriptionView(account: Account | null, now: Date): 'active' | 'ended' | null {
  if (!account) return null;
  return subscriptionEndedAt(account, now) ? 'ended' : 'active';
}

/** The account's subscription as Stripe reports it, from its billing record. */
function billingView(user: User | undefined): AccountView['billing'] {
  const record = user?.billing;
  if (!record) return null;
  return {
    provider: 'stripe',
    status: record.status,
    current_period_end: record.current_period_end,
    cancel_at_period_end: record.cancel_at_period_end,
    grace_until: user.account?.grace_until ?? null,
  };
}

/** The account as the API shows it. */
export async function accountView(accountId: string, deps: TeamDeps): Promise<AccountView> {
  const now = epochSeconds(deps.clock.now());
  const [record, namesake, stored, invitations] = await Promise.all([
    deps.team.getAccount(accountId),
    deps.users.findUserById(accountId),
    deps.team.listMemberships(accountId),
    deps.team.listInvitations(accountId),
  ]);
  return {
    id: accountId,
    name: record?.name ?? namesake?.email ?? accountId,
    plan: namesake?.account?.plan ?? null,
    subscription: subscriptionView(namesake?.account ?? null, deps.clock.now()),
    billing: billingView(namesake),
    members: membersOf(accountId, stored, namesake).map(memberView),
    invitations: invitations.filter((invitation) => isOpen(invitation, now)).map(invitationView),
  };
}

export async function getAccount(input: CallerInput, deps: TeamDeps) {
  return { account: await accountView(input.principal.accountId, deps) };
}

/** The member of the caller's account with this user id; another account's reads as missing. */
async function requireMember(caller: Caller, userId: string, deps: TeamDeps): Promise<Membership> {
  const member = (await currentMembers(caller.accountId, deps)).find(
    (entry) => entry.user_id === userId,
  );
  if (!member) throw new NotFoundError(`No member with user id "${userId}" in this account.`);
  return member;
}

function refuseOwnerChange(action: string): ForbiddenError {
  return new ForbiddenError(
    'insufficient_role',
    `The owner cannot be ${action}; the owner hands the account over first ` +
      '(POST /api/v1/account/transfer).',
  );
}

function memberChanged(): ConflictError {
  return new ConflictError(
    'member_changed',
    "The member's role changed meanwhile. Read the account again and retry.",
  );
}

/** The member's keys of the account, and what `role` (null: leaving) makes of them. */
async function keyChanges(member: Membership, role: Role | null, deps: TeamDeps) {
  const keys = await deps.users.listKeys(member.account_id);
  const changes = keyChangesFor(keys, member.user_id, role);
  return {
    changes,
    details: {
      keys_revoked: changes.filter((change) => change.scopes === null).map((c) => c.keyId),
      keys_narrowed: changes.filter((change) => change.scopes !== null).map((c) => c.keyId),
    },
  };
}

export async function changeMemberRole(
  input: CallerInput<MemberParams, undefined, ChangeRoleBody>,
  deps: TeamDeps,
): Promise<{ member: MemberView }> {
  const member = await requireMember(input.principal, input.params.user_id, deps);
  if (member.role === 'owner') throw refuseOwnerChange('given another role');
  const role = input.body.role;
  if (member.role === role) return { member: memberView(member) };
  const { changes, details } = await keyChanges(member, role, deps);
  const audit = auditEvent(
    input.principal,
    'member.role_changed',
    { type: 'member', id: member.user_id },
    { email: member.email, from: member.role, to: role, ...details },
    deps.clock,
  );
  if (!(await deps.team.changeRole(member, role, audit, changes))) throw memberChanged();
  return { member: memberView({ ...member, role }) };
}

export async function removeMember(
  input: CallerInput<MemberParams>,
  deps: TeamDeps,
): Promise<{ removed: string }> {
  const member = await requireMember(input.principal, input.params.user_id, deps);
  if (member.role === 'owner') throw refuseOwnerChange('removed');
  const { changes, details } = await keyChanges(member, null, deps);
  const audit = auditEvent(
    input.principal,
    'member.removed',
    { type: 'member', id: member.user_id },
    { email: member.email, role: member.role, ...details },
    deps.clock,
  );
  const at = nowIso(deps.clock);
  if (!(await deps.team.removeMember(member, audit, changes, at))) throw memberChanged();
  return { removed: member.user_id };
}

/** Only the owner hands the account over, to another member, who becomes its one owner. */
export async function transferOwnership(
  input: CallerInput<undefined, undefined, TransferBody>,
  deps: TeamDeps,
): Promise<{ account: AccountView }> {
  const caller = input.principal;
  if (caller.role !== 'owner') {
    throw new ForbiddenError(
      'insufficient_role',
      `Only the owner hands the account over; your role is ${caller.role}.`,
      { details: { role: caller.role } },
    );
  }
  const members = await currentMembers(caller.accountId, deps);
  const owner = members.find((entry) => entry.role === 'owner');
  const target = members.find((entry) => entry.user_id === input.body.user_id);
  if (!target) throw new NotFoundError(`No member with user id "${input.body.user_id}".`);
  if (!owner || owner.user_id !== caller.memberId) throw memberChanged();
  if (target.user_id === owner.user_id) {
    throw new BadRequestError('invalid_request', 'You are the owner already.');
  }
  const audits: AuditEvent[] = [
    roleChangeEvent(caller, target, 'owner', deps.clock),
    roleChangeEvent(caller, owner, 'admin', deps.clock),
  ];
  if (!(await deps.team.transfer(owner, target, audits))) throw memberChanged();
  return { account: await accountView(caller.accountId, deps) };
}

function roleChangeEvent(caller: Caller, member: Membership, to: Role, clock: Clock): AuditEvent {
  return auditEvent(
    caller,
    'member.role_changed',
    { type: 'member', id: member.user_id },
    { email: member.email, from: member.role, to, transfer: true },
    clock,
  );
}

export async function listAuditLog(input: CallerInput<undefined, AuditLogQuery>, deps: TeamDeps) {
  const page = await deps.audit.list(
    input.principal.accountId,
    input.query.limit,
    input.query.cursor,
  );
  return {
    events: page.events.map(({ account_id: _account, ...event }) => event),
    next_cursor: page.next_cursor,
  };
}
