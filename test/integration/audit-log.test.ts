import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callJson, startTestStack, type TestStack } from '#test/support/stack';

/**
 * Issue 35 point 5 through the local front: every change the API makes to keys, cases, prompts,
 * runs and webhooks is in the account's audit log, written with the change (a change refused
 * writes no event, and a repeated revoke no second one), each with who made it.
 */
let stack: TestStack;
let key: string;
let keyId: string;
const EMAIL = 'audited@example.com';
const SCOPES = ['monitor:read', 'monitor:write', 'webhooks:manage', 'account:manage'];

beforeAll(async () => {
  stack = await startTestStack({
    ALLOW_PRIVATE_TARGETS: '1',
    WORKFLOW_TIME_SCALE: '0.01',
    MONITOR_PROMPTS_PER_BLOCK: '3',
    MONITOR_REPEATS: '1',
  });
  key = await stack.createKey(SCOPES, { email: EMAIL });
  const listed = await callJson(stack.baseUrl, '/api/v1/keys', { key });
  keyId = (listed.body.keys as { id: string }[])[0]?.id ?? '';
});
afterAll(async () => {
  await stack?.close();
});

const api = (path: string, init: { method?: string; body?: unknown } = {}) =>
  callJson(stack.baseUrl, path, { ...init, key });

interface Event {
  action: string;
  actor: { type: string; id: string; email?: string };
  target: { type: string; id: string };
  details: Record<string, unknown>;
}

async function eventsOf(targetId: string): Promise<Event[]> {
  const log = await api('/api/v1/account/audit-log?limit=100');
  expect(log.status).toBe(200);
  return (log.body.events as Event[]).filter((event) => event.target.id === targetId).reverse();
}

describe('the audit log records each change with its author', () => {
  it('keys: made by the operator and by a key, revoked once', async () => {
    const made = await eventsOf(keyId);
    expect(made.map((event) => [event.action, event.actor.type])).toEqual([
      ['key.created', 'operator'],
    ]);
    const created = await api('/api/v1/keys', {
      method: 'POST',
      body: { scopes: ['monitor:read'] },
    });
    const newId = (created.body.key as { id: string }).id;
    await api(`/api/v1/keys/${newId}`, { method: 'DELETE' });
    await api(`/api/v1/keys/${newId}`, { method: 'DELETE' });
    const logged = await eventsOf(newId);
    expect(logged.map((event) => event.action)).toEqual(['key.created', 'key.revoked']);
    expect(logged[0]?.actor).toEqual({ type: 'key', id: keyId, email: EMAIL });
    expect(logged[0]?.details.scopes).toEqual(['monitor:read']);
  });

  it('cases, prompts and runs', async () => {
    const created = await api('/api/v1/cases', {
      method: 'POST',
      body: { name: 'Audit Co', domain: 'audit-co.example', category: 'audits', languages: ['en'] },
    });
    expect(created.status).toBe(201);
    const caseId = (created.body.case as { id: string }).id;
    await api(`/api/v1/cases/${caseId}`, { method: 'PATCH', body: { icp: 'auditors' } });
    const prompts = await api(`/api/v1/cases/${caseId}/prompts`);
    await api(`/api/v1/cases/${caseId}/prompts`, {
      method: 'PUT',
      body: { prompts: prompts.body.prompts },
    });
    const run = await api(`/api/v1/cases/${caseId}/runs`, { method: 'POST' });
    expect(run.status, JSON.stringify(run.body)).toBe(200);
    const runId = (run.body.run as { id: string }).id;
    await stack.workflows.waitFor(`monitor-${runId}`);
    await api(`/api/v1/cases/${caseId}`, { method: 'PATCH', body: { status: 'archived' } });
    const logged = await eventsOf(caseId);
    expect(logged.map((event) => event.action)).toEqual([
      'case.created',
      'case.updated',
      'prompts.updated',
      'case.archived',
    ]);
    expect(logged[1]?.details.fields).toEqual(['icp']);
    const started = await eventsOf(runId);
    expect(started.map((event) => event.action)).toEqual(['run.started']);
    expect(started[0]?.details).toMatchObject({ case_id: caseId, kind: 'manual' });
  });

  it('webhooks, and no event for a change that was refused', async () => {
    const url = 'https://127.0.0.1:9/audited';
    const created = await api('/api/v1/webhooks', { method: 'POST', body: { url } });
    expect(created.status).toBe(201);
    const id = (created.body.endpoint as { id: string }).id;
    const duplicate = await api('/api/v1/webhooks', { method: 'POST', body: { url } });
    expect(duplicate.status).toBe(409);
    await api(`/api/v1/webhooks/${id}/rotate-secret`, { method: 'POST', body: {} });
    await api(`/api/v1/webhooks/${id}`, { method: 'DELETE' });
    const logged = await eventsOf(id);
    expect(logged.map((event) => event.action)).toEqual([
      'webhook.created',
      'webhook.secret_rotated',
      'webhook.deleted',
    ]);
    expect(JSON.stringify(logged)).not.toContain(String(created.body.secret));
    const creations = (await api('/api/v1/account/audit-log?limit=100')).body.events as Event[];
    expect(
      creations.filter((event) => event.action === 'webhook.created' && event.details.url === url),
    ).toHaveLength(1);
  });
});
