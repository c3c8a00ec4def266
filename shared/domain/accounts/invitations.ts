/**
 * Invitations into an account (docs/api.md "Members and roles", docs/dashboard.md "Invitations"):
 * an admin or the owner invites an address with a role; the invitee gets a mail with a
 * single-use link valid INVITATION_TTL_DAYS, whose token (256 random bits, base64url) is stored
 * only as its SHA-256. Signed in as that address, the invitee accepts (or declines) on the
 * dashboard: one transaction closes the invitation and makes the member. Every refusal (another
 * address, used, withdrawn, expired, unknown) is `invitation_invalid` with its reason.
 */
import { randomBytes } from 'node:crypto';
import { auditEvent } from '#shared/domain/audit/events';
import { nowIso } from '#shared/domain/kernel/clock';
import { BadRequestError, ConflictError, NotFoundError } from '#shared/domain/kernel/errors';
import type { Logger } from '#shared/domain/kernel/logger';
import type { CallerInput } from '#shared/domain/kernel/operation';
import type { MailPort } from './mail-port.ts';
import { normaliseEmail } from './operator-service.ts';
import type { SessionPrincipal } from './principal.ts';
import { generateSecretToken, hashSecretToken, isWellFormedSecretToken } from './secret-tokens.ts';
import {
  accountView,
  currentMembers,
  invitationView,
  isOpen,
  type TeamDeps,
} from './team-operations.ts';
import type { Membership, StoredInvitation } from './team-ports.ts';
import type { CreateInvitationBody, InvitationIdParams, InvitationView } from './team-schemas.ts';

export const INVITATION_TTL_DAYS = 7;
/** Open invitations an account may hold at once. */
export const MAX_OPEN_INVITATIONS = 50;
export const INVITATION_PATH = '/dashboard/invitations';

export interface InvitationDeps extends TeamDeps {
  mail: MailPort;
  logger: Logger;
}

const epochSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

export function invitationUrl(baseUrl: string, token: string): string {
  return `${baseUrl}${INVITATION_PATH}/${token}`;
}

function invitationMail(to: string, accountName: string, role: string, url: string) {
  return {
    to,
    subject: `You are invited to ${accountName} on the Agent-Readiness dashboard`,
    text: [
      `You are invited to join the account ${accountName} as ${role === 'admin' ? 'an' : 'a'} ${role}.`,
      '',
      'Open this link, sign in (or create your free account) with this address, and accept:',
      '',
      url,
      '',
      `It works once, within ${INVITATION_TTL_DAYS} days. If you do not want to join, ignore this`,
      'mail or decline on that page.',
    ].join('\n'),
  };
}

export async function createInvitation(
  input: CallerInput<undefined, undefined, CreateInvitationBody>,
  deps: InvitationDeps,
): Promise<{ invitation: InvitationView }> {
  const caller = input.principal;
  const email = normaliseEmail(input.body.email);
  const now = deps.clock.now();
  const [members, invitations] = await Promise.all([
    currentMembers(caller.accountId, deps),
    deps.team.listInvitations(caller.accountId),
  ]);
  if (members.some((member) => member.email === email)) {
    throw new ConflictError('already_member', `${email} is a member of this account already.`);
  }
  const open = invitations.filter((invitation) => isOpen(invitation, epochSeconds(now)));
  if (open.some((invitation) => invitation.email === email)) {
    throw new ConflictError(
      'already_invited',
      `${email} has an open invitation already; withdraw it first to invite again.`,
    );
  }
  if (open.length >= MAX_OPEN_INVITATIONS) {
    throw new BadRequestError(
      'invalid_request',
      `An account holds at most ${MAX_OPEN_INVITATIONS} open invitations; withdraw one first.`,
    );
  }
  const token = generateSecretToken();
  const invitation: StoredInvitation = {
    id: `inv_${randomBytes(12).toString('base64url')}`,
    account_id: caller.accountId,
    email,
    role: input.body.role,
    created_at: now.toISOString(),
    created_by: caller.memberId,
    expires_at: epochSeconds(now) + INVITATION_TTL_DAYS * 86_400,
    accepted_at: null,
    declined_at: null,
    withdrawn_at: null,
  };
  const audit = auditEvent(
    caller,
    'invitation.created',
    { type: 'invitation', id: invitation.id },
    { email, role: invitation.role },
    deps.clock,
  );
  await deps.team.createInvitation(invitation, hashSecretToken(token), audit);
  const account = await accountView(caller.accountId, deps);
  const url = invitationUrl(input.request.baseUrl, token);
  // A mail that could not be sent is logged: the invitation stands, and can be withdrawn and
  // made again.
  await deps.mail
    .send(invitationMail(email, account.name, invitation.role, url))
    .catch((error: unknown) =>
      deps.logger.error('invitation mail not sent', { error: error as Error }),
    );
  return { invitation: invitationView(invitation) };
}

export async function withdrawInvitation(
  input: CallerInput<InvitationIdParams>,
  deps: TeamDeps,
): Promise<{ withdrawn: string }> {
  const caller = input.principal;
  const invitation = await deps.team.getInvitation(caller.accountId, input.params.id);
  const missing = new NotFoundError(`No open invitation with id "${input.params.id}".`);
  if (!invitation || !isOpen(invitation, epochSeconds(deps.clock.now()))) throw missing;
  const audit = auditEvent(
    caller,
    'invitation.withdrawn',
    { type: 'invitation', id: invitation.id },
    { email: invitation.email, role: invitation.role },
    deps.clock,
  );
  if (!(await deps.team.withdrawInvitation(invitation, audit))) throw missing;
  return { withdrawn: invitation.id };
}

/** Why an invitation link does not work, in words for its page. */
export type InvitationRefusal =
  | 'unknown'
  | 'used'
  | 'withdrawn'
  | 'declined'
  | 'expired'
  | 'other_address';

export class InvitationRefused extends BadRequestError {
  constructor(
    readonly reason: InvitationRefusal,
    message: string,
  ) {
    super('invitation_invalid', message, { details: { reason } });
  }
}

const REFUSALS: Record<InvitationRefusal, string> = {
  unknown: 'This invitation link is not valid: it was mistyped, or the invitation is gone.',
  used: 'This invitation was accepted already: an invitation works once.',
  withdrawn: 'This invitation was withdrawn by the account.',
  declined: 'This invitation was declined.',
  expired: 'This invitation expired: invitations work for 7 days. Ask for a new one.',
  other_address: 'This invitation is for another address.',
};

function refuse(reason: InvitationRefusal, detail = ''): InvitationRefused {
  return new InvitationRefused(reason, `${REFUSALS[reason]}${detail}`);
}

/** The invitation a link names, open now, or the reason it is not. */
export async function openInvitation(
  token: string,
  deps: Pick<TeamDeps, 'team' | 'clock'>,
): Promise<StoredInvitation> {
  if (!isWellFormedSecretToken(token)) throw refuse('unknown');
  const invitation = await deps.team.findInvitationByToken(hashSecretToken(token));
  if (!invitation) throw refuse('unknown');
  if (invitation.accepted_at) throw refuse('used');
  if (invitation.withdrawn_at) throw refuse('withdrawn');
  if (invitation.declined_at) throw refuse('declined');
  if (invitation.expires_at <= epochSeconds(deps.clock.now())) throw refuse('expired');
  return invitation;
}

/** The invitation, checked to be for the signed-in address. */
async function invitationFor(
  token: string,
  principal: SessionPrincipal,
  deps: TeamDeps,
): Promise<StoredInvitation> {
  const invitation = await openInvitation(token, deps);
  if (invitation.email !== principal.email.toLowerCase()) {
    throw refuse(
      'other_address',
      ` You are signed in as ${principal.email}; sign out and sign in with the invited address.`,
    );
  }
  return invitation;
}

/** Accepts an invitation as the signed-in person: they become a member with its role. */
export async function acceptInvitation(
  token: string,
  principal: SessionPrincipal,
  deps: TeamDeps,
): Promise<Membership> {
  const invitation = await invitationFor(token, principal, deps);
  const members = await currentMembers(invitation.account_id, deps);
  if (members.some((member) => member.user_id === principal.memberId)) {
    throw new ConflictError('already_member', 'You are a member of this account already.');
  }
  const now = deps.clock.now();
  const member: Membership = {
    account_id: invitation.account_id,
    user_id: principal.memberId,
    email: principal.email.toLowerCase(),
    role: invitation.role,
    joined_at: now.toISOString(),
  };
  const audit = auditEvent(
    {
      accountId: invitation.account_id,
      actor: { type: 'user', id: member.user_id, email: member.email },
    },
    'member.joined',
    { type: 'member', id: member.user_id },
    { email: member.email, role: member.role, invitation_id: invitation.id },
    deps.clock,
  );
  if (!(await deps.team.acceptInvitation(invitation, member, epochSeconds(now), audit))) {
    // Used, withdrawn or expired meanwhile (the reason read again), or a member already.
    await openInvitation(token, deps);
    throw new ConflictError('already_member', 'You are a member of this account already.');
  }
  return member;
}

/** Declines an invitation as the signed-in person (it works for nobody afterwards). */
export async function declineInvitation(
  token: string,
  principal: SessionPrincipal,
  deps: TeamDeps,
): Promise<void> {
  const invitation = await invitationFor(token, principal, deps);
  const now = deps.clock.now();
  const audit = auditEvent(
    {
      accountId: invitation.account_id,
      actor: { type: 'user', id: principal.memberId, email: principal.email },
    },
    'invitation.declined',
    { type: 'invitation', id: invitation.id },
    { email: invitation.email, role: invitation.role },
    deps.clock,
  );
  if (
    !(await deps.team.declineInvitation(invitation, nowIso(deps.clock), epochSeconds(now), audit))
  ) {
    await openInvitation(token, deps);
  }
}
