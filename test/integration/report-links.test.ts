import { ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDocumentClient } from '#shared/adapters/dynamodb/client';
import { KEYS } from '#shared/adapters/dynamodb/keys';
import { sha256Hex } from '#shared/domain/kernel/hash';
import { getOutbox } from '#shared/wiring/mail';
import { eventsDrained } from '#test/support/alerts';
import { expectDocumented } from '#test/support/documented';
import { type MonitorTestStack, startMonitorTestStack } from '#test/support/monitor-stack';
import { callJson } from '#test/support/stack';

/**
 * Client reports by link and the digest (issue 39, points 3 and 4), through the local front: a
 * link made for a finished run opens its page without an account, under the agency's title and
 * logo, with no key and no control; only the token's hash is stored; a revoked or expired link
 * answers 404; another account and a read-only key cannot make or revoke one; bad links are
 * refused. The digest mails the headline figures and a link to the run after the next run.
 */
let monitor: MonitorTestStack;
let caseId: string;
let runId: string;
const DIGEST = 'client-digest@example.com';
const TITLE = 'Northwind Agency <AI report> & co';

async function finishRun(): Promise<string> {
  const started = await callJson(monitor.stack.baseUrl, `/api/v1/cases/${caseId}/runs`, {
    method: 'POST',
    key: monitor.owner,
  });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const id = (started.body.run as { id: string }).id;
  expect((await monitor.stack.workflows.waitFor(`monitor-${id}`)).status).toBe('SUCCEEDED');
  return id;
}

const linksPath = () => `/api/v1/cases/${caseId}/runs/${runId}/report-links`;

async function makeLink(body: Record<string, unknown> = {}) {
  const made = await callJson(monitor.stack.baseUrl, linksPath(), {
    method: 'POST',
    key: monitor.owner,
    body,
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body.link as { id: string; url: string; expires_at: string };
}

beforeAll(async () => {
  monitor = await startMonitorTestStack({
    seed: 'report-links',
    ownerEmail: 'agency@example.com',
    adminEmail: 'ops-reports@example.com',
    env: { MONITOR_CITED_SCANS: '0', MONITOR_CANARY_PROMPTS: '1' },
  });
  const made = await callJson(monitor.stack.baseUrl, '/api/v1/cases', {
    method: 'POST',
    key: monitor.owner,
    body: {
      name: 'Acme Analytics',
      domain: 'acme-analytics.com',
      category: 'product analytics',
      competitors: ['Globex Insights', 'Initech Metrics'],
    },
  });
  caseId = (made.body.case as { id: string }).id;
  runId = await finishRun();
}, 300_000);

afterAll(async () => {
  await monitor?.stack.close();
});

describe('a report link', () => {
  it('opens the run’s page without an account, under the agency’s title and logo, with no keys or controls', async () => {
    const made = await callJson(monitor.stack.baseUrl, linksPath(), {
      method: 'POST',
      key: monitor.owner,
      body: { title: TITLE, logo_url: 'https://127.0.0.1:9/logo.png', expires_in_days: 7 },
    });
    expectDocumented(
      monitor.openapi,
      made,
      '/api/v1/cases/{id}/runs/{run_id}/report-links',
      'post',
    );
    const link = made.body.link as { id: string; url: string; expires_at: string };
    expect(link.url).toMatch(new RegExp(`^${monitor.stack.baseUrl}/reports/[A-Za-z0-9_-]{43}$`));
    expect(Date.parse(link.expires_at) - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    const page = await fetch(link.url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await page.text();
    expect(html).toContain('Northwind Agency &lt;AI report&gt; &amp; co');
    expect(html).not.toContain('<AI report>');
    expect(html).toContain(
      '<img src="https://127.0.0.1:9/logo.png" alt="" referrerpolicy="no-referrer">',
    );
    for (const heading of [
      'Scores',
      'Share of answer against the competitors',
      'What changed and why',
      'Most cited pages',
      'Fixes and their verdicts',
    ]) {
      expect(html).toContain(`>${heading}</h2>`);
    }
    expect(html).toContain('95 % interval');
    for (const control of ['<form', '<script', '<nav', '<button', 'ars_', '/dashboard']) {
      expect(html, control).not.toContain(control);
    }
  });

  it('keeps only the hash of its token', async () => {
    const link = await makeLink();
    const token = link.url.split('/reports/')[1] ?? '';
    const doc = createDocumentClient({
      region: monitor.stack.config.AWS_REGION,
      endpoint: monitor.stack.dynamoEndpoint,
    });
    try {
      const { Items } = await doc.send(new ScanCommand({ TableName: monitor.stack.tableName }));
      const stored = JSON.stringify(Items);
      expect(stored).not.toContain(token);
      expect(stored).toContain(sha256Hex(token));
      expect(Items?.some((item) => item.pk === KEYS.reportToken(sha256Hex(token)).pk)).toBe(true);
    } finally {
      doc.destroy();
    }
  });

  it('is listed without its address, and answers 404 once revoked', async () => {
    const link = await makeLink({ title: 'To revoke' });
    const listed = await callJson(monitor.stack.baseUrl, linksPath(), { key: monitor.reader });
    expectDocumented(
      monitor.openapi,
      listed,
      '/api/v1/cases/{id}/runs/{run_id}/report-links',
      'get',
    );
    const entry = (listed.body.links as { id: string }[]).find(
      (candidate) => candidate.id === link.id,
    );
    expect(entry).toMatchObject({ id: link.id, title: 'To revoke', expired: false });
    expect(JSON.stringify(listed.body)).not.toContain('/reports/');
    expect((await fetch(link.url)).status).toBe(200);
    const revoked = await callJson(monitor.stack.baseUrl, `${linksPath()}/${link.id}`, {
      method: 'DELETE',
      key: monitor.owner,
    });
    expect(revoked.status).toBe(200);
    expect(revoked.body.deleted).toBe(link.id);
    const gone = await fetch(link.url);
    expect(gone.status).toBe(404);
    expect(gone.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await gone.text()).toContain('This report is not available');
    const again = await callJson(monitor.stack.baseUrl, `${linksPath()}/${link.id}`, {
      method: 'DELETE',
      key: monitor.owner,
    });
    expect(again.status).toBe(404);
  });

  it('answers 404 once it has expired, and lists as expired', async () => {
    const link = await makeLink({ expires_in_days: 1 });
    const token = link.url.split('/reports/')[1] ?? '';
    // The stack's clock cannot be moved: the link's end is moved into the past instead.
    const doc = createDocumentClient({
      region: monitor.stack.config.AWS_REGION,
      endpoint: monitor.stack.dynamoEndpoint,
    });
    const past = new Date(Date.now() - 1000).toISOString();
    try {
      for (const key of [
        KEYS.reportToken(sha256Hex(token)),
        KEYS.reportLink({ owner_id: await ownerId(), case_id: caseId }, runId, link.id),
      ]) {
        await doc.send(
          new UpdateCommand({
            TableName: monitor.stack.tableName,
            Key: key,
            UpdateExpression: 'SET link_expires_at = :past',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeValues: { ':past': past },
          }),
        );
      }
    } finally {
      doc.destroy();
    }
    expect((await fetch(link.url)).status).toBe(404);
    const listed = await callJson(monitor.stack.baseUrl, linksPath(), { key: monitor.owner });
    expect(
      (listed.body.links as { id: string; expired: boolean }[]).find(
        (entry) => entry.id === link.id,
      )?.expired,
    ).toBe(true);
  });

  it('answers the same 404 page for a token that names nothing or is malformed', async () => {
    for (const token of ['A'.repeat(43), 'short', `${'x'.repeat(300)}`]) {
      const page = await fetch(`${monitor.stack.baseUrl}/reports/${token}`);
      expect(page.status, token.slice(0, 10)).toBe(404);
      expect(await page.text()).toContain('This report is not available');
    }
  });
});

async function ownerId(): Promise<string> {
  const listed = await callJson(monitor.stack.baseUrl, '/api/v1/cases', { key: monitor.owner });
  return (
    (listed.body.cases as { id: string; user_id: string }[]).find((entry) => entry.id === caseId)
      ?.user_id ?? ''
  );
}

describe('who may make and revoke links, and bad links', () => {
  it('refuses another account (404) and a read-only key (403)', async () => {
    const link = await makeLink();
    const { baseUrl } = monitor.stack;
    const other = await Promise.all([
      callJson(baseUrl, linksPath(), { method: 'POST', key: monitor.other, body: {} }),
      callJson(baseUrl, linksPath(), { key: monitor.other }),
      callJson(baseUrl, `${linksPath()}/${link.id}`, { method: 'DELETE', key: monitor.other }),
    ]);
    expect(other.map((answer) => answer.status)).toEqual([404, 404, 404]);
    const reader = await Promise.all([
      callJson(baseUrl, linksPath(), { method: 'POST', key: monitor.reader, body: {} }),
      callJson(baseUrl, `${linksPath()}/${link.id}`, { method: 'DELETE', key: monitor.reader }),
    ]);
    expect(reader.map((answer) => [answer.status, answer.body.error?.code])).toEqual([
      [403, 'insufficient_scope'],
      [403, 'insufficient_scope'],
    ]);
    expect((await fetch(link.url)).status).toBe(200);
  });

  it('refuses bad fields with 400 and makes nothing', async () => {
    const { baseUrl } = monitor.stack;
    const before = (
      (await callJson(baseUrl, linksPath(), { key: monitor.owner })).body.links as unknown[]
    ).length;
    const refusals: [unknown, string][] = [
      [{ logo_url: 'javascript:alert(1)' }, 'invalid_url'],
      [{ logo_url: 'http://agency.example/logo.png' }, 'invalid_url'],
      [{ logo_url: 'https://user:pw@agency.example/logo.png' }, 'invalid_url'],
      [{ expires_in_days: 0 }, 'invalid_request'],
      [{ expires_in_days: 400 }, 'invalid_request'],
      [{ title: 'x'.repeat(121) }, 'invalid_request'],
      [{ colour: 'red' }, 'invalid_request'],
    ];
    for (const [body, code] of refusals) {
      const answer = await callJson(baseUrl, linksPath(), {
        method: 'POST',
        key: monitor.owner,
        body,
      });
      expect([answer.status, answer.body.error?.code], JSON.stringify(body)).toEqual([400, code]);
    }
    const unknownRun = await callJson(
      baseUrl,
      `/api/v1/cases/${caseId}/runs/${caseId}/report-links`,
      { method: 'POST', key: monitor.owner, body: {} },
    );
    expect(unknownRun.status).toBe(404);
    const after = (
      (await callJson(baseUrl, linksPath(), { key: monitor.owner })).body.links as unknown[]
    ).length;
    expect(after).toBe(before);
  });
});

describe('the digest', () => {
  it('mails the headline figures, the changes and a link to the run after the next run', async () => {
    const set = await callJson(monitor.stack.baseUrl, `/api/v1/cases/${caseId}/digest`, {
      method: 'PUT',
      key: monitor.owner,
      body: { enabled: true, email: [DIGEST] },
    });
    expect(set.status).toBe(200);
    const next = await finishRun();
    await eventsDrained(monitor.stack);
    const deadline = Date.now() + 30_000;
    let mail = getOutbox()
      .messages()
      .find((message) => message.to === DIGEST);
    while (!mail && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      mail = getOutbox()
        .messages()
        .find((message) => message.to === DIGEST);
    }
    expect(mail?.subject).toMatch(/^Acme Analytics: run .+ done, score \d+$/);
    expect(mail?.text).toMatch(/Score: \d+ of 100/);
    expect(mail?.text).toContain('Significant changes:');
    expect(mail?.text).toContain(`/dashboard/cases/${caseId}/runs/${next}`);
  });
});
