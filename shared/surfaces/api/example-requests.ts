/**
 * The request of every route's example on `/docs` and in the OpenAPI document, written by hand
 * so that each is a request a person would send and the service accepts (docs/decisions.md
 * "Docs examples that run"): `npm run docs:examples` sends each to the local stack in this order
 * of steps, with the ids below standing for what the steps before created, and keeps the answers
 * (`captured-examples.json`); the integration test does the same in `npm test`. Ids, the scanned
 * site and the receiver are the stable stand-ins below; the answers are normalised to them.
 */

import { alertApiRequests, alertDashboardRequests } from './example-requests-alerts.ts';
import { EXAMPLE_STRIPE_SIGNATURE, STRIPE_EVENT_TEXT } from './example-stripe-event.ts';

/** The ids the examples show; the runner puts the real ids of what it created in their place. */
export const EXAMPLE_IDS = {
  scan: 'b3e1c2a4-5d6f-4a7b-8c9d-0e1f2a3b4c5d',
  batch: '7a1b2c3d-4e5f-4a6b-9c7d-8e9f0a1b2c3d',
  case: '3f6b9c1e-2d4a-4e8f-9b7c-5a1d2e3f4b6c',
  run: '0195a3c4-7e10-7b2d-9c4e-1f2a3b4c5d6e',
  endpoint: 'e4d3c2b1-a0f9-4e8d-b7c6-a5b4c3d2e1f0',
  delivery: 'd1e2f3a4-b5c6-4d7e-8f9a-0b1c2d3e4f5a',
  key: 'key_7Hq2Lm9Xc4Rt8Vb1',
  dashboardScan: 'c5d4e3f2-a1b0-4c9d-8e7f-6a5b4c3d2e1f',
  dashboardBatch: 'f1e2d3c4-b5a6-4978-8a9b-0c1d2e3f4a5b',
  dashboardCase: '9c8b7a6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  dashboardRun: '0195a3c5-1a20-7c3d-8e5f-2a3b4c5d6e7f',
  dashboardEndpoint: 'a9b8c7d6-e5f4-4a3b-9c2d-1e0f9a8b7c6e',
  dashboardDelivery: 'b8c7d6e5-f4a3-4b2c-8d1e-0f9a8b7c6d5e',
  dashboardKey: 'key_3Np8Qs2Wd6Ky9Ha4',
  otherSession: 'ses_Qm3xT8vW2nLp5Rk9',
  /** The prompt set versions read before changing the prompts (API case, dashboard case). */
  promptSet: 'v2.5e1f0a3c9d2b',
  dashboardPromptSet: 'v2.8c4d2e6f1a7b',
  agentLog: '5c4b3a29-1807-4f6e-9d5c-4b3a29180766',
  invitation: 'inv_Rk7Tq2Lx9Vb4Hn1M',
  /** The member whose role changes and who is handed the account, and the one removed. */
  member: '6d5c4b3a-2f1e-4d0c-9b8a-7f6e5d4c3b2a',
  removedMember: '8e7d6c5b-4a3f-4e2d-9c1b-0a9f8e7d6c5b',
  /** An alert rule and a report link of the API's case, and the token of the link's page. */
  alert: '4b3a2c1d-0e9f-4a8b-9c7d-6e5f4a3b2c1d',
  reportLink: '2c1d0e9f-8a7b-4c6d-9e5f-4a3b2c1d0e9f',
  reportToken: 'x7Kq2Lm9Xc4Rt8Vb1Np3Qs6Wd0Ky5Ha2Zt4Jm8Fe1Gu',
  /** The same made through the dashboard's forms. */
  dashboardAlert: '5a4b3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1e',
  dashboardReportLink: '3d2c1b0a-9f8e-4d7c-9b6a-5f4e3d2c1b0a',
  /** The examples' account (its id is its first user's). */
  account: '2a3b4c5d-6e7f-4a8b-9c0d-1e2f3a4b5c6d',
  export: 'exp_Hd4Kw8Pq1Zs6Ty3N',
  dashboardInvitation: 'inv_Mx2Bv7Qk5Wr9Lt4J',
  dashboardMember: '4f3e2d1c-0b9a-4f8e-8d7c-6b5a4f3e2d1c',
} as const;

/** The tokens of the invitations mailed to the examples' address (accepted, declined). */
export const EXAMPLE_INVITATION_TOKEN = 'TOKEN_FROM_THE_INVITATION_MAIL';
export const EXAMPLE_DECLINED_TOKEN = 'TOKEN_FROM_ANOTHER_INVITATION_MAIL';

/** The addresses of the account's examples: invited, then a member, then removed. */
export const EXAMPLE_TEAM = {
  invitee: 'colleague@example.com',
  /** Invited on the dashboard, then withdrawn. */
  newHire: 'newhire@example.com',
  /** Given a role and removed on the dashboard. */
  designer: 'designer@example.com',
  /** Accounts that invite the examples' address (it accepts one, declines the other). */
  partner: 'partner@example.com',
  agency: 'agency@example.com',
  member: 'teammate@example.com',
  removed: 'contractor@example.com',
} as const;

/** The site the examples scan and the receiver they register (loopback stand-ins in the run). */
export const EXAMPLE_DOMAIN = 'example.com';
export const EXAMPLE_RECEIVER = 'https://hooks.example.com/agent-readiness';
/** What a browser form carries: the page's CSRF field, and the session cookie. */
export const EXAMPLE_CSRF = 'CSRF_TOKEN_FROM_THE_PAGE';
export const EXAMPLE_SESSION = 'SESSION_COOKIE_SET_AT_SIGN_IN';
export const EXAMPLE_SIGN_IN_TOKEN = 'TOKEN_FROM_THE_MAILED_LINK';

/** One route's example request: its path parameters, query and body. */
export interface ExampleRequestSpec {
  params?: Record<string, string>;
  query?: Record<string, string>;
  /** A JSON body (API) or form fields (dashboard). */
  body?: unknown;
  /** A body sent as it is, for the routes that take a file (an access log) or sign it (Stripe). */
  raw?: { contentType: string; text: string };
  /** Headers of the request besides the ones the route implies (a signature). */
  headers?: Record<string, string>;
}

const combinedLine = (address: string, day: string, path: string, status: number, agent: string) =>
  `${address} - - [${day}/Nov/2026:08:12:03 +0000] "GET ${path} HTTP/1.1" ${status} 5120 "-" "${agent}"`;
const GPTBOT =
  'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.2; +https://openai.com/gptbot';
const CLAUDEBOT =
  'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)';
const PERPLEXITYBOT =
  'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; PerplexityBot/1.0; +https://perplexity.ai/perplexitybot)';
const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0 Safari/537.36';

/**
 * An nginx access log of four lines: GPTBot and PerplexityBot from their operators' published
 * addresses (verified), "ClaudeBot" from a documentation address (spoofed), and a browser.
 */
const EXAMPLE_ACCESS_LOG = [
  combinedLine('20.171.207.14', '24', '/docs', 200, GPTBOT),
  combinedLine('18.97.1.229', '24', '/pricing', 200, PERPLEXITYBOT),
  combinedLine('203.0.113.9', '24', '/docs', 200, CLAUDEBOT),
  combinedLine('198.51.100.23', '24', '/', 200, BROWSER),
  '',
].join('\n');
/** The next day's log, as the dashboard's upload form sends it. */
const NEXT_DAY_LOG = [
  combinedLine('20.171.207.14', '25', '/docs', 200, GPTBOT),
  combinedLine('20.171.207.14', '25', '/admin', 403, GPTBOT),
  '',
].join('\n');

const ID = EXAMPLE_IDS;
const CASE_BODY = {
  name: 'Acme Analytics',
  domain: 'acme-analytics.com',
  category: 'product analytics',
  icp: 'B2B SaaS product teams of 10 to 200 people',
  competitors: [
    { name: 'Globex Insights', domain: 'globex.com', aliases: ['Globex'] },
    'Initech Metrics',
  ],
  use_cases: ['funnel analysis', 'retention tracking'],
  region: 'Germany',
  languages: ['en'],
  fact_sheet: { pricing: 'from $29 per month', founded: '2019' },
  aliases: ['Acme'],
};

/** The API's routes and the site's documents. */
const API_REQUESTS: Record<string, ExampleRequestSpec> = {
  scan_domain: { body: { domain: EXAMPLE_DOMAIN } },
  list_scans: { query: { limit: '2' } },
  list_domains: { query: { q: 'example', limit: '2' } },
  list_domain_scans: { params: { domain: EXAMPLE_DOMAIN }, query: { limit: '2' } },
  get_scan: { params: { id: ID.scan } },
  get_scan_fixes: { params: { id: ID.scan } },
  verify_scan: { params: { id: ID.scan }, body: {} },
  get_stats: {},
  list_finding_types: {},
  scan_page: { params: { id: ID.scan } },
  scan_badge: { params: { domain: EXAMPLE_DOMAIN } },
  create_batch: { body: { domains: [EXAMPLE_DOMAIN, 'not a domain'] } },
  list_batches: { query: { limit: '2' } },
  get_batch: { params: { id: ID.batch } },
  list_cases: { query: { q: 'acme', limit: '2' } },
  create_case: { body: CASE_BODY },
  get_case: { params: { id: ID.case } },
  patch_case: {
    params: { id: ID.case },
    body: {
      region: 'Germany and Austria',
      fact_sheet: { pricing: 'from $29 per month', founded: '2019', headquarters: 'Berlin' },
    },
  },
  get_case_prompts: { params: { id: ID.case } },
  set_case_prompts: {
    params: { id: ID.case },
    body: {
      prompts: [
        {
          id: 'A1-en',
          text: 'Which product analytics providers would you recommend for B2B SaaS teams in Germany and Austria?',
        },
        {
          id: 'B1-en',
          text: 'What does Acme Analytics (acme-analytics.com) do and who is it for?',
        },
        {
          id: 'C1-d2e4bc-en',
          text: 'What are the best alternatives to Globex Insights for funnel analysis?',
          enabled: false,
        },
        { text: 'Which analytics tool suits a 20-person SaaS start-up in Berlin?', block: 'A' },
      ],
      prompt_set_version: ID.promptSet,
    },
  },
  get_case_summary: { params: { id: ID.case } },
  list_fixes: { params: { id: ID.case } },
  list_runs: { params: { id: ID.case }, query: { limit: '2' } },
  create_run: { params: { id: ID.case }, body: { label: 'November check' } },
  get_run: { params: { id: ID.case, run_id: ID.run } },
  list_run_answers: {
    params: { id: ID.case, run_id: ID.run },
    query: { family: 'openai', limit: '1' },
  },
  delete_run_answers: { params: { id: ID.case, run_id: ID.run } },
  ...alertApiRequests(ID),
  list_webhooks: {},
  create_webhook: {
    body: {
      url: EXAMPLE_RECEIVER,
      events: ['scan.completed', 'run.completed'],
      label: 'Ops channel',
    },
  },
  update_webhook: { params: { id: ID.endpoint }, body: { label: 'Ops channel (EU)' } },
  delete_webhook: { params: { id: ID.endpoint } },
  test_webhook: { params: { id: ID.endpoint } },
  redeliver_webhook_delivery: { params: { id: ID.delivery } },
  rotate_webhook_secret: { params: { id: ID.endpoint }, body: { grace_period_s: 3600 } },
  list_keys: {},
  create_key: { body: { scopes: ['scans:read'], name: 'CI deploys' } },
  revoke_key: { params: { id: ID.key } },
  get_account: {},
  create_invitation: { body: { email: EXAMPLE_TEAM.invitee, role: 'member' } },
  withdraw_invitation: { params: { id: ID.invitation } },
  change_member_role: { params: { user_id: ID.member }, body: { role: 'admin' } },
  remove_member: { params: { user_id: ID.removedMember } },
  transfer_account: { body: { user_id: ID.member } },
  list_audit_log: { query: { limit: '3' } },
  receive_stripe_event: {
    raw: { contentType: 'application/json', text: STRIPE_EVENT_TEXT },
    headers: { 'Stripe-Signature': EXAMPLE_STRIPE_SIGNATURE },
  },
  create_export: {},
  get_export: { params: { id: ID.export } },
  delete_account: { body: { confirm: ID.account } },
  get_openapi: {},
  docs_page: {},
  site_home: {},
  site_document: { params: { document: 'llms.txt' } },
  well_known_document: { params: { document: 'api-catalog' } },
  well_known_folder_document: { params: { folder: 'mcp', document: 'catalog.json' } },
  mcp_server_card: {},
  signatures_directory: {},
  upload_agent_log: {
    params: { domain: EXAMPLE_DOMAIN },
    query: { format: 'combined' },
    raw: { contentType: 'text/plain', text: EXAMPLE_ACCESS_LOG },
  },
  get_agent_log: { params: { domain: EXAMPLE_DOMAIN, id: ID.agentLog } },
  get_domain_agents: {
    params: { domain: EXAMPLE_DOMAIN },
    query: { from: '2026-11-01', to: '2026-11-30' },
  },
  get_agent_registry: {},
};

const csrf = { csrf_token: EXAMPLE_CSRF };
const CASE_FORM = {
  ...csrf,
  name: 'Acme Analytics',
  domain: 'acme-analytics.com',
  category: 'product analytics',
  icp: 'B2B SaaS product teams of 10 to 200 people',
  competitors: 'Globex Insights | globex.com | Globex\nInitech Metrics',
  use_cases: 'funnel analysis\nretention tracking',
  region: 'Germany',
  languages: 'en',
  fact_sheet: 'pricing: from $29 per month\nfounded: 2019',
  aliases: 'Acme',
  status: 'active',
};
const DASHBOARD_CASE = { id: ID.dashboardCase };
/**
 * The prompt list form as the browser sends it for the dashboard's case (English and German, one
 * prompt per block in the local run): every listed prompt's id, words and tick (the German
 * comparison left unticked, the use-case question reworded), and one new prompt.
 */
const PROMPTS_FORM = {
  ...csrf,
  prompt_set_version: ID.dashboardPromptSet,
  id_0: 'A1-en',
  text_0:
    'Which product analytics providers would you recommend for B2B SaaS product teams of 10 to 200 people in Austria?',
  on_0: '1',
  id_1: 'B1-en',
  text_1: 'What does Acme Analytics (acme-analytics.com) do and who is it for?',
  on_1: '1',
  id_2: 'B1-de',
  text_2: 'Was macht Acme Analytics (acme-analytics.com) und für wen ist es gedacht?',
  on_2: '1',
  id_3: 'C1-d2e4bc-en',
  text_3: 'What are the best alternatives to Globex Insights for funnel analysis?',
  on_3: '1',
  id_4: 'C4-bd891a-de',
  text_4:
    'Wie schneidet Acme Analytics im Vergleich zu Globex Insights bei Preis und Funktionen ab?',
  id_5: 'D1-922d8d-en',
  text_5: 'How do small SaaS teams set up funnel analysis without a data engineer?',
  on_5: '1',
  new_prompts: 'Which analytics tool suits a 20-person SaaS start-up in Vienna?',
  new_language: 'en',
  new_block: 'A',
};
const DASHBOARD_RUN = { id: ID.dashboardCase, run_id: ID.dashboardRun };

/** The dashboard's pages and forms, as a browser sends them. */
const DASHBOARD_REQUESTS: Record<string, ExampleRequestSpec> = {
  dashboard_sign_in: {},
  dashboard_request_link: { body: { email: 'you@example.com' } },
  dashboard_create_session: { body: { token: EXAMPLE_SIGN_IN_TOKEN } },
  dashboard_home: {},
  dashboard_revoke_session: { params: { id: ID.otherSession }, body: csrf },
  dashboard_keys: {},
  dashboard_create_key: {
    body: { ...csrf, name: 'CI deploys', scopes: ['scans:read', 'scans:write'] },
  },
  dashboard_revoke_key: { params: { id: ID.dashboardKey }, body: csrf },
  dashboard_scans: { query: { q: 'example' } },
  dashboard_run_scan: { body: { ...csrf, domain: EXAMPLE_DOMAIN } },
  dashboard_scan: { params: { id: ID.dashboardScan } },
  dashboard_verify_scan: { params: { id: ID.dashboardScan }, body: csrf },
  dashboard_domain: { params: { domain: EXAMPLE_DOMAIN } },
  dashboard_agents: {},
  dashboard_domain_agents: { params: { domain: EXAMPLE_DOMAIN } },
  dashboard_upload_agent_log: {
    params: { domain: EXAMPLE_DOMAIN },
    raw: { contentType: 'text/plain', text: NEXT_DAY_LOG },
  },
  dashboard_batches: {},
  dashboard_create_batch: { body: { ...csrf, domains: `${EXAMPLE_DOMAIN}\nnot a domain` } },
  dashboard_batch: { params: { id: ID.dashboardBatch } },
  dashboard_batch_csv: { params: { id: ID.dashboardBatch } },
  dashboard_cases: { query: { q: 'acme' } },
  dashboard_new_case: {},
  dashboard_create_case: { body: CASE_FORM },
  dashboard_case: { params: DASHBOARD_CASE },
  dashboard_edit_case: { params: DASHBOARD_CASE },
  dashboard_update_case: {
    params: DASHBOARD_CASE,
    body: { ...CASE_FORM, region: 'Austria', languages: 'en, de' },
  },
  dashboard_start_run: { params: DASHBOARD_CASE, body: { ...csrf, label: 'November check' } },
  dashboard_case_run: { params: DASHBOARD_RUN },
  dashboard_run_answers: { params: DASHBOARD_RUN, query: { family: 'openai' } },
  dashboard_track_competitor: {
    params: DASHBOARD_CASE,
    body: { ...csrf, name: 'Hooli Data', run_id: ID.dashboardRun },
  },
  dashboard_case_prompts: { params: DASHBOARD_CASE },
  ...alertDashboardRequests(ID, csrf),
  dashboard_save_prompts: { params: DASHBOARD_CASE, body: PROMPTS_FORM },
  dashboard_save_translations: {
    params: DASHBOARD_CASE,
    body: {
      ...csrf,
      language_0: 'de',
      category_0: 'Produktanalyse',
      icp_0: 'B2B-SaaS-Produktteams mit 10 bis 200 Personen',
      region_0: 'Österreich',
      use_cases_0: 'Trichteranalyse\nKundenbindung',
    },
  },
  dashboard_case_status: { params: DASHBOARD_CASE, body: { ...csrf, status: 'archived' } },
  dashboard_webhooks: {},
  dashboard_create_webhook: {
    body: { ...csrf, url: EXAMPLE_RECEIVER, label: 'Ops channel', events: ['scan.completed'] },
  },
  dashboard_update_webhook: {
    params: { id: ID.dashboardEndpoint },
    body: {
      ...csrf,
      label: 'Ops channel (EU)',
      events: ['scan.completed', 'run.completed'],
      events_present: '1',
    },
  },
  dashboard_test_webhook: { params: { id: ID.dashboardEndpoint }, body: csrf },
  dashboard_redeliver: { params: { id: ID.dashboardDelivery }, body: csrf },
  dashboard_delete_webhook: { params: { id: ID.dashboardEndpoint }, body: csrf },
  dashboard_billing: {},
  dashboard_billing_checkout: { body: csrf },
  dashboard_billing_portal: { body: csrf },
  dashboard_account: {},
  dashboard_invite: { body: { ...csrf, email: EXAMPLE_TEAM.newHire, role: 'viewer' } },
  dashboard_withdraw_invitation: { params: { id: ID.dashboardInvitation }, body: csrf },
  dashboard_change_role: {
    params: { user_id: ID.dashboardMember },
    body: { ...csrf, role: 'viewer' },
  },
  dashboard_remove_member: { params: { user_id: ID.dashboardMember }, body: csrf },
  dashboard_transfer: { body: { ...csrf, user_id: ID.member } },
  dashboard_invitation: { params: { token: EXAMPLE_INVITATION_TOKEN } },
  dashboard_accept_invitation: { params: { token: EXAMPLE_INVITATION_TOKEN }, body: csrf },
  dashboard_decline_invitation: { params: { token: EXAMPLE_DECLINED_TOKEN }, body: csrf },
  dashboard_switch_account: { body: { ...csrf, account_id: ID.account } },
  dashboard_sign_out: { body: csrf },
  dashboard_home_scan: { body: { domain: EXAMPLE_DOMAIN } },
};

/** Every route's example request by operationId (a test checks that every route has one). */
export const EXAMPLE_REQUESTS: Readonly<Record<string, ExampleRequestSpec>> = {
  ...API_REQUESTS,
  ...DASHBOARD_REQUESTS,
};
