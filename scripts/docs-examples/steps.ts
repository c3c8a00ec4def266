/**
 * The order in which the docs' example requests are sent (docs/decisions.md "Docs examples that
 * run"), so that each finds what it reads: a key and an endpoint first, then scans (delivered to
 * the endpoint), a batch, a case, its prompts and its run, the site documents, the dashboard's
 * pages and forms as a signed-in browser sends them, and last the home page's scan box as a
 * visitor's browser sends it. After a step, `after` binds the ids it created to the
 * stand-ins the later examples name, and waits for what runs in the background.
 */
import {
  EXAMPLE_CSRF,
  EXAMPLE_DECLINED_TOKEN,
  EXAMPLE_IDS,
  EXAMPLE_INVITATION_TOKEN,
  EXAMPLE_SIGN_IN_TOKEN,
  EXAMPLE_TEAM,
} from '#shared/surfaces/api/example-requests';
import {
  EXAMPLE_STRIPE_IDS,
  EXAMPLE_STRIPE_PAGES,
} from '#shared/surfaces/api/example-stripe-event';
import { ALERT_API_STEPS, ALERT_DASHBOARD_STEPS } from './alert-steps.ts';
import { pick, uuidIn } from './answer-ids.ts';

/** What a step's hooks can do: bind stand-ins, wait, and look as the signed-in browser. */
export interface RunContext {
  bind(standIn: string, real: string): void;
  waitForWorkflow(name: string): Promise<void>;
  waitForBatch(id: string): Promise<void>;
  /** Waits until the uploaded access log of the examples' site is processed. */
  waitForAgentLog(id: string): Promise<void>;
  /** A dashboard page as the signed-in browser sees it. */
  browserGet(path: string): Promise<string>;
  /** The token of the newest sign-in link mailed to the address (the local outbox). */
  signInToken(email: string): string;
  /** Signs the user in from a second browser; that session's id. */
  otherSession(): Promise<string>;
  /** Makes `email` a member of the examples' account with `role` (invited, accepted); its id. */
  addMember(email: string, role: 'admin' | 'member' | 'viewer'): Promise<string>;
  /** The id of the billing simulator's customer with this address (made by the Upgrade form). */
  stripeCustomer(email: string): string;
  /** An account of `from` invites the examples' address; the mailed link's token. */
  inviteExampleUser(from: string): Promise<string>;
  /** The account's owner hands it back to the examples' address (its examples need an owner). */
  handBack(): Promise<void>;
}

/** What a step's follow-up reads: its answer, besides the run's context. */
export interface StepContext extends RunContext {
  json(): Record<string, unknown>;
  text: string;
  location: string | null;
}

export interface Step {
  operationId: string;
  /** The status the example must answer; default: the route's success status. */
  status?: number;
  before?: (context: RunContext) => Promise<void> | void;
  after?: (context: StepContext) => Promise<void> | void;
  /** The answer as the docs show it, when the whole would drown the page (a long list). */
  shown?: (body: Record<string, unknown>) => Record<string, unknown>;
}

/** Shows the first `count` items of a long list (the docs link where the rest is). */
function firstOf(field: string, count: number) {
  return (body: Record<string, unknown>) => {
    const list = body[field];
    return Array.isArray(list) ? { ...body, [field]: list.slice(0, count) } : body;
  };
}

const ID = EXAMPLE_IDS;
/** The account the examples run as (the sign-in form's example address). */
export const EXAMPLE_EMAIL = 'you@example.com';

const API_STEPS: Step[] = [
  { operationId: 'create_key', after: (c) => c.bind(ID.key, pick(c.json(), 'key', 'id')) },
  { operationId: 'list_keys' },
  {
    operationId: 'create_webhook',
    after: (c) => c.bind(ID.endpoint, pick(c.json(), 'endpoint', 'id')),
  },
  { operationId: 'update_webhook' },
  {
    operationId: 'test_webhook',
    after: (c) => c.bind(ID.delivery, pick(c.json(), 'delivery', 'id')),
  },
  { operationId: 'scan_domain', after: (c) => c.bind(ID.scan, pick(c.json(), 'scan', 'id')) },
  { operationId: 'get_scan' },
  // The fix pack lists every file it generates: the example shows the first two fixes.
  { operationId: 'get_scan_fixes', shown: firstOf('fixes', 2) },
  // The new scan is a scan as get_scan shows it: the example keeps its first two checks.
  {
    operationId: 'verify_scan',
    shown: (body) => {
      const scan = body.scan as { checks?: unknown[] } | undefined;
      return { ...body, scan: { ...scan, checks: scan?.checks?.slice(0, 2) } };
    },
  },
  { operationId: 'list_scans' },
  { operationId: 'list_domains' },
  { operationId: 'list_domain_scans' },
  { operationId: 'get_stats' },
  // 240 ids and more: the docs list them all under #findings; the example shows the first three.
  { operationId: 'list_finding_types', shown: firstOf('finding_types', 3) },
  { operationId: 'scan_page' },
  { operationId: 'scan_badge' },
  // The scanned site's access log: the upload, its processing, what the agents fetched.
  {
    operationId: 'upload_agent_log',
    after: async (c) => {
      const id = pick(c.json(), 'ingest', 'id');
      c.bind(ID.agentLog, id);
      await c.waitForAgentLog(id);
    },
  },
  { operationId: 'get_agent_log' },
  { operationId: 'get_domain_agents' },
  { operationId: 'get_agent_registry' },
  {
    operationId: 'create_batch',
    after: async (c) => {
      const id = pick(c.json(), 'job', 'id');
      c.bind(ID.batch, id);
      await c.waitForBatch(id);
    },
  },
  { operationId: 'list_batches' },
  { operationId: 'get_batch' },
  { operationId: 'create_case', after: (c) => c.bind(ID.case, pick(c.json(), 'case', 'id')) },
  { operationId: 'get_case' },
  { operationId: 'patch_case' },
  {
    operationId: 'get_case_prompts',
    after: (c) => c.bind(ID.promptSet, pick(c.json(), 'prompt_set_version')),
  },
  { operationId: 'list_cases' },
  {
    operationId: 'create_run',
    after: async (c) => {
      const id = pick(c.json(), 'run', 'id');
      c.bind(ID.run, id);
      await c.waitForWorkflow(`monitor-${id}`);
    },
  },
  { operationId: 'list_runs' },
  { operationId: 'get_run' },
  { operationId: 'get_case_summary' },
  { operationId: 'list_fixes' },
  { operationId: 'list_run_answers' },
  // Alerts, the digest and report links of the finished run (docs/alerts.md).
  ...ALERT_API_STEPS,
  // After the run's reads: the run asked the list as generated, the change applies to the next.
  { operationId: 'set_case_prompts' },
  { operationId: 'redeliver_webhook_delivery' },
  { operationId: 'list_webhooks' },
  { operationId: 'rotate_webhook_secret' },
  { operationId: 'delete_run_answers' },
  { operationId: 'revoke_key' },
  { operationId: 'delete_webhook' },
  // The account as a team: an invitation made and withdrawn, a member's role changed, another
  // member removed, an export, and the log of it all (the account is handed over at the end).
  {
    operationId: 'create_invitation',
    after: (c) => c.bind(ID.invitation, pick(c.json(), 'invitation', 'id')),
  },
  { operationId: 'get_account', after: (c) => c.bind(ID.account, pick(c.json(), 'account', 'id')) },
  { operationId: 'withdraw_invitation' },
  {
    operationId: 'change_member_role',
    before: async (c) => c.bind(ID.member, await c.addMember(EXAMPLE_TEAM.member, 'member')),
  },
  {
    operationId: 'remove_member',
    before: async (c) =>
      c.bind(ID.removedMember, await c.addMember(EXAMPLE_TEAM.removed, 'viewer')),
  },
  {
    operationId: 'create_export',
    after: async (c) => {
      const id = pick(c.json(), 'export', 'id');
      c.bind(ID.export, id);
      await c.waitForWorkflow(`export-${id}`);
    },
  },
  { operationId: 'get_export' },
  { operationId: 'list_audit_log' },
  { operationId: 'get_openapi' },
  { operationId: 'docs_page' },
  { operationId: 'site_home' },
  { operationId: 'site_document' },
  { operationId: 'well_known_document' },
  { operationId: 'well_known_folder_document' },
  { operationId: 'mcp_server_card' },
  { operationId: 'signatures_directory' },
];

/** A page's first link of this form (`/dashboard/keys/` then an id), for the id in it. */
const idIn = (text: string, pattern: RegExp): string => {
  const found = pattern.exec(text)?.[1];
  if (!found) throw new Error(`no ${pattern} on the page`);
  return found;
};

const DASHBOARD_STEPS: Step[] = [
  { operationId: 'dashboard_sign_in' },
  { operationId: 'dashboard_request_link' },
  {
    operationId: 'dashboard_create_session',
    status: 303,
    before: (c) => c.bind(EXAMPLE_SIGN_IN_TOKEN, c.signInToken(EXAMPLE_EMAIL)),
  },
  {
    operationId: 'dashboard_home',
    after: (c) => c.bind(EXAMPLE_CSRF, idIn(c.text, /name="csrf_token" value="([^"]+)"/)),
  },
  {
    operationId: 'dashboard_revoke_session',
    status: 303,
    before: async (c) => c.bind(ID.otherSession, await c.otherSession()),
  },
  { operationId: 'dashboard_keys' },
  {
    operationId: 'dashboard_create_key',
    after: (c) => c.bind(ID.dashboardKey, idIn(c.text, /\/dashboard\/keys\/(key_\w+)\/revoke/)),
  },
  { operationId: 'dashboard_revoke_key', status: 303 },
  { operationId: 'dashboard_scans' },
  {
    operationId: 'dashboard_run_scan',
    status: 303,
    after: (c) => c.bind(ID.dashboardScan, uuidIn(c.location ?? '', '/dashboard/scans/')),
  },
  { operationId: 'dashboard_scan' },
  { operationId: 'dashboard_verify_scan', status: 303 },
  { operationId: 'dashboard_domain' },
  { operationId: 'dashboard_agents' },
  { operationId: 'dashboard_domain_agents' },
  { operationId: 'dashboard_upload_agent_log', status: 303 },
  { operationId: 'dashboard_batches' },
  {
    operationId: 'dashboard_create_batch',
    after: async (c) => {
      const id = uuidIn(c.text, '/dashboard/batches/');
      c.bind(ID.dashboardBatch, id);
      await c.waitForBatch(id);
    },
  },
  { operationId: 'dashboard_batch' },
  { operationId: 'dashboard_batch_csv' },
  { operationId: 'dashboard_cases' },
  { operationId: 'dashboard_new_case' },
  {
    operationId: 'dashboard_create_case',
    status: 303,
    after: (c) => c.bind(ID.dashboardCase, uuidIn(c.location ?? '', '/dashboard/cases/')),
  },
  { operationId: 'dashboard_case' },
  { operationId: 'dashboard_edit_case' },
  { operationId: 'dashboard_update_case', status: 303 },
  {
    operationId: 'dashboard_start_run',
    status: 303,
    after: async (c) => {
      const page = await c.browserGet(
        `/dashboard/cases/${uuidIn(c.location ?? '', '/dashboard/cases/')}`,
      );
      const id = uuidIn(page, '/runs/');
      c.bind(ID.dashboardRun, id);
      await c.waitForWorkflow(`monitor-${id}`);
    },
  },
  { operationId: 'dashboard_case_run' },
  { operationId: 'dashboard_run_answers' },
  ...ALERT_DASHBOARD_STEPS,
  { operationId: 'dashboard_track_competitor', status: 303 },
  {
    operationId: 'dashboard_case_prompts',
    after: (c) =>
      c.bind(ID.dashboardPromptSet, idIn(c.text, /name="prompt_set_version" value="([^"]+)"/)),
  },
  // The prompt list before the German fields: saving those changes the list (and its version).
  { operationId: 'dashboard_save_prompts', status: 303 },
  { operationId: 'dashboard_save_translations', status: 303 },
  { operationId: 'dashboard_case_status', status: 303 },
  { operationId: 'dashboard_webhooks' },
  {
    operationId: 'dashboard_create_webhook',
    after: (c) => c.bind(ID.dashboardEndpoint, uuidIn(c.text, '/dashboard/webhooks/')),
  },
  { operationId: 'dashboard_update_webhook', status: 303 },
  {
    operationId: 'dashboard_test_webhook',
    status: 303,
    after: async (c) => {
      const page = await c.browserGet('/dashboard/webhooks');
      c.bind(ID.dashboardDelivery, uuidIn(page, '/dashboard/webhooks/deliveries/'));
    },
  },
  { operationId: 'dashboard_redeliver', status: 303 },
  { operationId: 'dashboard_delete_webhook', status: 303 },
  // The plan page, Upgrade (Checkout, which makes the account's customer), the event Stripe sends
  // when the subscription starts, and Manage billing (the customer portal).
  { operationId: 'dashboard_billing' },
  {
    operationId: 'dashboard_billing_checkout',
    status: 303,
    after: (c) => {
      c.bind(EXAMPLE_STRIPE_PAGES.checkout, c.location ?? '');
      c.bind(EXAMPLE_STRIPE_IDS.customer, c.stripeCustomer(EXAMPLE_EMAIL));
    },
  },
  { operationId: 'receive_stripe_event' },
  {
    operationId: 'dashboard_billing_portal',
    status: 303,
    after: (c) => c.bind(EXAMPLE_STRIPE_PAGES.portal, c.location ?? ''),
  },
  // The Team page: an invitation made and withdrawn, a member's role changed and the member
  // removed, the account handed over; then two invitations of other accounts to this address,
  // one accepted (the dashboard then shows that account) and one declined, and back.
  { operationId: 'dashboard_account' },
  {
    operationId: 'dashboard_invite',
    status: 303,
    after: async (c) => {
      const page = await c.browserGet('/dashboard/account');
      c.bind(
        ID.dashboardInvitation,
        idIn(page, /\/dashboard\/account\/invitations\/(inv_[\w-]+)\/withdraw/),
      );
    },
  },
  { operationId: 'dashboard_withdraw_invitation', status: 303 },
  {
    operationId: 'dashboard_change_role',
    status: 303,
    before: async (c) =>
      c.bind(ID.dashboardMember, await c.addMember(EXAMPLE_TEAM.designer, 'member')),
  },
  { operationId: 'dashboard_remove_member', status: 303 },
  { operationId: 'dashboard_transfer', status: 303 },
  {
    operationId: 'dashboard_invitation',
    before: async (c) =>
      c.bind(EXAMPLE_INVITATION_TOKEN, await c.inviteExampleUser(EXAMPLE_TEAM.partner)),
  },
  { operationId: 'dashboard_accept_invitation', status: 303 },
  {
    operationId: 'dashboard_decline_invitation',
    before: async (c) =>
      c.bind(EXAMPLE_DECLINED_TOKEN, await c.inviteExampleUser(EXAMPLE_TEAM.agency)),
  },
  { operationId: 'dashboard_switch_account', status: 303 },
  { operationId: 'dashboard_sign_out', status: 303 },
  // A visitor without an account: the home page's scan box, then the public result page.
  { operationId: 'dashboard_home_scan', status: 303 },
];

/**
 * Last, with the examples' address made the owner again each time: the account handed over,
 * then erased (the erasure goes on in the background as the run ends).
 */
const FINAL_STEPS: Step[] = [
  { operationId: 'transfer_account', before: (c) => c.handBack() },
  { operationId: 'delete_account', before: (c) => c.handBack() },
];

/** Every step, in order. */
export const STEPS: readonly Step[] = [...API_STEPS, ...DASHBOARD_STEPS, ...FINAL_STEPS];
