import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_SCOPES, ROLES, type Role } from '#shared/domain/accounts/roles';
import { ROUTES, type RouteDefinition } from '#shared/surfaces/api/manifest';
import { startFixtureSite } from '#test/fixtures/sites/index';
import { combinedLine, USER_AGENTS, uploadLog } from '#test/support/access-logs';
import { createBatch, waitForJob } from '#test/support/batch';
import { callJson, startTestStack, type TestStack } from '#test/support/stack';
import { joinByInvitation, teamDepsOf } from '#test/support/teams';

/**
 * Issue 35 point 7: the isolation matrix with roles, one stack, table-driven. Every API route
 * that takes a key is called by a key of each role of account A, with the ids of account B:
 * a role without the route's scope is refused (403 `insufficient_scope`) before anything runs;
 * a role with it finds none of B's things (404 `not_found`) and reaches the route's own checks
 * otherwise (a refusal the table names, sent so that nothing is spent); what only the owner may
 * do is refused to the others (403 `insufficient_role`).
 */
let stack: TestStack;
let site: Awaited<ReturnType<typeof startFixtureSite>>;
const keys = {} as Record<Role, string>;
let b: Record<string, string>;

const OWNER_A = 'matrix-owner-a@example.com';
/** A valid alert rule: the matrix sends it with B's ids, so only the ids can refuse it. */
const ALERT_RULE = { metric: 'total_score', condition: 'change', channels: { webhook: true } };

async function seedB(): Promise<Record<string, string>> {
  const key = await stack.createKey([...ROLE_SCOPES.owner], {
    email: 'matrix-owner-b@example.com',
  });
  const call = (method: string, path: string, body?: unknown) =>
    callJson(stack.baseUrl, path, { method, key, ...(body ? { body } : {}) });
  const kase = await call('POST', '/api/v1/cases', {
    name: 'B Co',
    domain: 'b-co.example',
    category: 'b',
  });
  const caseId = (kase.body.case as { id: string }).id;
  const run = await call('POST', `/api/v1/cases/${caseId}/runs`);
  const runId = (run.body.run as { id: string }).id;
  await stack.workflows.waitFor(`monitor-${runId}`);
  const scan = await call('POST', '/api/v1/scans', { domain: site.host });
  const scanId = (scan.body.scan as { id: string }).id;
  const batch = await createBatch(stack.baseUrl, key, [site.host]);
  const jobId = (batch.body.job as { id: string }).id;
  await waitForJob(stack.baseUrl, key, jobId);
  const hook = await call('POST', '/api/v1/webhooks', { url: 'https://127.0.0.1:9/b' });
  const endpointId = (hook.body.endpoint as { id: string }).id;
  const test = await call('POST', `/api/v1/webhooks/${endpointId}/test`);
  const deliveryId = (test.body.delivery as { id: string }).id;
  const keyId = ((await call('GET', '/api/v1/keys')).body.keys as { id: string }[])[0]?.id ?? '';
  const invited = await call('POST', '/api/v1/account/invitations', {
    email: 'b-guest@example.com',
    role: 'viewer',
  });
  const exported = await call('POST', '/api/v1/account/exports');
  const line = combinedLine({
    at: `${new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)}T08:00:00`,
    address: '20.171.206.14',
    path: '/',
    status: 200,
    userAgent: USER_AGENTS.gptbot,
  });
  const upload = await uploadLog(stack.baseUrl, key, site.host, `${line}\n`);
  const account = (await call('GET', '/api/v1/account')).body.account as { id: string };
  const alert = await call('POST', `/api/v1/cases/${caseId}/alerts`, ALERT_RULE);
  const link = await call('POST', `/api/v1/cases/${caseId}/runs/${runId}/report-links`, {
    title: 'B report',
  });
  return {
    alertId: (alert.body.alert as { id: string }).id,
    linkId: (link.body.link as { id: string }).id,
    caseId,
    runId,
    scanId,
    jobId,
    endpointId,
    deliveryId,
    keyId,
    invitationId: (invited.body.invitation as { id: string }).id,
    exportId: (exported.body.export as { id: string }).id,
    ingestId: (upload.body.ingest as { id: string }).id,
    ownerId: account.id,
    domain: site.host,
  };
}

beforeAll(async () => {
  site = await startFixtureSite('good');
  stack = await startTestStack({
    ALLOW_PRIVATE_TARGETS: '1',
    WORKFLOW_TIME_SCALE: '0.01',
    MONITOR_PROMPTS_PER_BLOCK: '1',
    MONITOR_REPEATS: '1',
  });
  keys.owner = await stack.createKey([...ROLE_SCOPES.owner], { email: OWNER_A });
  const accountId = (
    (await callJson(stack.baseUrl, '/api/v1/account', { key: keys.owner })).body.account as {
      id: string;
    }
  ).id;
  const deps = teamDepsOf(stack);
  for (const role of ['admin', 'member', 'viewer'] as const) {
    const email = `matrix-${role}@example.com`;
    await joinByInvitation(stack, deps, keys.owner, email, role);
    keys[role] = await stack.createKey([...ROLE_SCOPES[role]], { email, accountId });
  }
  deps.close();
  b = await seedB();
}, 180_000);
afterAll(async () => {
  await stack?.close();
  await site?.close();
});

/**
 * What each route is sent (with B's ids) and what a role allowed by its scope gets: `404` for
 * B's things, else the status and code of a refusal that spends nothing (or a plain read).
 */
interface Case {
  path: (ids: Record<string, string>) => string;
  body?: unknown;
  raw?: string;
  expect: number;
  code?: string;
  /** Only the owner gets past the route's own role check. */
  ownerOnly?: boolean;
}

const MATRIX: Record<string, Case> = {
  scan_domain: {
    path: () => '/api/v1/scans',
    body: { domain: '' },
    expect: 400,
    code: 'invalid_domain',
  },
  list_scans: { path: () => '/api/v1/scans', expect: 200 },
  list_domains: { path: () => '/api/v1/domains', expect: 200 },
  list_domain_scans: { path: (i) => `/api/v1/domains/${i.domain}/scans`, expect: 404 },
  // Scan results are public: anyone reads B's scan by its id.
  get_scan: { path: (i) => `/api/v1/scans/${i.scanId}`, expect: 200 },
  // Its fix pack and its verification are its account's: B's keyed scan is not found.
  get_scan_fixes: { path: (i) => `/api/v1/scans/${i.scanId}/fixes`, expect: 404 },
  // Alerts, digests and report links (issue 39) are the case's: B's case is not found.
  create_alert: { path: (i) => `/api/v1/cases/${i.caseId}/alerts`, body: ALERT_RULE, expect: 404 },
  list_alerts: { path: (i) => `/api/v1/cases/${i.caseId}/alerts`, expect: 404 },
  delete_alert: { path: (i) => `/api/v1/cases/${i.caseId}/alerts/${i.alertId}`, expect: 404 },
  list_alert_deliveries: {
    path: (i) => `/api/v1/cases/${i.caseId}/alerts/${i.alertId}/deliveries`,
    expect: 404,
  },
  preview_alert: {
    path: (i) => `/api/v1/cases/${i.caseId}/alerts/preview`,
    body: ALERT_RULE,
    expect: 404,
  },
  get_case_digest: { path: (i) => `/api/v1/cases/${i.caseId}/digest`, expect: 404 },
  set_case_digest: {
    path: (i) => `/api/v1/cases/${i.caseId}/digest`,
    body: { enabled: false },
    expect: 404,
  },
  create_report_link: {
    path: (i) => `/api/v1/cases/${i.caseId}/runs/${i.runId}/report-links`,
    body: { title: 'A report' },
    expect: 404,
  },
  list_report_links: {
    path: (i) => `/api/v1/cases/${i.caseId}/runs/${i.runId}/report-links`,
    expect: 404,
  },
  delete_report_link: {
    path: (i) => `/api/v1/cases/${i.caseId}/runs/${i.runId}/report-links/${i.linkId}`,
    expect: 404,
  },
  verify_scan: { path: (i) => `/api/v1/scans/${i.scanId}/verify`, body: {}, expect: 404 },
  get_stats: { path: () => '/api/v1/stats', expect: 200 },
  create_batch: {
    path: () => '/api/v1/scans/batch',
    body: { domains: 'none' },
    expect: 400,
    code: 'invalid_request',
  },
  list_batches: { path: () => '/api/v1/scans/batch', expect: 200 },
  get_batch: { path: (i) => `/api/v1/scans/batch/${i.jobId}`, expect: 404 },
  list_cases: { path: () => '/api/v1/cases', expect: 200 },
  create_case: { path: () => '/api/v1/cases', body: {}, expect: 400, code: 'invalid_request' },
  get_case: { path: (i) => `/api/v1/cases/${i.caseId}`, expect: 404 },
  patch_case: { path: (i) => `/api/v1/cases/${i.caseId}`, body: { icp: 'x' }, expect: 404 },
  get_case_prompts: { path: (i) => `/api/v1/cases/${i.caseId}/prompts`, expect: 404 },
  set_case_prompts: {
    path: (i) => `/api/v1/cases/${i.caseId}/prompts`,
    body: { prompts: [] },
    expect: 404,
  },
  get_case_summary: { path: (i) => `/api/v1/cases/${i.caseId}/summary`, expect: 404 },
  list_runs: { path: (i) => `/api/v1/cases/${i.caseId}/runs`, expect: 404 },
  create_run: { path: (i) => `/api/v1/cases/${i.caseId}/runs`, expect: 404 },
  get_run: { path: (i) => `/api/v1/cases/${i.caseId}/runs/${i.runId}`, expect: 404 },
  list_run_answers: {
    path: (i) => `/api/v1/cases/${i.caseId}/runs/${i.runId}/answers`,
    expect: 404,
  },
  delete_run_answers: {
    path: (i) => `/api/v1/cases/${i.caseId}/runs/${i.runId}/answers`,
    expect: 404,
  },
  list_fixes: { path: (i) => `/api/v1/cases/${i.caseId}/fixes`, expect: 404 },
  list_webhooks: { path: () => '/api/v1/webhooks', expect: 200 },
  create_webhook: {
    path: () => '/api/v1/webhooks',
    body: { url: 'http://plain.example' },
    expect: 400,
    code: 'invalid_url',
  },
  update_webhook: {
    path: (i) => `/api/v1/webhooks/${i.endpointId}`,
    body: { label: 'x' },
    expect: 404,
  },
  delete_webhook: { path: (i) => `/api/v1/webhooks/${i.endpointId}`, expect: 404 },
  test_webhook: { path: (i) => `/api/v1/webhooks/${i.endpointId}/test`, expect: 404 },
  redeliver_webhook_delivery: {
    path: (i) => `/api/v1/webhooks/deliveries/${i.deliveryId}/redeliver`,
    expect: 404,
  },
  rotate_webhook_secret: {
    path: (i) => `/api/v1/webhooks/${i.endpointId}/rotate-secret`,
    body: {},
    expect: 404,
  },
  upload_agent_log: {
    path: (i) => `/api/v1/domains/${i.domain}/agent-logs`,
    raw: 'x',
    expect: 404,
  },
  get_agent_log: {
    path: (i) => `/api/v1/domains/${i.domain}/agent-logs/${i.ingestId}`,
    expect: 404,
  },
  get_domain_agents: { path: (i) => `/api/v1/domains/${i.domain}/agents`, expect: 404 },
  list_keys: { path: () => '/api/v1/keys', expect: 200 },
  create_key: {
    path: () => '/api/v1/keys',
    body: { scopes: ['nothing'] },
    expect: 400,
    code: 'invalid_scope',
  },
  revoke_key: { path: (i) => `/api/v1/keys/${i.keyId}`, expect: 404 },
  get_account: { path: () => '/api/v1/account', expect: 200 },
  create_invitation: {
    path: () => '/api/v1/account/invitations',
    body: { email: 'not an address', role: 'viewer' },
    expect: 400,
    code: 'invalid_email',
  },
  withdraw_invitation: {
    path: (i) => `/api/v1/account/invitations/${i.invitationId}`,
    expect: 404,
  },
  change_member_role: {
    path: (i) => `/api/v1/account/members/${i.ownerId}`,
    body: { role: 'viewer' },
    expect: 404,
  },
  remove_member: { path: (i) => `/api/v1/account/members/${i.ownerId}`, expect: 404 },
  transfer_account: { path: () => '/api/v1/account/transfer', expect: 404, ownerOnly: true },
  list_audit_log: { path: () => '/api/v1/account/audit-log', expect: 200 },
  create_export: { path: () => '/api/v1/account/exports', expect: 202 },
  get_export: { path: (i) => `/api/v1/account/exports/${i.exportId}`, expect: 404 },
  delete_account: {
    path: () => '/api/v1/account',
    body: { confirm: 'not-this-one' },
    expect: 400,
    code: 'invalid_confirmation',
    ownerOnly: true,
  },
};

const KEYED = (ROUTES as readonly RouteDefinition[]).filter(
  (route) => route.area !== 'dashboard' && (route.auth === 'required' || route.auth === 'optional'),
);

describe('the isolation matrix with roles', () => {
  it('has a row for every route that takes a key', () => {
    expect(KEYED.map((route) => route.operationId).filter((id) => !MATRIX[id])).toEqual([]);
  });

  it.each(KEYED.map((route) => [route.operationId, route] as const))(
    '%s: every role of A with the ids of B',
    async (_id, route) => {
      const row = MATRIX[route.operationId] as Case;
      for (const role of ROLES) {
        const allowed = route.scope === undefined || ROLE_SCOPES[role].includes(route.scope);
        const path = row.path(b);
        // A transfer to B's owner: not a member of A.
        const body = route.operationId === 'transfer_account' ? { user_id: b.ownerId } : row.body;
        const answer = row.raw
          ? await uploadLog(stack.baseUrl, keys[role], b.domain ?? '', row.raw)
          : await callJson(stack.baseUrl, path, {
              method: route.method,
              key: keys[role],
              ...(body === undefined ? {} : { body }),
            });
        const label = `${route.operationId} as ${role}: ${JSON.stringify(answer.body.error ?? '')}`;
        if (!allowed) {
          expect(answer.status, label).toBe(403);
          expect(answer.body.error?.code, label).toBe('insufficient_scope');
        } else if (row.ownerOnly && role !== 'owner') {
          expect(answer.status, label).toBe(403);
          expect(answer.body.error?.code, label).toBe('insufficient_role');
        } else {
          expect(answer.status, label).toBe(row.expect);
          if (row.expect === 404) expect(answer.body.error?.code, label).toBe('not_found');
          if (row.code) expect(answer.body.error?.code, label).toBe(row.code);
        }
      }
    },
  );
});
