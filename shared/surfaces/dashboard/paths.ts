/**
 * The dashboard's addresses, read from its routes (`routes.ts`, the dashboard's part of the route
 * manifest): a path is written once, in the route, and pages link with these. A unit test checks
 * each against the manifest's matcher.
 */
import { DASHBOARD_ROUTES } from './routes.ts';

type DashboardOperationId = keyof typeof DASHBOARD_ROUTES;

const path = (operationId: DashboardOperationId): string => DASHBOARD_ROUTES[operationId].path;

/** The path of a route with one `{id}` segment, for one id. */
const at =
  (operationId: DashboardOperationId) =>
  (id: string): string =>
    path(operationId).replace('{id}', encodeURIComponent(id));

/** The path of a route with `{id}` and `{run_id}`, with an optional query. */
const atRun =
  (operationId: DashboardOperationId) =>
  (id: string, runId: string, query: Record<string, string> = {}): string => {
    const base = path(operationId)
      .replace('{id}', encodeURIComponent(id))
      .replace('{run_id}', encodeURIComponent(runId));
    const search = new URLSearchParams(query).toString();
    return search ? `${base}?${search}` : base;
  };

export const DASHBOARD_PATHS = {
  home: path('dashboard_home'),
  signIn: path('dashboard_sign_in'),
  session: path('dashboard_create_session'),
  signOut: path('dashboard_sign_out'),
  revokeSession: at('dashboard_revoke_session'),
  keys: path('dashboard_keys'),
  revokeKey: at('dashboard_revoke_key'),
  scans: path('dashboard_scans'),
  scan: at('dashboard_scan'),
  verifyScan: at('dashboard_verify_scan'),
  domain: (domain: string): string =>
    path('dashboard_domain').replace('{domain}', encodeURIComponent(domain)),
  domainAgents: (domain: string): string =>
    path('dashboard_domain_agents').replace('{domain}', encodeURIComponent(domain)),
  domainAgentLogs: (domain: string): string =>
    path('dashboard_upload_agent_log').replace('{domain}', encodeURIComponent(domain)),
  batches: path('dashboard_batches'),
  batch: at('dashboard_batch'),
  batchCsv: at('dashboard_batch_csv'),
  cases: path('dashboard_cases'),
  newCase: path('dashboard_new_case'),
  case: at('dashboard_case'),
  editCase: at('dashboard_edit_case'),
  caseRuns: at('dashboard_start_run'),
  caseRun: atRun('dashboard_case_run'),
  runAnswers: atRun('dashboard_run_answers'),
  trackCompetitor: at('dashboard_track_competitor'),
  caseStatus: at('dashboard_case_status'),
  casePrompts: at('dashboard_case_prompts'),
  caseTranslations: at('dashboard_save_translations'),
  caseAlerts: at('dashboard_case_alerts'),
  caseDigest: at('dashboard_case_digest'),
  reportLinks: at('dashboard_create_report_link'),
  deleteAlert: (id: string, alertId: string): string =>
    path('dashboard_delete_alert')
      .replace('{id}', encodeURIComponent(id))
      .replace('{alert_id}', encodeURIComponent(alertId)),
  revokeReportLink: (id: string, runId: string, linkId: string): string =>
    atRun('dashboard_revoke_report_link')(id, runId).replace(
      '{link_id}',
      encodeURIComponent(linkId),
    ),
  webhooks: path('dashboard_webhooks'),
  webhook: at('dashboard_update_webhook'),
  testWebhook: at('dashboard_test_webhook'),
  deleteWebhook: at('dashboard_delete_webhook'),
  redeliver: at('dashboard_redeliver'),
  billing: path('dashboard_billing'),
  billingCheckout: path('dashboard_billing_checkout'),
  billingPortal: path('dashboard_billing_portal'),
  account: path('dashboard_account'),
  /** The invitations' pages: each invitation's token after this prefix. */
  invitations: path('dashboard_invitation').replace('/{token}', ''),
  invitation: (token: string): string =>
    path('dashboard_invitation').replace('{token}', encodeURIComponent(token)),
  declineInvitation: (token: string): string =>
    path('dashboard_decline_invitation').replace('{token}', encodeURIComponent(token)),
  switchAccount: path('dashboard_switch_account'),
  invite: path('dashboard_invite'),
  withdrawInvitation: at('dashboard_withdraw_invitation'),
  member: (userId: string): string =>
    path('dashboard_change_role').replace('{user_id}', encodeURIComponent(userId)),
  removeMember: (userId: string): string =>
    path('dashboard_remove_member').replace('{user_id}', encodeURIComponent(userId)),
  transfer: path('dashboard_transfer'),
} as const;
