/**
 * The route manifest's alert entries (docs/alerts.md; all additions): a case's alert rules, their
 * firings and deliveries, the preview over past runs, the case's digest, and report links to a
 * run with the public page they open.
 */
import { DigestResponseSchema, PutDigestBodySchema } from '#shared/domain/alerts/digest';
import {
  AlertIdParamsSchema,
  AlertResponseSchema,
  CreateAlertBodySchema,
  DeleteAlertResponseSchema,
  ListAlertDeliveriesResponseSchema,
  ListAlertsResponseSchema,
  PreviewAlertBodySchema,
  PreviewAlertResponseSchema,
} from '#shared/domain/alerts/schemas';
import { RunIdParamsSchema } from '#shared/domain/monitor/run-schemas';
import { CaseIdParamsSchema } from '#shared/domain/monitor/schemas';
import {
  CreateReportLinkBodySchema,
  CreateReportLinkResponseSchema,
  DeleteReportLinkResponseSchema,
  ListReportLinksResponseSchema,
  ReportLinkParamsSchema,
  ReportTokenParamsSchema,
} from '#shared/domain/reports/schemas';
import type { RouteDefinition } from '#shared/surfaces/http/route';

const TAG = 'Alerts';
const READ_ERRORS = ['unauthorized', 'insufficient_scope', 'no_account', 'not_found'] as const;

/** Shared fields of the alert routes (API area `monitor`, functions in functions/http/alerts/). */
const base = {
  area: 'monitor',
  tag: TAG,
  auth: 'required',
  mcpTool: false,
  addition: true,
} as const;

export const ALERT_ROUTES = {
  create_alert: {
    ...base,
    operationId: 'create_alert',
    method: 'POST',
    path: '/api/v1/cases/{id}/alerts',
    summary: 'Create an alert rule on a case',
    description:
      'A rule watches one metric of the case’s runs (`mention_rate`, `share_of_answer`, ' +
      '`own_citation_rate`, `total_score`, `citations_lost`, `new_competitor`, `model_changed`) ' +
      'for a condition (`drop`, `rise`, `change`, `below`, `above`; `threshold` for the last ' +
      'two), narrowed by `family` or `brand`, and tells its channels (`webhook`: the ' +
      '`case.alert` event; `email`; `slack_url`) at most once per run, after the run is done. ' +
      'With `significant_only` (default) only a change beyond its 95 % interval fires it, with ' +
      'its cause and evidence. Own cases only; a bad rule is 400.',
    scope: 'monitor:write',
    request: { params: CaseIdParamsSchema, body: CreateAlertBodySchema },
    response: { status: 201, schema: AlertResponseSchema },
    errors: ['invalid_request', 'invalid_url', ...READ_ERRORS],
    data: 'readwrite',
    handler: 'functions/http/alerts/create-alert.ts',
    idempotent: true,
  },
  list_alerts: {
    ...base,
    operationId: 'list_alerts',
    method: 'GET',
    path: '/api/v1/cases/{id}/alerts',
    summary: 'List the alert rules of a case',
    description:
      'Each rule with its fields, `created_at` and `last_fired_at`, oldest first. A caller that ' +
      'may not change the rules sees a Slack URL shortened to its host and first path segment.',
    scope: 'monitor:read',
    request: { params: CaseIdParamsSchema },
    response: { status: 200, schema: ListAlertsResponseSchema },
    errors: [...READ_ERRORS],
    data: 'read',
    handler: 'functions/http/alerts/list-alerts.ts',
  },
  delete_alert: {
    ...base,
    operationId: 'delete_alert',
    method: 'DELETE',
    path: '/api/v1/cases/{id}/alerts/{alert_id}',
    summary: 'Delete an alert rule',
    description:
      'The rule stops firing; its Slack and e-mail deliveries still waiting for a retry are ' +
      'dropped. Own cases only.',
    scope: 'monitor:write',
    request: { params: AlertIdParamsSchema },
    response: { status: 200, schema: DeleteAlertResponseSchema },
    errors: [...READ_ERRORS],
    data: 'readwrite',
    handler: 'functions/http/alerts/delete-alert.ts',
  },
  list_alert_deliveries: {
    ...base,
    operationId: 'list_alert_deliveries',
    method: 'GET',
    path: '/api/v1/cases/{id}/alerts/{alert_id}/deliveries',
    summary: 'The firings of an alert rule and their deliveries',
    description:
      'The rule’s latest 20 firings, newest first, each with what moved and its deliveries on ' +
      'every channel (webhook, Slack, e-mail), recorded like webhook deliveries: status, ' +
      'attempts, last status and error, every attempt.',
    scope: 'monitor:read',
    request: { params: AlertIdParamsSchema },
    response: { status: 200, schema: ListAlertDeliveriesResponseSchema },
    errors: [...READ_ERRORS],
    data: 'read',
    handler: 'functions/http/alerts/list-alert-deliveries.ts',
  },
  preview_alert: {
    ...base,
    operationId: 'preview_alert',
    method: 'POST',
    path: '/api/v1/cases/{id}/alerts/preview',
    summary: 'How often a rule would have fired over the case’s past runs',
    description:
      'Evaluates the rule in the body (channels are not needed and ignored) on each of the ' +
      'case’s latest 24 finished runs against the run before it, as a firing would, and answers ' +
      'how many runs it would have fired on and with what. Changes nothing.',
    scope: 'monitor:read',
    request: { params: CaseIdParamsSchema, body: PreviewAlertBodySchema },
    response: { status: 200, schema: PreviewAlertResponseSchema },
    errors: ['invalid_request', ...READ_ERRORS],
    data: 'read',
    handler: 'functions/http/alerts/preview-alert.ts',
  },
  get_case_digest: {
    ...base,
    operationId: 'get_case_digest',
    method: 'GET',
    path: '/api/v1/cases/{id}/digest',
    summary: 'The case’s digest settings',
    description:
      'Whether a digest mail (headline figures, significant changes, a link to the run) goes out ' +
      'after each finished run, and to whom.',
    scope: 'monitor:read',
    request: { params: CaseIdParamsSchema },
    response: { status: 200, schema: DigestResponseSchema },
    errors: [...READ_ERRORS],
    data: 'read',
    handler: 'functions/http/alerts/get-case-digest.ts',
  },
  set_case_digest: {
    ...base,
    operationId: 'set_case_digest',
    method: 'PUT',
    path: '/api/v1/cases/{id}/digest',
    summary: 'Switch the case’s digest on or off',
    description:
      '`enabled` with at least one address in `email` (kept when left out). Own cases only.',
    scope: 'monitor:write',
    request: { params: CaseIdParamsSchema, body: PutDigestBodySchema },
    response: { status: 200, schema: DigestResponseSchema },
    errors: ['invalid_request', ...READ_ERRORS],
    data: 'readwrite',
    handler: 'functions/http/alerts/set-case-digest.ts',
  },
  create_report_link: {
    ...base,
    operationId: 'create_report_link',
    method: 'POST',
    path: '/api/v1/cases/{id}/runs/{run_id}/report-links',
    summary: 'Make a link to a read-only report of a finished run',
    description:
      'The link opens a page without an account: the run’s summary for a client, under the ' +
      'given `title` and `logo_url` (https), until `expires_in_days` (default 30, at most 365) ' +
      'or revocation. `url` carries a long random token and is shown only here. Own cases only; ' +
      'a run that is not done is 409 `no_run`.',
    scope: 'monitor:write',
    request: {
      params: RunIdParamsSchema,
      body: CreateReportLinkBodySchema,
      optionalBody: true,
    },
    response: { status: 201, schema: CreateReportLinkResponseSchema },
    errors: ['invalid_request', 'invalid_url', ...READ_ERRORS, 'no_run'],
    data: 'readwrite',
    handler: 'functions/http/alerts/create-report-link.ts',
    idempotent: true,
  },
  list_report_links: {
    ...base,
    operationId: 'list_report_links',
    method: 'GET',
    path: '/api/v1/cases/{id}/runs/{run_id}/report-links',
    summary: 'The report links of a run',
    description: 'Newest first, with `expires_at` and `expired`; never their token or address.',
    scope: 'monitor:read',
    request: { params: RunIdParamsSchema },
    response: { status: 200, schema: ListReportLinksResponseSchema },
    errors: [...READ_ERRORS],
    data: 'read',
    handler: 'functions/http/alerts/list-report-links.ts',
  },
  delete_report_link: {
    ...base,
    operationId: 'delete_report_link',
    method: 'DELETE',
    path: '/api/v1/cases/{id}/runs/{run_id}/report-links/{link_id}',
    summary: 'Revoke a report link',
    description: 'Its page answers 404 from now on. Own cases only.',
    scope: 'monitor:write',
    request: { params: ReportLinkParamsSchema },
    response: { status: 200, schema: DeleteReportLinkResponseSchema },
    errors: [...READ_ERRORS],
    data: 'readwrite',
    handler: 'functions/http/alerts/delete-report-link.ts',
  },
  report_page: {
    operationId: 'report_page',
    area: 'pages',
    method: 'GET',
    path: '/reports/{token}',
    summary: 'A run’s report for a client (HTML, no account)',
    description:
      'The page a report link opens: scores with their intervals, share of answer against the ' +
      'competitors, the changes and their causes, the top cited pages, the fixes and their ' +
      'verdicts, under the agency’s title and logo. Printable (one section per page). A revoked ' +
      'or expired link, or an unknown token, answers 404.',
    tag: 'Pages',
    auth: 'none',
    request: { params: ReportTokenParamsSchema },
    response: { status: 200, raw: 'text/html' },
    errors: ['not_found'],
    data: 'read',
    handler: 'functions/http/pages/report-page.ts',
    mcpTool: false,
    addition: true,
  },
} as const satisfies Record<string, RouteDefinition>;
