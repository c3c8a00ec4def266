/**
 * The example requests of issue 39's routes (alert rules, the digest, report links and their
 * dashboard forms), a part of `EXAMPLE_REQUESTS` (example-requests.ts, which says how the examples
 * are sent and captured). Functions of the ids, so that this file needs nothing of that one at
 * run time.
 */
import type { EXAMPLE_IDS, ExampleRequestSpec } from './example-requests.ts';

type Ids = typeof EXAMPLE_IDS;

/** The API routes' examples: rules, the digest, report links and the public report page. */
export function alertApiRequests(ids: Ids): Record<string, ExampleRequestSpec> {
  return {
    create_alert: {
      params: { id: ids.case },
      body: {
        metric: 'share_of_answer',
        condition: 'drop',
        channels: { webhook: true, email: ['marketing@example.com'] },
      },
    },
    list_alerts: { params: { id: ids.case } },
    preview_alert: {
      params: { id: ids.case },
      body: {
        metric: 'mention_rate',
        family: 'openai',
        condition: 'drop',
        significant_only: false,
      },
    },
    list_alert_deliveries: { params: { id: ids.case, alert_id: ids.alert } },
    delete_alert: { params: { id: ids.case, alert_id: ids.alert } },
    get_case_digest: { params: { id: ids.case } },
    set_case_digest: {
      params: { id: ids.case },
      body: { enabled: true, email: ['marketing@example.com'] },
    },
    create_report_link: {
      params: { id: ids.case, run_id: ids.run },
      body: { title: 'Northwind Agency: AI visibility report', expires_in_days: 14 },
    },
    list_report_links: { params: { id: ids.case, run_id: ids.run } },
    delete_report_link: { params: { id: ids.case, run_id: ids.run, link_id: ids.reportLink } },
    report_page: { params: { token: ids.reportToken } },
  };
}

/** The dashboard forms' examples: each form post carries the page's CSRF field. */
export function alertDashboardRequests(
  ids: Ids,
  csrf: { csrf_token: string },
): Record<string, ExampleRequestSpec> {
  const dashboardCase = { id: ids.dashboardCase };
  const dashboardRun = { id: ids.dashboardCase, run_id: ids.dashboardRun };
  return {
    dashboard_case_alerts: { params: dashboardCase },
    dashboard_create_alert: {
      params: dashboardCase,
      body: {
        ...csrf,
        metric: 'total_score',
        condition: 'drop',
        threshold: '5',
        significant_only: 'on',
        email: 'marketing@example.com',
        intent: 'create',
      },
    },
    dashboard_delete_alert: {
      params: { ...dashboardCase, alert_id: ids.dashboardAlert },
      body: csrf,
    },
    dashboard_case_digest: {
      params: dashboardCase,
      body: { ...csrf, enabled: 'on', email: 'marketing@example.com' },
    },
    dashboard_create_report_link: {
      params: dashboardCase,
      body: { ...csrf, run_id: ids.dashboardRun, title: 'Northwind Agency', expires_in_days: '14' },
    },
    dashboard_revoke_report_link: {
      params: { ...dashboardRun, link_id: ids.dashboardReportLink },
      body: csrf,
    },
  };
}
