/**
 * The docs examples' steps of issue 39 (steps.ts says how steps run): alert rules, the digest and
 * report links of the API's finished run, then the same through the dashboard's Alerts tab. Each
 * rule and link made is bound to its stand-in id, then revoked or deleted at the end.
 */
import { EXAMPLE_IDS } from '#shared/surfaces/api/example-requests';
import { pick, uuidIn } from './answer-ids.ts';
import type { Step } from './steps.ts';

const ID = EXAMPLE_IDS;

/** After the API run's reads, before its prompts change. */
export const ALERT_API_STEPS: Step[] = [
  { operationId: 'create_alert', after: (c) => c.bind(ID.alert, pick(c.json(), 'alert', 'id')) },
  { operationId: 'list_alerts' },
  { operationId: 'preview_alert' },
  { operationId: 'list_alert_deliveries' },
  { operationId: 'set_case_digest' },
  { operationId: 'get_case_digest' },
  {
    operationId: 'create_report_link',
    after: (c) => {
      c.bind(ID.reportLink, pick(c.json(), 'link', 'id'));
      c.bind(ID.reportToken, pick(c.json(), 'link', 'url').split('/reports/')[1] ?? '');
    },
  },
  { operationId: 'list_report_links' },
  { operationId: 'report_page' },
  { operationId: 'delete_report_link' },
  { operationId: 'delete_alert' },
];

/** After the dashboard run's pages. */
export const ALERT_DASHBOARD_STEPS: Step[] = [
  { operationId: 'dashboard_case_alerts' },
  {
    operationId: 'dashboard_create_alert',
    status: 303,
    after: async (c) => {
      const page = await c.browserGet(c.location ?? '');
      c.bind(ID.dashboardAlert, uuidIn(page, '/alerts/'));
    },
  },
  { operationId: 'dashboard_case_digest', status: 303 },
  {
    operationId: 'dashboard_create_report_link',
    status: 201,
    after: (c) => c.bind(ID.dashboardReportLink, uuidIn(c.text, '/report-links/')),
  },
  { operationId: 'dashboard_revoke_report_link', status: 303 },
  { operationId: 'dashboard_delete_alert', status: 303 },
];
