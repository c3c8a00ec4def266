/**
 * The account page (docs/dashboard.md "Accounts and roles"): the accounts the person belongs to
 * with the switcher, the members with their roles, the open invitations, the invitation form and
 * the hand-over. What the person's role does not allow is not offered (the forms refuse it too).
 */
import type { AssignableRole, Role } from '#shared/domain/accounts/roles';
import { ASSIGNABLE_ROLES } from '#shared/domain/accounts/roles';
import type { AccountView, MemberView } from '#shared/domain/accounts/team-schemas';
import type { FormState } from '#shared/surfaces/dashboard/form-kit/form';
import { formErrorBox, formInput } from '#shared/surfaces/dashboard/form-kit/render';
import { INVITE_FORM } from '#shared/surfaces/dashboard/forms-team';
import { DASHBOARD_PATHS } from '#shared/surfaces/dashboard/paths';
import { type Html, html } from '#shared/surfaces/http/html';
import {
  confirmAction,
  errorBox,
  notice,
  type ShownError,
  tableRegion,
  timeTag,
} from './components.ts';
import { csrfField, dashboardLayout, type Viewer, viewerCan } from './layout.ts';

/** An account the person belongs to, for the switcher. */
export interface AccountChoice {
  id: string;
  name: string;
  role: Role;
  current: boolean;
}

export interface AccountPageView {
  viewer: Viewer;
  account: AccountView;
  /** The person's own user id and role in the account shown. */
  you: { userId: string; role: Role };
  accounts: readonly AccountChoice[];
  notice?: string | undefined;
  /** A refused change (a role changed meanwhile, the owner touched), said at the top. */
  error?: ShownError | undefined;
  /** The invitation form as sent and its refusal, when it came back. */
  invite?: FormState | undefined;
}

const ROLE_WORDS: Record<Role, string> = {
  owner: 'the owner: everything, and alone hands the account over or erases it',
  admin: 'members, keys, webhooks, and everything a member does',
  member: 'cases, prompts, runs, scans and batches',
  viewer: 'reads only',
};

function roleSelect(id: string, name: string, label: Html, chosen: string | undefined): Html {
  const options = ASSIGNABLE_ROLES.map(
    (role) =>
      html`<option value="${role}"${role === chosen ? html` selected` : ''}>${role}</option>`,
  );
  return html`<label for="${id}">${label}</label><select id="${id}" name="${name}">${options}</select>`;
}

function switcher(view: AccountPageView): Html {
  const rows = view.accounts.map(
    (entry) =>
      html`<tr><td>${entry.name}</td><td>${entry.role}</td><td>${
        entry.current
          ? html`<strong>Shown now</strong>`
          : html`<form class="inline" method="post" action="${DASHBOARD_PATHS.switchAccount}">${csrfField(view.viewer)}<input type="hidden" name="account_id" value="${entry.id}"><button class="secondary small" type="submit">Switch<span class="sr-only"> to ${entry.name}</span></button></form>`
      }</td></tr>`,
  );
  return html`<h2 id="accounts">Your accounts</h2>
${tableRegion('Your accounts', html`<table><thead><tr><th scope="col">Account</th><th scope="col">Your role</th><th scope="col">Show</th></tr></thead><tbody>${rows}</tbody></table>`)}`;
}

function memberActions(view: AccountPageView, member: MemberView): Html {
  if (member.role === 'owner') return html`<span class="muted">Changes only by a hand-over</span>`;
  if (!viewerCan(view.viewer, 'account:manage')) return html``;
  const id = `role-${member.user_id}`;
  const change = html`<form class="inline" method="post" action="${DASHBOARD_PATHS.member(member.user_id)}">${csrfField(view.viewer)}${roleSelect(id, 'role', html`<span class="sr-only">Role of ${member.email}</span>`, member.role)} <button class="secondary small" type="submit">Change role<span class="sr-only"> of ${member.email}</span></button></form>`;
  const remove = confirmAction({
    label: 'Remove',
    target: member.email,
    question: `Remove ${member.email} from the account? Their keys for it stop working at once.`,
    action: DASHBOARD_PATHS.removeMember(member.user_id),
    confirm: 'Yes, remove the member',
    hidden: csrfField(view.viewer),
    small: true,
  });
  return html`${change} ${remove}`;
}

function members(view: AccountPageView): Html {
  const rows = view.account.members.map(
    (member) =>
      html`<tr><td>${member.email}${member.user_id === view.you.userId ? html` <span class="muted">(you)</span>` : ''}</td><td>${member.role}</td><td>${timeTag(member.joined_at)}</td><td>${memberActions(view, member)}</td></tr>`,
  );
  return html`<h2 id="members">Members</h2>
${tableRegion('Members', html`<table><thead><tr><th scope="col">Member</th><th scope="col">Role</th><th scope="col">Joined</th><th scope="col">Change</th></tr></thead><tbody>${rows}</tbody></table>`)}
${viewerCan(view.viewer, 'account:manage') ? '' : html`<p class="muted">Only an admin or the owner changes members.</p>`}`;
}

function invitations(view: AccountPageView): Html {
  const open = view.account.invitations;
  if (open.length === 0) return html`<h2 id="invitations">Open invitations</h2><p>None.</p>`;
  const manage = viewerCan(view.viewer, 'account:manage');
  const rows = open.map(
    (invitation) =>
      html`<tr><td>${invitation.email}</td><td>${invitation.role}</td><td>${timeTag(invitation.expires_at)}</td><td>${
        manage
          ? confirmAction({
              label: 'Withdraw',
              target: `the invitation of ${invitation.email}`,
              question: `Withdraw the invitation of ${invitation.email}? Its link stops working.`,
              action: DASHBOARD_PATHS.withdrawInvitation(invitation.id),
              confirm: 'Yes, withdraw it',
              hidden: csrfField(view.viewer),
              small: true,
            })
          : ''
      }</td></tr>`,
  );
  return html`<h2 id="invitations">Open invitations</h2>
${tableRegion('Open invitations', html`<table><thead><tr><th scope="col">Address</th><th scope="col">Role</th><th scope="col">Expires</th><th scope="col">Withdraw</th></tr></thead><tbody>${rows}</tbody></table>`)}`;
}

function inviteForm(view: AccountPageView): Html {
  if (!viewerCan(view.viewer, 'account:manage')) return html``;
  const role = view.invite?.values.role;
  return html`<h2 id="invite">Invite someone</h2>
<p>They get a mail with a link that works once, for 7 days; they accept it signed in with that address (creating a free account if they have none).</p>
${formErrorBox(INVITE_FORM, view.invite)}
<form class="stack" method="post" action="${DASHBOARD_PATHS.invite}">
${csrfField(view.viewer)}
${formInput(INVITE_FORM, view.invite, 'email', { type: 'email', autocomplete: 'off' })}
<div class="field">${roleSelect('f-role', 'role', html`Role`, typeof role === 'string' ? role : 'member')}</div>
<div class="actions"><button type="submit">Mail the invitation</button></div>
</form>`;
}

function transferForm(view: AccountPageView): Html {
  if (view.you.role !== 'owner') return html``;
  const others = view.account.members.filter((member) => member.user_id !== view.you.userId);
  if (others.length === 0) return html``;
  const options = others.map(
    (member) => html`<option value="${member.user_id}">${member.email} (${member.role})</option>`,
  );
  const hidden = html`${csrfField(view.viewer)}<label for="f-user_id">New owner</label><select id="f-user_id" name="user_id">${options}</select>`;
  return html`<h2 id="transfer">Hand the account over</h2>
<p>The member you choose becomes the owner; you stay in the account as an admin.</p>
${confirmAction({ label: 'Hand over…', target: 'the account', question: 'Hand the account over? Only the new owner can hand it back.', action: DASHBOARD_PATHS.transfer, confirm: 'Yes, hand it over', hidden, secondary: true })}`;
}

export function accountPage(view: AccountPageView): Html {
  const { account } = view;
  const plan = account.plan
    ? html`${account.plan} plan (${account.subscription})`
    : 'no Monitor plan';
  return dashboardLayout({
    title: 'Team',
    section: 'account',
    viewer: view.viewer,
    replaceUrl: DASHBOARD_PATHS.account,
    body: html`<h1>Team: ${account.name}</h1>
<p class="lead">You are <strong>${view.you.role}</strong> of this account (${ROLE_WORDS[view.you.role]}). It has the ${plan}.</p>
${notice(view.notice)}${errorBox(view.error)}
${switcher(view)}
${members(view)}
${invitations(view)}
${inviteForm(view)}
${transferForm(view)}`,
  });
}

/** The roles an invitation may give, with what each may do (the invitation page says it). */
export function roleWords(role: AssignableRole): string {
  return ROLE_WORDS[role];
}
