import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureSite } from '#test/fixtures/sites/index';
import { OWNER_SCOPES, type SeededAccount, seedAccount } from '#test/support/account-data';
import { callJson, startTestStack, type TestStack } from '#test/support/stack';
import { joinByInvitation, teamDepsOf } from '#test/support/teams';

/**
 * Issue 35 point 6, the export, through the local front: requested by an admin or the owner (202),
 * read until done, then its JSON lines with the same key: everything the account owns, webhooks
 * without their secrets, keys without their hashes; another account's export reads as not found.
 */
let stack: TestStack;
let site: Awaited<ReturnType<typeof startFixtureSite>>;
let key: string;
let seeded: SeededAccount;

beforeAll(async () => {
  site = await startFixtureSite('good');
  stack = await startTestStack({
    ALLOW_PRIVATE_TARGETS: '1',
    WORKFLOW_TIME_SCALE: '0.01',
    MONITOR_PROMPTS_PER_BLOCK: '1',
    MONITOR_REPEATS: '1',
  });
  key = await stack.createKey(OWNER_SCOPES, { email: 'exported@example.com' });
  seeded = await seedAccount(stack, key, site.host);
}, 120_000);
afterAll(async () => {
  await stack?.close();
  await site?.close();
});

async function exported(
  id: string,
): Promise<{ status: string; url?: string; expires_at?: string }> {
  for (let round = 0; round < 200; round += 1) {
    const read = await callJson(stack.baseUrl, `/api/v1/account/exports/${id}`, { key });
    expect(read.status).toBe(200);
    const view = read.body.export as { status: string; url?: string };
    if (view.status === 'done' || view.status === 'failed') return view;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the export did not finish');
}

describe('an export of the account', () => {
  it('gives JSON lines of everything the account owns, without secrets', async () => {
    const requested = await callJson(stack.baseUrl, '/api/v1/account/exports', {
      method: 'POST',
      key,
    });
    expect(requested.status).toBe(202);
    const started = requested.body.export as { id: string; status: string };
    expect(started).toEqual({ id: expect.stringMatching(/^exp_/), status: 'queued' });
    const view = await exported(started.id);
    expect(view.status).toBe('done');
    expect(view.url).toBe(`${stack.baseUrl}/api/v1/account/exports/${started.id}?format=jsonl`);
    expect(Date.parse(view.expires_at ?? '') - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    const download = await fetch(view.url ?? '', { headers: { authorization: `Bearer ${key}` } });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toContain('application/x-ndjson');
    const text = await download.text();
    const lines = text
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { type: string; data: Record<string, unknown> });
    const types = new Set(lines.map((line) => line.type));
    for (const type of [
      'account',
      'member',
      'case',
      'run',
      'run_summary',
      'answer',
      'scan',
      'batch',
      'batch_row',
      'webhook',
      'key',
      'audit_event',
    ]) {
      expect(types, type).toContain(type);
    }
    const ids = (type: string) =>
      lines.filter((line) => line.type === type).map((line) => line.data.id);
    expect(ids('case')).toContain(seeded.caseId);
    expect(ids('run')).toContain(seeded.runId);
    expect(ids('scan')).toContain(seeded.scanId);
    expect(ids('batch')).toContain(seeded.jobId);
    expect(ids('webhook')).toContain(seeded.endpointId);
    expect(text).not.toContain(seeded.secret);
    expect(text).not.toContain('APIKEY#');
    expect(text).not.toContain(key);
    const webhook = lines.find((line) => line.type === 'webhook');
    expect(webhook?.data).not.toHaveProperty('secrets');
    const audit = lines
      .filter((line) => line.type === 'audit_event')
      .map((line) => line.data.action);
    expect(audit).toEqual(
      expect.arrayContaining([
        'case.created',
        'run.started',
        'webhook.created',
        'account.export_requested',
      ]),
    );
  });

  it('is refused to a member, and reads as not found to another account', async () => {
    const deps = teamDepsOf(stack);
    await joinByInvitation(stack, deps, key, 'exporter-member@example.com', 'member');
    deps.close();
    const accountId = (
      (await callJson(stack.baseUrl, '/api/v1/account', { key })).body.account as { id: string }
    ).id;
    const member = await stack.createKey(['scans:read', 'account:manage'].slice(0, 1), {
      email: 'exporter-member@example.com',
      accountId,
    });
    const refused = await callJson(stack.baseUrl, '/api/v1/account/exports', {
      method: 'POST',
      key: member,
    });
    expect(refused.status).toBe(403);
    const requested = await callJson(stack.baseUrl, '/api/v1/account/exports', {
      method: 'POST',
      key,
    });
    const id = (requested.body.export as { id: string }).id;
    const stranger = await stack.createKey(OWNER_SCOPES);
    for (const path of [
      `/api/v1/account/exports/${id}`,
      `/api/v1/account/exports/${id}?format=jsonl`,
    ]) {
      expect((await callJson(stack.baseUrl, path, { key: stranger })).status, path).toBe(404);
    }
    expect(
      (await callJson(stack.baseUrl, '/api/v1/account/exports/exp_unknown0000000000', { key }))
        .status,
    ).toBe(404);
  });
});
