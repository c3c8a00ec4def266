/**
 * The dashboard's account pages over the same operations as `/api/v1/account` (docs/dashboard.md
 * "Accounts and roles"): the Team page with the switcher, its forms, and an invitation's page
 * with its accept and decline forms. A refused change comes back as the page with its message
 * (and the invitation form as typed, its message at the field).
 */
import {
  acceptInvitation,
  createInvitation,
  declineInvitation,
  type InvitationDeps,
  InvitationRefused,
  openInvitation,
  withdrawInvitation,
} from '#shared/domain/accounts/invitations';
import type { SessionPrincipal } from '#shared/domain/accounts/principal';
import { switchAccount } from '#shared/domain/accounts/session-access';
import type { SessionStore } from '#shared/domain/accounts/session-ports';
import {
  accountView,
  changeMemberRole,
  removeMember,
  transferOwnership,
} from '#shared/domain/accounts/team-operations';
import { memberRole } from '#shared/domain/accounts/team-rules';
import {
  ChangeRoleBodySchema,
  CreateInvitationBodySchema,
  InvitationIdParamsSchema,
  MemberParamsSchema,
  TransferBodySchema,
} from '#shared/domain/accounts/team-schemas';
import {
  type AccountChoice,
  type AccountPageView,
  accountPage,
} from '#shared/surfaces/dashboard/views/account-page';
import {
  invitationDeclinedPage,
  invitationPage,
  invitationRefusedPage,
} from '#shared/surfaces/dashboard/views/invitation-page';
import { submitForm } from './form-kit/form.ts';
import { INVITE_FORM } from './forms-team.ts';
import { DASHBOARD_PATHS } from './paths.ts';
import {
  attempt,
  htmlPage,
  type NoticeCode,
  noticeText,
  type PageResponse,
  parseWith,
  redirect,
  type SessionInput,
  viewerOf,
} from './responses.ts';

/** The team operations, the mail for invitations and the sessions (the switcher). */
export interface AccountPagesDeps extends InvitationDeps {
  sessions: SessionStore;
}

async function accountName(accountId: string, deps: AccountPagesDeps): Promise<string> {
  const [record, user] = await Promise.all([
    deps.team.getAccount(accountId),
    deps.users.findUserById(accountId),
  ]);
  return record?.name ?? user?.email ?? accountId;
}

/** The accounts the person belongs to: their own (while a member) and those they joined. */
async function accountChoices(
  principal: SessionPrincipal,
  deps: AccountPagesDeps,
): Promise<AccountChoice[]> {
  const joined = await deps.team.listAccountsOf(principal.memberId);
  const ids = new Set([principal.memberId, ...joined.map((entry) => entry.account_id)]);
  const choices: AccountChoice[] = [];
  for (const id of ids) {
    const role = await memberRole(deps.team, id, principal.memberId);
    if (!role) continue;
    const name = await accountName(id, deps);
    choices.push({ id, name, role, current: id === principal.accountId });
  }
  return choices;
}

async function pageView(
  input: SessionInput<unknown, unknown, unknown>,
  deps: AccountPagesDeps,
  extra: Partial<AccountPageView> = {},
): Promise<AccountPageView> {
  const { principal } = input;
  const [account, accounts] = await Promise.all([
    accountView(principal.accountId, deps),
    accountChoices(principal, deps),
  ]);
  return {
    viewer: viewerOf(principal),
    account,
    you: { userId: principal.memberId, role: principal.role },
    accounts,
    ...extra,
  };
}

export async function accountOverview(
  input: SessionInput<undefined, { notice?: string | undefined }>,
  deps: AccountPagesDeps,
): Promise<PageResponse> {
  return htmlPage(
    accountPage(await pageView(input, deps, { notice: noticeText(input.query.notice) })),
  );
}

const back = (notice: NoticeCode) => redirect(`${DASHBOARD_PATHS.account}?notice=${notice}`);

/** Runs a change of the Team page: back to it with a notice, or the page with the refusal. */
async function change(
  input: SessionInput<unknown, unknown, unknown>,
  deps: AccountPagesDeps,
  run: () => Promise<unknown>,
  notice: NoticeCode,
): Promise<PageResponse> {
  const outcome = await attempt(run);
  if (outcome.ok) return back(notice);
  return htmlPage(
    accountPage(await pageView(input, deps, { error: outcome.error })),
    outcome.status,
  );
}

export async function inviteFromForm(
  input: SessionInput<undefined, undefined, { email: string; role: string }>,
  deps: AccountPagesDeps,
): Promise<PageResponse> {
  const sent = await submitForm(INVITE_FORM, input.body, () =>
    createInvitation({ ...input, body: parseWith(CreateInvitationBodySchema, input.body) }, deps),
  );
  if (sent.ok) return back('invited');
  return htmlPage(accountPage(await pageView(input, deps, { invite: sent.state })), sent.status);
}

export function withdrawFromForm(
  input: SessionInput<{ id: string }>,
  deps: AccountPagesDeps,
): Promise<PageResponse> {
  return change(
    input,
    deps,
    () =>
      withdrawInvitation(
        { ...input, params: parseWith(InvitationIdParamsSchema, input.params) },
        deps,
      ),
    'invitation_withdrawn',
  );
}

export function changeRoleFromForm(
  input: SessionInput<{ user_id: string }, undefined, { role: string }>,
  deps: AccountPagesDeps,
): Promise<PageResponse> {
  return change(
    input,
    deps,
    () =>
      changeMemberRole(
        {
          ...input,
          params: parseWith(MemberParamsSchema, input.params),
          body: parseWith(ChangeRoleBodySchema, input.body),
        },
        deps,
      ),
    'role_changed',
  );
}

export function removeFromForm(
  input: SessionInput<{ user_id: string }>,
  deps: AccountPagesDeps,
): Promise<PageResponse> {
  return change(
    input,
    deps,
    () => removeMember({ ...input, params: parseWith(MemberParamsSchema, input.params) }, deps),
    'member_removed',
  );
}

export function transferFromForm(
  input: SessionInput<undefined, undefined, { user_id: string }>,
  deps: AccountPagesDeps,
): Promise<PageResponse> {
  return change(
    input,
    deps,
    () => transferOwnership({ ...input, body: parseWith(TransferBodySchema, input.body) }, deps),
    'transferred',
  );
}

export async function switchFromForm(
  input: SessionInput<undefined, undefined, { account_id: string }>,
  deps: AccountPagesDeps,
): Promise<PageResponse> {
  const switched = await attempt(() =>
    switchAccount(input.principal, input.body.account_id, { ...deps, members: deps.team }),
  );
  if (!switched.ok) {
    return htmlPage(
      accountPage(await pageView(input, deps, { error: switched.error })),
      switched.status,
    );
  }
  return redirect(`${DASHBOARD_PATHS.home}?notice=account_switched`);
}

/** The invitation's page, or the page saying why its link cannot be used. */
export async function invitationOverview(
  input: SessionInput<{ token: string }>,
  deps: AccountPagesDeps,
): Promise<PageResponse> {
  return invitationAnswer(input, deps);
}

async function invitationAnswer(
  input: SessionInput<{ token: string }>,
  deps: AccountPagesDeps,
  error?: { message: string },
  status = 200,
): Promise<PageResponse> {
  const viewer = viewerOf(input.principal);
  const token = input.params.token;
  const opened = await attempt(async () => {
    const invitation = await openInvitation(token, deps);
    if (invitation.email !== input.principal.email.toLowerCase()) {
      throw new InvitationRefused(
        'other_address',
        `This invitation is for another address; you are signed in as ${input.principal.email}.`,
      );
    }
    return invitation;
  });
  if (!opened.ok) {
    const reason = String(opened.details.reason ?? 'unknown');
    return htmlPage(
      invitationRefusedPage({ viewer, reason, error: opened.error, status: opened.status }),
      opened.status,
    );
  }
  const invitation = opened.value;
  const page = invitationPage({
    viewer,
    token,
    accountName: await accountName(invitation.account_id, deps),
    role: invitation.role,
    expiresAt: new Date(invitation.expires_at * 1000).toISOString(),
    error,
  });
  return htmlPage(page, status);
}

export async function acceptFromForm(
  input: SessionInput<{ token: string }>,
  deps: AccountPagesDeps,
): Promise<PageResponse> {
  const accepted = await attempt(() => acceptInvitation(input.params.token, input.principal, deps));
  if (!accepted.ok) {
    if (accepted.details.reason !== undefined) return invitationAnswer(input, deps);
    return invitationAnswer(input, deps, accepted.error, accepted.status);
  }
  // The dashboard shows the account just joined.
  await switchAccount(input.principal, accepted.value.account_id, { ...deps, members: deps.team });
  return redirect(`${DASHBOARD_PATHS.account}?notice=joined`);
}

export async function declineFromForm(
  input: SessionInput<{ token: string }>,
  deps: AccountPagesDeps,
): Promise<PageResponse> {
  const token = input.params.token;
  const invitation = await attempt(() => openInvitation(token, deps));
  const declined = await attempt(() => declineInvitation(token, input.principal, deps));
  if (!declined.ok || !invitation.ok) return invitationAnswer(input, deps);
  const name = await accountName(invitation.value.account_id, deps);
  return htmlPage(invitationDeclinedPage(viewerOf(input.principal), name));
}
