/**
 * The dashboard's routes of the account as a team (docs/dashboard.md "Accounts and roles"): the
 * account page (members, invitations, the accounts one belongs to, the switcher), its forms, and
 * the page an invitation's link opens with its two forms; part of `DASHBOARD_ROUTES`. The read
 * pages share one function, the forms another, and the invitation form (the one that mails) one
 * of its own: each function is six resources of the API stack's 500.
 */
import {
  InvitationIdPathSchema,
  InvitationTokenPathSchema,
  InviteFormSchema,
  MemberPathSchema,
  NoticeQuerySchema,
  RoleFormSchema,
  SwitchAccountFormSchema,
  TransferFormSchema,
} from '#shared/surfaces/dashboard/forms';
import type { RouteDefinition } from '#shared/surfaces/http/route';
import { FORM_ERRORS, form, PAGE_ERRORS, page } from './route-kinds.ts';

const MANAGE = { scope: 'account:manage' } as const;

export const ACCOUNT_PAGE_ROUTES = {
  dashboard_account: page(
    'dashboard_account',
    '/dashboard/account',
    'The account: its members with their roles, open invitations, the accounts you belong to and the switcher',
    'account',
    { request: { query: NoticeQuerySchema } },
  ),
  dashboard_invitation: page(
    'dashboard_invitation',
    '/dashboard/invitations/{token}',
    "An invitation's page: the account and the role, with a form to accept it and one to decline it",
    'account',
    {
      description:
        "An invitation's page: the account and the role, with a form to accept it and one to decline it. Needs a dashboard session of the invited address; without a session, 303 to the sign-in page, which brings the person back here once signed in (or signed up). An unknown, used, withdrawn or expired invitation, or one for another address, is a page saying so (400 `invitation_invalid`).",
      request: { params: InvitationTokenPathSchema },
      errors: [...PAGE_ERRORS, 'invitation_invalid'],
    },
  ),
  dashboard_accept_invitation: form(
    'dashboard_accept_invitation',
    '/dashboard/invitations/{token}',
    'Accept an invitation: become a member with its role (303 to the account, now the one shown)',
    'account-forms',
    {
      request: { params: InvitationTokenPathSchema },
      errors: [...FORM_ERRORS, 'invitation_invalid', 'already_member'],
    },
  ),
  dashboard_decline_invitation: form(
    'dashboard_decline_invitation',
    '/dashboard/invitations/{token}/decline',
    'Decline an invitation: its link works for nobody afterwards',
    'account-forms',
    {
      request: { params: InvitationTokenPathSchema },
      errors: [...FORM_ERRORS, 'invitation_invalid'],
    },
  ),
  dashboard_switch_account: form(
    'dashboard_switch_account',
    '/dashboard/account/switch',
    'Switch the account this session acts for (303 to the overview)',
    'account-forms',
    {
      request: { body: SwitchAccountFormSchema },
      errors: [...FORM_ERRORS, 'not_found'],
    },
  ),
  dashboard_invite: form(
    'dashboard_invite',
    '/dashboard/account/invitations',
    'Invite an address with a role (`create_invitation`; 303 to the account page)',
    'account-invite',
    {
      ...MANAGE,
      request: { body: InviteFormSchema },
      errors: [
        ...FORM_ERRORS,
        'insufficient_scope',
        'invalid_email',
        'already_member',
        'already_invited',
      ],
      sendsMail: true,
    },
  ),
  dashboard_withdraw_invitation: form(
    'dashboard_withdraw_invitation',
    '/dashboard/account/invitations/{id}/withdraw',
    'Withdraw an open invitation (`withdraw_invitation`)',
    'account-forms',
    {
      ...MANAGE,
      request: { params: InvitationIdPathSchema },
      errors: [...FORM_ERRORS, 'insufficient_scope', 'not_found'],
    },
  ),
  dashboard_change_role: form(
    'dashboard_change_role',
    '/dashboard/account/members/{user_id}',
    "Change a member's role (`change_member_role`)",
    'account-forms',
    {
      ...MANAGE,
      request: { params: MemberPathSchema, body: RoleFormSchema },
      errors: [
        ...FORM_ERRORS,
        'insufficient_scope',
        'insufficient_role',
        'not_found',
        'member_changed',
      ],
    },
  ),
  dashboard_remove_member: form(
    'dashboard_remove_member',
    '/dashboard/account/members/{user_id}/remove',
    'Remove a member (`remove_member`): their keys for the account are revoked',
    'account-forms',
    {
      ...MANAGE,
      request: { params: MemberPathSchema },
      errors: [
        ...FORM_ERRORS,
        'insufficient_scope',
        'insufficient_role',
        'not_found',
        'member_changed',
      ],
    },
  ),
  dashboard_transfer: form(
    'dashboard_transfer',
    '/dashboard/account/transfer',
    'Hand the account over to another member (`transfer_account`; the owner only)',
    'account-forms',
    {
      ...MANAGE,
      request: { body: TransferFormSchema },
      errors: [
        ...FORM_ERRORS,
        'insufficient_scope',
        'insufficient_role',
        'not_found',
        'member_changed',
      ],
    },
  ),
} as const satisfies Record<string, RouteDefinition>;
