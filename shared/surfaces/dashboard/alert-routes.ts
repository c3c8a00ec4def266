/**
 * The dashboard's routes of a case's Alerts tab (docs/dashboard.md "Alerts"); part of
 * `DASHBOARD_ROUTES`. The tab reads with `monitor:read`; its forms change with `monitor:write`,
 * so a viewer's post is refused 403 `insufficient_scope` by the session gate.
 */
import type { RouteDefinition } from '#shared/surfaces/http/route';
import { NoticeQuerySchema, UuidParamsSchema } from './forms.ts';
import {
  AlertFormSchema,
  AlertParamsFormSchema,
  DigestFormSchema,
  ReportLinkFormSchema,
  ReportLinkParamsFormSchema,
} from './forms-alerts.ts';
import { FORM_ERRORS, form, PAGE_ERRORS, page } from './route-kinds.ts';

const WRITE = { scope: 'monitor:write' } as const;
const FORM_REFUSALS = [...FORM_ERRORS, 'no_account', 'not_found', 'insufficient_scope'] as const;

export const ALERT_DASHBOARD_ROUTES = {
  dashboard_case_alerts: page(
    'dashboard_case_alerts',
    '/dashboard/cases/{id}/alerts',
    "A case's Alerts tab: its rules with their deliveries, a new rule with a preview over past runs, the digest and the report links",
    'case-alerts',
    {
      scope: 'monitor:read',
      request: { params: UuidParamsSchema, query: NoticeQuerySchema },
      errors: [...PAGE_ERRORS, 'no_account', 'not_found', 'insufficient_scope'],
    },
  ),
  dashboard_create_alert: form(
    'dashboard_create_alert',
    '/dashboard/cases/{id}/alerts',
    'Preview or create an alert rule (`preview_alert`, `create_alert`; 303 to the tab)',
    'alert-forms',
    {
      ...WRITE,
      request: { params: UuidParamsSchema, body: AlertFormSchema },
      errors: [...FORM_REFUSALS, 'invalid_url'],
    },
  ),
  dashboard_delete_alert: form(
    'dashboard_delete_alert',
    '/dashboard/cases/{id}/alerts/{alert_id}/delete',
    'Delete an alert rule (`delete_alert`; 303 to the tab)',
    'alert-forms',
    { ...WRITE, request: { params: AlertParamsFormSchema }, errors: [...FORM_REFUSALS] },
  ),
  dashboard_case_digest: form(
    'dashboard_case_digest',
    '/dashboard/cases/{id}/digest',
    "Switch the case's digest on or off (`set_case_digest`; 303 to the tab)",
    'alert-forms',
    {
      ...WRITE,
      request: { params: UuidParamsSchema, body: DigestFormSchema },
      errors: [...FORM_REFUSALS],
    },
  ),
  dashboard_create_report_link: form(
    'dashboard_create_report_link',
    '/dashboard/cases/{id}/report-links',
    'Make a report link to a finished run (`create_report_link`); the page shows its address once',
    'alert-forms',
    {
      ...WRITE,
      request: { params: UuidParamsSchema, body: ReportLinkFormSchema },
      // The tab again with the new link's address (shown this once): a page for what was made.
      response: { status: 201, raw: 'text/html' },
      errors: [...FORM_REFUSALS, 'invalid_url', 'no_run'],
    },
  ),
  dashboard_revoke_report_link: form(
    'dashboard_revoke_report_link',
    '/dashboard/cases/{id}/runs/{run_id}/report-links/{link_id}/revoke',
    'Revoke a report link (`delete_report_link`; 303 to the tab)',
    'alert-forms',
    { ...WRITE, request: { params: ReportLinkParamsFormSchema }, errors: [...FORM_REFUSALS] },
  ),
} as const satisfies Record<string, RouteDefinition>;
