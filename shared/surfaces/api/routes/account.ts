/**
 * The account as a team (additions; docs/api.md "Members and roles", "Audit log"): the account
 * with its members and open invitations, inviting and withdrawing, changing and removing members,
 * handing the ownership over, and the audit log.
 */
import {
  EraseAccountBodySchema,
  ErasureResponseSchema,
  ExportIdParamsSchema,
  ExportQuerySchema,
  ExportResponseSchema,
} from '#shared/domain/accounts/account-job-schemas';
import {
  AccountResponseSchema,
  AuditLogQuerySchema,
  AuditLogResponseSchema,
  ChangeRoleBodySchema,
  CreateInvitationBodySchema,
  InvitationIdParamsSchema,
  InvitationResponseSchema,
  MemberParamsSchema,
  MemberResponseSchema,
  RemoveMemberResponseSchema,
  TransferBodySchema,
  WithdrawInvitationResponseSchema,
} from '#shared/domain/accounts/team-schemas';
import type { RouteDefinition } from '#shared/surfaces/http/route';

const TAG = 'Account';
const MANAGE = ' Scope `account:manage`: a key of an admin or of the owner.';
const KEY_ERRORS = ['unauthorized', 'insufficient_scope'] as const;

export const ACCOUNT_ROUTES = {
  get_account: {
    operationId: 'get_account',
    area: 'account',
    method: 'GET',
    path: '/api/v1/account',
    summary: 'The account of the key: its plan, members and open invitations (addition)',
    description:
      'Any key of the account reads it, whatever its scopes and its member’s role. `id` is the ' +
      "account's id, the `user_id` of its cases; `members` lists every member with their role " +
      '(exactly one `owner`); `invitations` the ones still open.',
    tag: TAG,
    auth: 'required',
    response: { status: 200, schema: AccountResponseSchema },
    errors: ['unauthorized'],
    data: 'read',
    handler: 'functions/http/account/get-account.ts',
    mcpTool: false,
    addition: true,
  },
  create_invitation: {
    operationId: 'create_invitation',
    area: 'account',
    method: 'POST',
    path: '/api/v1/account/invitations',
    summary: 'Invite an address into the account with a role (addition)',
    description:
      'Mails the address a single-use link to `/dashboard/invitations/{token}`, valid 7 days; ' +
      'signed in with that address (signing up if needed), the invitee accepts there. `role` is ' +
      '`admin`, `member` or `viewer` (the owner is made by a transfer). A member’s address is ' +
      '409 `already_member`, an address with an open invitation 409 `already_invited`; at most ' +
      `50 open invitations.${MANAGE}`,
    tag: TAG,
    auth: 'required',
    scope: 'account:manage',
    request: { body: CreateInvitationBodySchema },
    response: { status: 201, schema: InvitationResponseSchema },
    errors: [
      'invalid_request',
      'invalid_email',
      ...KEY_ERRORS,
      'already_member',
      'already_invited',
    ],
    data: 'readwrite',
    sendsMail: true,
    handler: 'functions/http/account/create-invitation.ts',
    mcpTool: false,
    idempotent: true,
    addition: true,
  },
  withdraw_invitation: {
    operationId: 'withdraw_invitation',
    area: 'account',
    method: 'DELETE',
    path: '/api/v1/account/invitations/{id}',
    summary: 'Withdraw an open invitation (addition)',
    description:
      'Its link stops working at once. An invitation accepted, declined, withdrawn or expired ' +
      `already, or of another account, reads as not found.${MANAGE}`,
    tag: TAG,
    auth: 'required',
    scope: 'account:manage',
    request: { params: InvitationIdParamsSchema },
    response: { status: 200, schema: WithdrawInvitationResponseSchema },
    errors: [...KEY_ERRORS, 'not_found'],
    data: 'readwrite',
    handler: 'functions/http/account/withdraw-invitation.ts',
    mcpTool: false,
    addition: true,
  },
  change_member_role: {
    operationId: 'change_member_role',
    area: 'account',
    method: 'PATCH',
    path: '/api/v1/account/members/{user_id}',
    summary: "Change a member's role (addition)",
    description:
      'To `admin`, `member` or `viewer`. The keys the member made for the account lose at once ' +
      'the scopes the new role does not allow (within KEY_CACHE_TTL_MS in other processes); a ' +
      'key left with none is revoked. The owner’s role changes only by a transfer (403 ' +
      '`insufficient_role`); a role changed meanwhile by someone else is 409 `member_changed`.' +
      MANAGE,
    tag: TAG,
    auth: 'required',
    scope: 'account:manage',
    request: { params: MemberParamsSchema, body: ChangeRoleBodySchema },
    response: { status: 200, schema: MemberResponseSchema },
    errors: [...KEY_ERRORS, 'insufficient_role', 'not_found', 'member_changed'],
    data: 'readwrite',
    handler: 'functions/http/account/change-member-role.ts',
    mcpTool: false,
    addition: true,
  },
  remove_member: {
    operationId: 'remove_member',
    area: 'account',
    method: 'DELETE',
    path: '/api/v1/account/members/{user_id}',
    summary: 'Remove a member from the account (addition)',
    description:
      'The keys the member made for the account are revoked at once (401 `unauthorized` from ' +
      'then on, within KEY_CACHE_TTL_MS in other processes), and their dashboard sessions no ' +
      'longer act for the account. The owner cannot be removed, only transferred (403 ' +
      `\`insufficient_role\`).${MANAGE}`,
    tag: TAG,
    auth: 'required',
    scope: 'account:manage',
    request: { params: MemberParamsSchema },
    response: { status: 200, schema: RemoveMemberResponseSchema },
    errors: [...KEY_ERRORS, 'insufficient_role', 'not_found', 'member_changed'],
    data: 'readwrite',
    handler: 'functions/http/account/remove-member.ts',
    mcpTool: false,
    addition: true,
  },
  transfer_account: {
    operationId: 'transfer_account',
    area: 'account',
    method: 'POST',
    path: '/api/v1/account/transfer',
    summary: 'Hand the account over to another member (addition)',
    description:
      'Only the owner (a key the owner made, with `account:manage`): the member named becomes ' +
      'the owner and the owner an admin, in one step. Another role is 403 `insufficient_role`; ' +
      'a user id that is not a member is 404.',
    tag: TAG,
    auth: 'required',
    scope: 'account:manage',
    request: { body: TransferBodySchema },
    response: { status: 200, schema: AccountResponseSchema },
    errors: ['invalid_request', ...KEY_ERRORS, 'insufficient_role', 'not_found', 'member_changed'],
    data: 'readwrite',
    handler: 'functions/http/account/transfer-account.ts',
    mcpTool: false,
    addition: true,
  },
  list_audit_log: {
    operationId: 'list_audit_log',
    area: 'account',
    method: 'GET',
    path: '/api/v1/account/audit-log',
    summary: "The account's audit log, newest first (addition)",
    description:
      'Every change to the account’s members, invitations, keys, cases, prompts, runs and ' +
      'webhooks, with who made it (a person, a key, the operator) and when, kept 400 days; ' +
      `actions are named \`<target>.<verb>\`. \`limit\` 1 to 100 (default 20), \`cursor\` from \`next_cursor\`.${MANAGE}`,
    tag: TAG,
    auth: 'required',
    scope: 'account:manage',
    request: { query: AuditLogQuerySchema },
    response: { status: 200, schema: AuditLogResponseSchema },
    errors: ['invalid_request', 'invalid_cursor', ...KEY_ERRORS],
    data: 'read',
    handler: 'functions/http/account/list-audit-log.ts',
    mcpTool: false,
    addition: true,
  },
  create_export: {
    operationId: 'create_export',
    area: 'account',
    method: 'POST',
    path: '/api/v1/account/exports',
    summary: 'Export everything the account owns (addition)',
    description:
      'Starts an export (202): JSON lines of the account, its members and invitations, cases ' +
      'with their runs, summaries and answers, scans and scan history, batches, webhooks ' +
      '(without their secrets) and deliveries, keys (without their hashes), events and the ' +
      'audit log. Read its status with `GET /api/v1/account/exports/{id}`; once `done`, its `url` ' +
      `gives the lines with the same key, for 7 days.${MANAGE}`,
    tag: TAG,
    auth: 'required',
    scope: 'account:manage',
    response: { status: 202, schema: ExportResponseSchema },
    errors: [...KEY_ERRORS],
    data: 'readwrite',
    starts: ['account-job'],
    handler: 'functions/http/account/create-export.ts',
    mcpTool: false,
    idempotent: true,
    addition: true,
  },
  get_export: {
    operationId: 'get_export',
    area: 'account',
    method: 'GET',
    path: '/api/v1/account/exports/{id}',
    summary: "An export's status, or the export itself as JSON Lines when format=jsonl (addition)",
    description:
      '`status` is `queued`, `running`, `done` or `failed`; once `done`, `url` and `expires_at`. ' +
      'With `format=jsonl` (the `url`): `application/x-ndjson`, one `{type, data}` object a line ' +
      "(409 `export_not_ready` before it is done). Another account's export, or an expired one, " +
      `reads as not found.${MANAGE}`,
    tag: TAG,
    auth: 'required',
    scope: 'account:manage',
    request: { params: ExportIdParamsSchema, query: ExportQuerySchema },
    response: { status: 200, schema: ExportResponseSchema },
    exports: ['application/x-ndjson'],
    errors: ['invalid_request', ...KEY_ERRORS, 'not_found', 'export_not_ready'],
    data: 'read',
    handler: 'functions/http/account/get-export.ts',
    mcpTool: false,
    addition: true,
  },
  delete_account: {
    operationId: 'delete_account',
    area: 'account',
    method: 'DELETE',
    path: '/api/v1/account',
    summary: 'Erase the account and everything it owns (addition)',
    description:
      "Only the owner, confirming with the account's id (`confirm`; 400 `invalid_confirmation` " +
      'otherwise). Answers 202 at once: from then on every key and session of the account is ' +
      'refused (401 `unauthorized`), and a workflow deletes every item of the account; it goes ' +
      'on after a restart. Public scan results stay public without their owner (docs/data-model.md ' +
      '"Export and erasure").',
    tag: TAG,
    auth: 'required',
    scope: 'account:manage',
    request: { body: EraseAccountBodySchema },
    response: { status: 202, schema: ErasureResponseSchema },
    errors: ['invalid_request', ...KEY_ERRORS, 'insufficient_role', 'invalid_confirmation'],
    data: 'readwrite',
    starts: ['account-job'],
    handler: 'functions/http/account/delete-account.ts',
    mcpTool: false,
    addition: true,
  },
} as const satisfies Record<string, RouteDefinition>;
