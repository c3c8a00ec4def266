/**
 * The dashboard (docs/dashboard.md): HTML pages over the same operations as the API, for people.
 * Session routes need the session cookie; every POST needs the session's CSRF token and must
 * come from this site. Pages answer people: errors are pages, a missing session a 303 to the
 * sign-in page. Form bodies are `application/x-www-form-urlencoded`.
 */
import { KeyIdParamsSchema } from '#shared/domain/accounts/key-schemas';
import {
  BatchFormSchema,
  CaseFormSchema,
  CasesQuerySchema,
  CreateKeyFormSchema,
  CreateWebhookFormSchema,
  DomainPageQuerySchema,
  DomainPathSchema,
  NoticeQuerySchema,
  RunFormSchema,
  ScanFormSchema,
  ScansQuerySchema,
  SessionFormSchema,
  SessionIdParamsSchema,
  SignInQuerySchema,
  SignInRequestFormSchema,
  UpdateWebhookFormSchema,
  UuidParamsSchema,
  VerifiedQuerySchema,
} from '#shared/surfaces/dashboard/forms';
import type { RouteDefinition } from '#shared/surfaces/http/route';
import { ACCOUNT_PAGE_ROUTES } from './account-routes.ts';
import { AGENT_PAGE_ROUTES } from './agent-routes.ts';
import { ALERT_DASHBOARD_ROUTES } from './alert-routes.ts';
import { BILLING_PAGE_ROUTES } from './billing-routes.ts';
import { CASE_RUN_ROUTES } from './case-routes.ts';
import { withRoleScopes } from './dashboard-scopes.ts';
import { FORM_ERRORS, form, PAGE_ERRORS, page } from './route-kinds.ts';

export const DASHBOARD_ROUTES = withRoleScopes({
  dashboard_sign_in: page(
    'dashboard_sign_in',
    '/dashboard/sign-in',
    'Sign-in page: asks for an e-mail address; with `?token=` from a mailed link, asks to confirm',
    'sign-in',
    {
      description:
        'Without a token: the form that mails a sign-in link. With the `token` of a mailed link: a page with one button that uses it (a GET never signs in, so mail scanners cannot use links up). No session needed.',
      auth: 'none',
      request: { query: SignInQuerySchema },
      errors: ['sign_in_link_invalid'],
    },
  ),
  dashboard_request_link: form(
    'dashboard_request_link',
    '/dashboard/sign-in',
    'Mail a sign-in link',
    'request-link',
    {
      description:
        'Mails a single-use sign-in link (valid for SIGN_IN_LINK_TTL_S, default 15 minutes) when the address has an account, and answers the same page either way, so the form never tells whether an address has an account. At most SIGN_IN_LINKS_PER_ADDRESS_PER_HOUR links per address (default 5) and SIGN_IN_LINKS_PER_NETWORK_PER_HOUR per client network (default 30). Must come from this site.',
      auth: 'none',
      request: { body: SignInRequestFormSchema },
      errors: ['invalid_email', 'csrf_failed', 'sign_in_limited', 'service_unavailable'],
      sendsMail: true,
    },
  ),
  dashboard_create_session: form(
    'dashboard_create_session',
    '/dashboard/session',
    'Use a sign-in link: start a session',
    'create-session',
    {
      description:
        'Uses the link token once (a second use, an expired or unknown token: 400 `sign_in_link_invalid`), sets the HttpOnly, SameSite=Lax session cookie (Secure and `__Host-` prefixed over https) and redirects (303) to the dashboard. Must come from this site.',
      auth: 'none',
      request: { body: SessionFormSchema },
      errors: ['sign_in_link_invalid', 'csrf_failed'],
    },
  ),
  dashboard_sign_out: form(
    'dashboard_sign_out',
    '/dashboard/sign-out',
    'Sign out: end this session and clear its cookie',
    'sign-out',
  ),
  dashboard_revoke_session: form(
    'dashboard_revoke_session',
    '/dashboard/sessions/{id}/revoke',
    "End one of the account's sessions",
    'revoke-session',
    {
      request: { params: SessionIdParamsSchema },
      errors: [...FORM_ERRORS, 'not_found'],
    },
  ),
  dashboard_home: page(
    'dashboard_home',
    '/dashboard',
    "Overview: the account's plan, today's batch quota, its sessions",
    'home',
    {
      request: { query: NoticeQuerySchema },
    },
  ),
  dashboard_keys: page(
    'dashboard_keys',
    '/dashboard/keys',
    "The account's API keys and the form to create one",
    'keys',
    {
      request: { query: NoticeQuerySchema },
    },
  ),
  dashboard_create_key: form(
    'dashboard_create_key',
    '/dashboard/keys',
    'Create an API key (shown once, 201)',
    'create-key',
    {
      request: { body: CreateKeyFormSchema },
      response: { status: 201, raw: 'text/html' },
      errors: [...FORM_ERRORS, 'invalid_scope', 'admin_not_allowed'],
    },
  ),
  dashboard_revoke_key: form(
    'dashboard_revoke_key',
    '/dashboard/keys/{id}/revoke',
    'Revoke an API key',
    'revoke-key',
    {
      request: { params: KeyIdParamsSchema },
      errors: [...FORM_ERRORS, 'not_found'],
    },
  ),
  dashboard_scans: page(
    'dashboard_scans',
    '/dashboard/scans',
    "Run a scan; the account's scan history by domain (search, band filter, pages)",
    'scans',
    {
      request: { query: ScansQuerySchema },
      errors: [...PAGE_ERRORS, 'invalid_request', 'invalid_cursor'],
    },
  ),
  dashboard_domain: page(
    'dashboard_domain',
    '/dashboard/domains/{domain}',
    "One domain's scans with what changed in each check, and a rescan button",
    'domain',
    {
      request: { params: DomainPathSchema, query: DomainPageQuerySchema },
      errors: [...PAGE_ERRORS, 'not_found', 'invalid_cursor'],
    },
  ),
  dashboard_run_scan: form(
    'dashboard_run_scan',
    '/dashboard/scans',
    "Run a scan and show its result, or with `open=history` the domain's history (303)",
    'run-scan',
    {
      request: { body: ScanFormSchema },
      errors: [...FORM_ERRORS, 'invalid_domain', 'scan_failed'],
      publishesEvents: true,
    },
  ),
  dashboard_home_scan: form(
    'dashboard_home_scan',
    '/scans',
    "Scan a domain from the home page's box, without an account (303 to its result page)",
    'run-scan',
    {
      description:
        "The scan box of the home page and of every result page: an anonymous scan within the anonymous daily limit (per client address, as `scan_domain` without a key), then 303 to the scan's public page `/scans/{id}`. A refused domain, a reached limit or a failed scan answers the home page again with the domain kept and the message at the field. No session needed; must come from this site.",
      auth: 'none',
      request: { body: ScanFormSchema },
      errors: ['invalid_domain', 'csrf_failed', 'rate_limited', 'scan_failed'],
      publishesEvents: true,
    },
  ),
  dashboard_scan: page(
    'dashboard_scan',
    '/dashboard/scans/{id}',
    'One scan result, with its shareable link, its fix pack and "Check my fixes"',
    'scan',
    {
      request: { params: UuidParamsSchema, query: VerifiedQuerySchema },
      errors: [...PAGE_ERRORS, 'not_found'],
    },
  ),
  dashboard_verify_scan: form(
    'dashboard_verify_scan',
    '/dashboard/scans/{id}/verify',
    'Check my fixes: scan the site again (303 to the new scan, with what the fixes changed)',
    'run-scan',
    {
      request: { params: UuidParamsSchema },
      errors: [...FORM_ERRORS, 'not_found', 'invalid_domain', 'scan_failed'],
      publishesEvents: true,
    },
  ),
  dashboard_batches: page(
    'dashboard_batches',
    '/dashboard/batches',
    "Queue a batch (paste or upload a list); the account's recent batches",
    'batches',
  ),
  dashboard_create_batch: form(
    'dashboard_create_batch',
    '/dashboard/batches',
    'Queue a batch: accepted and rejected at once, then live progress (202)',
    'create-batch',
    {
      request: { body: BatchFormSchema },
      response: { status: 202, raw: 'text/html' },
      errors: [...FORM_ERRORS, 'plan_required', 'quota_exceeded'],
      starts: ['batch-scan'],
    },
  ),
  dashboard_batch: page(
    'dashboard_batch',
    '/dashboard/batches/{id}',
    'One batch: its progress and results',
    'batch',
    {
      request: { params: UuidParamsSchema },
      errors: [...PAGE_ERRORS, 'not_found'],
    },
  ),
  dashboard_batch_csv: page(
    'dashboard_batch_csv',
    '/dashboard/batches/{id}/results.csv',
    "One batch's results as CSV",
    'batch-csv',
    {
      request: { params: UuidParamsSchema },
      response: { status: 200, raw: 'text/csv' },
      errors: [...PAGE_ERRORS, 'not_found'],
    },
  ),
  dashboard_cases: page(
    'dashboard_cases',
    '/dashboard/cases',
    'The cases with their latest score (search, pages; every tenant for an operator)',
    'cases',
    {
      request: { query: CasesQuerySchema },
      errors: [...PAGE_ERRORS, 'no_account', 'invalid_cursor'],
    },
  ),
  dashboard_new_case: page(
    'dashboard_new_case',
    '/dashboard/cases/new',
    'The form to create a case',
    'new-case',
    { data: 'none' },
  ),
  dashboard_create_case: form(
    'dashboard_create_case',
    '/dashboard/cases',
    'Create a case (303 to it)',
    'create-case',
    {
      request: { body: CaseFormSchema },
      errors: [...FORM_ERRORS, 'no_account'],
    },
  ),
  dashboard_case: page(
    'dashboard_case',
    '/dashboard/cases/{id}',
    'One case: its runs with their status and the latest summary as charts',
    'case',
    {
      request: { params: UuidParamsSchema, query: NoticeQuerySchema },
      errors: [...PAGE_ERRORS, 'no_account', 'not_found'],
    },
  ),
  dashboard_edit_case: page(
    'dashboard_edit_case',
    '/dashboard/cases/{id}/edit',
    'The form to change a case',
    'edit-case',
    {
      request: { params: UuidParamsSchema },
      errors: [...PAGE_ERRORS, 'no_account', 'not_found'],
    },
  ),
  dashboard_update_case: form(
    'dashboard_update_case',
    '/dashboard/cases/{id}',
    'Change a case (303 to it)',
    'update-case',
    {
      request: { params: UuidParamsSchema, body: CaseFormSchema },
      errors: [...FORM_ERRORS, 'no_account', 'not_found'],
    },
  ),
  dashboard_start_run: form(
    'dashboard_start_run',
    '/dashboard/cases/{id}/runs',
    'Start a manual run (Pro; 303 to the case)',
    'start-run',
    {
      request: { params: UuidParamsSchema, body: RunFormSchema },
      errors: [...FORM_ERRORS, 'no_account', 'not_found', 'plan_required', 'run_pending'],
      starts: ['monitor-run'],
    },
  ),
  ...CASE_RUN_ROUTES,
  ...ALERT_DASHBOARD_ROUTES,
  ...AGENT_PAGE_ROUTES,
  ...BILLING_PAGE_ROUTES,
  dashboard_webhooks: page(
    'dashboard_webhooks',
    '/dashboard/webhooks',
    'Webhook endpoints and recent deliveries with their attempts',
    'webhooks',
    {
      request: { query: NoticeQuerySchema },
    },
  ),
  dashboard_create_webhook: form(
    'dashboard_create_webhook',
    '/dashboard/webhooks',
    'Add an endpoint (its signing secret shown once, 201)',
    'create-webhook',
    {
      request: { body: CreateWebhookFormSchema },
      response: { status: 201, raw: 'text/html' },
      errors: [...FORM_ERRORS, 'invalid_url', 'invalid_event', 'duplicate_endpoint'],
    },
  ),
  dashboard_update_webhook: form(
    'dashboard_update_webhook',
    '/dashboard/webhooks/{id}',
    "Change an endpoint's label and events, pause or resume it",
    'update-webhook',
    {
      request: { params: UuidParamsSchema, body: UpdateWebhookFormSchema },
      errors: [...FORM_ERRORS, 'invalid_event', 'not_found'],
      starts: ['webhook-delivery'],
    },
  ),
  dashboard_test_webhook: form(
    'dashboard_test_webhook',
    '/dashboard/webhooks/{id}/test',
    'Send a test event now',
    'test-webhook',
    {
      request: { params: UuidParamsSchema },
      errors: [...FORM_ERRORS, 'not_found'],
    },
  ),
  dashboard_delete_webhook: form(
    'dashboard_delete_webhook',
    '/dashboard/webhooks/{id}/delete',
    'Delete an endpoint',
    'delete-webhook',
    {
      request: { params: UuidParamsSchema },
      errors: [...FORM_ERRORS, 'not_found'],
    },
  ),
  dashboard_redeliver: form(
    'dashboard_redeliver',
    '/dashboard/webhooks/deliveries/{id}/redeliver',
    'Send a delivery again',
    'redeliver',
    {
      request: { params: UuidParamsSchema },
      errors: [...FORM_ERRORS, 'not_found'],
      starts: ['webhook-delivery'],
    },
  ),
  ...ACCOUNT_PAGE_ROUTES,
} as const satisfies Record<string, RouteDefinition>);
