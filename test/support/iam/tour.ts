import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { expect } from 'vitest';
import { invokeLocal } from '#local/lambda-runtime';
import { createDocumentClient } from '#shared/adapters/dynamodb/client';
import { createScansRepository } from '#shared/adapters/dynamodb/scans-repository';
import { createUsersRepository } from '#shared/adapters/dynamodb/users-repository';
import type { ScanStore } from '#shared/domain/scans/ports';
import { SCHEDULES } from '#shared/surfaces/schedules/manifest';
import { WORKFLOWS } from '#shared/surfaces/workflows/manifest';
import {
  ADDRESSES,
  combinedLine,
  USER_AGENTS,
  uploadLog,
  waitForIngest,
} from '#test/support/access-logs';
import { waitForJob } from '#test/support/batch';
import { postBillingForm, signedInOwner, simulatorOf, waitFor } from '#test/support/billing';
import { callJson, type TestStack } from '#test/support/stack';
import { joinByInvitation, latestInvitationToken, teamDepsOf } from '#test/support/teams';
import { walkAlerts } from './alerts-tour.ts';
import { walkBilling } from './billing-tour.ts';
import { walkDashboard } from './dashboard-tour.ts';

/**
 * The representative walk of the IAM recording test: every API route the way a client uses it
 * and every dashboard route the way a signed-in person does (dashboard-tour.ts)
 * (creating, reading, changing and deleting what it can), the tool server (also with a new key, so
 * that it marks a key used), the fallback, a batch, an access log through the agent-logs queue, a monitor run, webhook deliveries through the events queue, every schedule's function as
 * EventBridge Scheduler invokes it (the sweep with an abandoned scan to settle), and the failure steps of each workflow as its Catch would
 * (on finished objects, so they find nothing left to fail but make their calls).
 */
export interface TourInput {
  stack: TestStack;
  site: string;
  receiver: string;
  email: string;
  key: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function taskModule(state: string): string {
  for (const workflow of WORKFLOWS) {
    for (const task of workflow.tasks) if (task.state === state) return task.handler;
  }
  throw new Error(`no task ${state}`);
}

async function asStateMachine(workflow: string, state: string, input: unknown): Promise<void> {
  await invokeLocal(taskModule(state), input, {
    functionName: state,
    invoker: { kind: 'state-machine', workflow },
  }).catch(() => undefined);
}

async function mcp(stack: TestStack, key: string): Promise<void> {
  const transport = new StreamableHTTPClientTransport(new URL(`${stack.baseUrl}/api/mcp`), {
    requestInit: { headers: { authorization: `Bearer ${key}` } },
  });
  const client = new Client({ name: 'iam-tour', version: '1.0.0' });
  await client.connect(transport);
  await client.listTools();
  await client.callTool({ name: 'get_stats', arguments: {} });
  await client.callTool({ name: 'list_cases', arguments: {} });
  await client.close();
}

async function scans(input: TourInput): Promise<{ jobId: string; scanId: string }> {
  const { stack, key } = input;
  const call = (method: string, path: string, body?: unknown) =>
    callJson(stack.baseUrl, path, { method, key, ...(body ? { body } : {}) });
  await callJson(stack.baseUrl, '/api/v1/stats');
  await callJson(stack.baseUrl, '/api/v1/finding-types');
  const scan = await call('POST', '/api/v1/scans', { domain: input.site });
  expect(scan.status, JSON.stringify(scan.body)).toBe(201);
  const scanId = (scan.body.scan as { id: string }).id;
  await call('GET', `/api/v1/scans/${scanId}`);
  await call('GET', '/api/v1/scans');
  await call('GET', '/api/v1/domains?q=1&band=good');
  await call('GET', `/api/v1/domains/${encodeURIComponent(input.site)}/scans`);
  await fetch(`${stack.baseUrl}/scans/${scanId}`).then((response) => response.text());
  await fetch(`${stack.baseUrl}/docs`).then((response) => response.text());
  // The reference-site documents (one function behind five routes) and the score badge.
  for (const path of [
    '/',
    '/robots.txt',
    '/.well-known/api-catalog',
    '/.well-known/mcp/catalog.json',
    '/api/mcp/server-card',
    `/badge/${encodeURIComponent(input.site)}.svg`,
  ]) {
    await fetch(`${stack.baseUrl}${path}`).then((response) => response.text());
  }
  await call('GET', '/api/v1/openapi.json');
  await call('GET', '/api/v1/nothing-here');
  const batch = await call('POST', '/api/v1/scans/batch', { domains: [input.site, 'localhost:1'] });
  expect(batch.status, JSON.stringify(batch.body)).toBe(202);
  const jobId = (batch.body.job as { id: string }).id;
  await waitForJob(stack.baseUrl, key, jobId);
  await call('GET', '/api/v1/scans/batch');
  const made = await call('POST', '/api/v1/keys', { scopes: ['scans:read'] });
  // A new key's first use on a read-only route: that function marks it used (its `RATE#` item).
  await callJson(stack.baseUrl, '/api/v1/keys', {
    key: (made.body as { api_key: string }).api_key,
  });
  await call('GET', '/api/v1/keys');
  await call('DELETE', `/api/v1/keys/${(made.body.key as { id?: string } | undefined)?.id}`);
  return { jobId, scanId };
}

/** An access log of the scanned site uploaded, processed by the queue's consumer, and read. */
async function agentLogs(input: TourInput): Promise<void> {
  const { stack, key } = input;
  const domain = encodeURIComponent(input.site);
  const line = combinedLine({
    address: ADDRESSES.gptbot,
    at: `${new Date().toISOString().slice(0, 10)}T08:00:00`,
    path: '/',
    status: 200,
    userAgent: USER_AGENTS.gptbot,
  });
  const uploaded = await uploadLog(stack.baseUrl, key, input.site, line);
  expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(202);
  const id = (uploaded.body.ingest as { id: string }).id;
  await waitForIngest(stack.baseUrl, key, input.site, id);
  await callJson(stack.baseUrl, `/api/v1/domains/${domain}/agents`, { key });
  await callJson(stack.baseUrl, '/api/v1/agent-registry');
}

/** A new key used first through the tool server, which then marks it used itself. */
async function mcpWithNewKey(input: TourInput): Promise<void> {
  const made = await callJson(input.stack.baseUrl, '/api/v1/keys', {
    method: 'POST',
    key: input.key,
    body: { scopes: ['scans:read', 'monitor:read'] },
  });
  await mcp(input.stack, (made.body as { api_key: string }).api_key);
}

async function monitor(input: TourInput): Promise<{ caseId: string; runId: string }> {
  const { stack, key } = input;
  const call = (method: string, path: string, body?: unknown) =>
    callJson(stack.baseUrl, path, { method, key, ...(body ? { body } : {}) });
  const created = await call('POST', '/api/v1/cases', {
    name: 'Recorded Co',
    domain: 'recorded.example',
    category: 'iam tests',
    competitors: ['Other Co'],
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const caseId = (created.body.case as { id: string }).id;
  await call('GET', '/api/v1/cases');
  await call('GET', `/api/v1/cases/${caseId}`);
  await call('PATCH', `/api/v1/cases/${caseId}`, { icp: 'auditors' });
  const prompts = await call('GET', `/api/v1/cases/${caseId}/prompts`);
  const saved = await call('PUT', `/api/v1/cases/${caseId}/prompts`, {
    prompts: prompts.body.prompts,
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const run = await call('POST', `/api/v1/cases/${caseId}/runs`);
  expect(run.status, JSON.stringify(run.body)).toBe(200);
  const runId = (run.body.run as { id: string }).id;
  expect((await stack.workflows.waitFor(`monitor-${runId}`)).status).toBe('SUCCEEDED');
  await call('GET', `/api/v1/cases/${caseId}/runs`);
  await call('GET', `/api/v1/cases/${caseId}/summary`);
  await call('GET', `/api/v1/cases/${caseId}/runs/${runId}`);
  await call('GET', `/api/v1/cases/${caseId}/runs/${runId}/answers`);
  await call('GET', `/api/v1/cases/${caseId}/fixes`);
  await call('DELETE', `/api/v1/cases/${caseId}/runs/${runId}/answers`);
  return { caseId, runId };
}

async function webhooks(input: TourInput) {
  const { stack, key } = input;
  const call = (method: string, path: string, body?: unknown) =>
    callJson(stack.baseUrl, path, { method, key, ...(body ? { body } : {}) });
  const created = await call('POST', '/api/v1/webhooks', { url: input.receiver });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const endpointId = (created.body.endpoint as { id: string }).id;
  await call('GET', '/api/v1/webhooks');
  await call('PATCH', `/api/v1/webhooks/${endpointId}`, { label: 'recorded' });
  const test = await call('POST', `/api/v1/webhooks/${endpointId}/test`);
  const deliveryId = (test.body.delivery as { id: string }).id;
  await call('POST', `/api/v1/webhooks/deliveries/${deliveryId}/redeliver`);
  // A scan after the endpoint exists: its event goes through the queue to a delivery workflow.
  await call('POST', '/api/v1/scans', { domain: input.site });
  await sleep(3000);
  await call('POST', `/api/v1/webhooks/${endpointId}/rotate-secret`, {});
  return { endpointId, deliveryId, remove: () => call('DELETE', `/api/v1/webhooks/${endpointId}`) };
}

/**
 * A copy of a saved scan, unsettled and saved 20 minutes ago, as a process that died after saving
 * it leaves it: the sweep schedule takes it up, so its calls are recorded too.
 */
async function plantAbandonedScan(scans: ScanStore, scanId: string) {
  const original = await scans.getScan(scanId);
  if (!original) throw new Error(`scan ${scanId} not found`);
  const id = crypto.randomUUID();
  const savedAt = new Date(Date.now() - 20 * 60_000).toISOString();
  expect(await scans.putScan({ ...original, id, created_at: savedAt })).toBe(true);
  return { record: () => scans.getScanRecord(id) };
}

/**
 * The account as a team: an invitation made and withdrawn, two members (one's role changed, the
 * other removed), the audit log, and the account handed over and back.
 */
async function account(
  input: TourInput,
): Promise<{ invitationToken: string; invitationId: string; memberId: string }> {
  const { stack, key } = input;
  const call = (method: string, path: string, body?: unknown) =>
    callJson(stack.baseUrl, path, { method, key, ...(body ? { body } : {}) });
  await call('GET', '/api/v1/account');
  const invited = await call('POST', '/api/v1/account/invitations', {
    email: 'iam-invitee@example.com',
    role: 'viewer',
  });
  const invitationId = (invited.body.invitation as { id: string }).id;
  await call('DELETE', `/api/v1/account/invitations/${invitationId}`);
  const deps = teamDepsOf(stack);
  const ids: string[] = [];
  for (const email of ['iam-member@example.com', 'iam-removed@example.com']) {
    await joinByInvitation(stack, deps, key, email, 'member');
    const user = (await stack.operator.listUsers()).find((entry) => entry.email === email);
    ids.push(String(user?.id));
  }
  deps.close();
  const [member, removed] = ids;
  await call('PATCH', `/api/v1/account/members/${member}`, { role: 'admin' });
  await call('DELETE', `/api/v1/account/members/${removed}`);
  await call('GET', '/api/v1/account/audit-log?limit=5');
  await exportAndErase(input);
  // What the dashboard walk acts on: an open invitation and the member handed the account.
  await call('POST', '/api/v1/account/invitations', {
    email: 'iam-open@example.com',
    role: 'viewer',
  });
  const open = (await call('GET', '/api/v1/account')).body.account as {
    invitations: { id: string; email: string }[];
  };
  const moved = await call('POST', '/api/v1/account/transfer', { user_id: member });
  expect(moved.status, JSON.stringify(moved.body)).toBe(200);
  return {
    invitationToken: latestInvitationToken('iam-open@example.com') ?? 'none',
    invitationId:
      open.invitations.find((entry) => entry.email === 'iam-open@example.com')?.id ?? 'none',
    memberId: String(member),
  };
}

/** An export of the account read to its end, and the erasure of a second, throwaway account. */
async function exportAndErase(input: TourInput): Promise<void> {
  const { stack, key } = input;
  const requested = await callJson(stack.baseUrl, '/api/v1/account/exports', {
    method: 'POST',
    key,
  });
  const id = (requested.body.export as { id: string }).id;
  expect((await stack.workflows.waitFor(`export-${id}`)).status).toBe('SUCCEEDED');
  await callJson(stack.baseUrl, `/api/v1/account/exports/${id}`, { key });
  await fetch(`${stack.baseUrl}/api/v1/account/exports/${id}?format=jsonl`, {
    headers: { authorization: `Bearer ${key}` },
  }).then((response) => response.text());
  // The throwaway account pays through the simulator (Stripe's events reach the webhook's
  // function), so its erasure cancels the subscription too.
  const payer = await signedInOwner(stack, 'iam-erased');
  const throwaway = await stack.createKey(['scans:read', 'account:manage'], {
    email: payer.email,
  });
  const checkout = await postBillingForm(payer, 'checkout');
  await fetch(`${checkout.location}/pay`, { method: 'POST', redirect: 'manual' });
  await waitFor(
    async () => (await callJson(stack.baseUrl, '/api/v1/account', { key: throwaway })).body,
    (body) => (body.account as { plan?: string } | undefined)?.plan === 'pro',
  );
  const erased = await callJson(stack.baseUrl, '/api/v1/account', {
    method: 'DELETE',
    key: throwaway,
    body: { confirm: payer.accountId },
  });
  expect(erased.status).toBe(202);
  expect((await stack.workflows.waitFor(`erasure-${payer.accountId}`)).status).toBe('SUCCEEDED');
  const canceled = simulatorOf(stack).requests.filter((call) => call.method === 'DELETE');
  expect(canceled).toHaveLength(1);
}

export async function walkEveryFunction(input: TourInput): Promise<void> {
  const { stack } = input;
  const doc = createDocumentClient({ region: 'us-east-1', endpoint: stack.dynamoEndpoint });
  const user = await createUsersRepository(doc, stack.tableName).findUserByEmail(input.email);
  const owner = String(user?.id);
  const { jobId, scanId } = await scans(input);
  await agentLogs(input);
  const abandoned = await plantAbandonedScan(createScansRepository(doc, stack.tableName), scanId);
  const { caseId, runId } = await monitor(input);
  const alertIds = await walkAlerts(stack, input.key, caseId, runId);
  const hooks = await webhooks(input);
  await mcp(stack, input.key);
  await mcpWithNewKey(input);
  const team = await account(input);
  await walkBilling(stack);
  for (const schedule of SCHEDULES) {
    await invokeLocal(
      schedule.handler,
      {},
      { functionName: schedule.name, invoker: { kind: 'scheduler', schedule: schedule.name } },
    );
  }
  // The sweep settled the planted scan: its count, its event and the row's update were recorded.
  expect((await abandoned.record())?.unsettled).toBe(false);
  doc.destroy();
  const run = { run_id: runId, case_id: caseId, owner_id: owner };
  const failure = { Error: 'Recorded', Cause: 'the IAM recording test' };
  await asStateMachine('batch-scan-chunk', 'RecordFailure', { job_id: jobId, index: 1, failure });
  await asStateMachine('monitor-run', 'AskLaneFailed', { ...run, family: 'openai', failure });
  await asStateMachine('monitor-run', 'JudgeLaneFailed', { ...run, family: 'openai', failure });
  await asStateMachine('monitor-run', 'MarkRunFailed', { ...run, failure });
  await asStateMachine('account-job', 'AccountJobFailed', {
    kind: 'export',
    account_id: owner,
    export_id: 'exp_none000000000000',
    failure,
  });
  await asStateMachine('webhook-delivery', 'AbandonDelivery', {
    account_id: owner,
    delivery_id: hooks.deliveryId,
    endpoint_id: hooks.endpointId,
    generation: 0,
    failure,
  });
  const { endpointId, deliveryId } = hooks;
  const ids = {
    ...alertIds,
    scanId,
    jobId,
    caseId,
    runId,
    endpointId,
    deliveryId,
    domain: input.site,
    ...team,
    ownAccountId: owner,
  };
  await walkDashboard(stack, input.email, ids);
  await hooks.remove();
}
