import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyDelivery } from '#shared/domain/webhooks/signing';
import { csrfOf, DashboardHttp } from '#test/browser/support/dashboard-http';
import { startFixtureSite } from '#test/fixtures/sites/server';
import { callJson, startTestStack, type TestStack } from '#test/support/stack';
import {
  type LoopbackCertificate,
  makeLoopbackCertificate,
  startWebhookReceiver,
  trustCertificate,
  type WebhookReceiver,
} from '#test/support/webhook-receiver';

/**
 * The dashboard's pages over the areas' operations, through the local front without a browser:
 * what a person submits reaches the same operation as the API, and another account's objects
 * are refused by id like in the API.
 */
let stack: TestStack;
let site: Awaited<ReturnType<typeof startFixtureSite>>;
let certificate: LoopbackCertificate;
let receiver: WebhookReceiver;
let untrust: () => void;

beforeAll(async () => {
  certificate = await makeLoopbackCertificate();
  untrust = trustCertificate(certificate.cert);
  receiver = await startWebhookReceiver(certificate);
  site = await startFixtureSite('good');
  stack = await startTestStack({
    ALLOW_PRIVATE_TARGETS: '1',
    WORKFLOW_TIME_SCALE: '0.01',
    MONITOR_PROMPTS_PER_BLOCK: '2',
    MONITOR_REPEATS: '1',
    PLAN_LIMITS: '{"free":{"per_batch":3,"per_day":4}}',
  });
});
afterAll(async () => {
  await stack?.close();
  await Promise.all([receiver?.close(), site?.close()]);
  untrust?.();
  await certificate?.close();
});

async function person(
  plan = 'pro',
): Promise<{ browser: DashboardHttp; csrf: string; email: string }> {
  const email = `page-${crypto.randomUUID().slice(0, 8)}@example.com`;
  await stack.operator.createUser({ email, plan });
  const browser = new DashboardHttp(stack.baseUrl);
  return { browser, csrf: await browser.signIn(email), email };
}

async function until<T>(probe: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('scans', () => {
  it('runs a scan for the account and lists it in the history', async () => {
    const { browser, csrf } = await person();
    const scanned = await browser.post('/dashboard/scans', { domain: site.host, csrf_token: csrf });
    expect(scanned.status).toBe(303);
    const result = await browser.get(scanned.location ?? '');
    expect(result.status).toBe(200);
    const id = /\/dashboard\/scans\/([0-9a-f-]{36})/.exec(scanned.location ?? '')?.[1] ?? '';
    expect(result.text).toContain(`/scans/${id}`);
    const api = await callJson(stack.baseUrl, `/api/v1/scans/${id}`);
    expect(result.text).toContain(
      `${(api.body.scan as { score: number }).score}<span class="muted">/100`,
    );
    await until(async () =>
      (await browser.get('/dashboard/scans')).text.includes(`/dashboard/scans/${id}`)
        ? true
        : undefined,
    );
  });

  it('shows what is wrong with an entry instead of scanning', async () => {
    const { browser, csrf } = await person();
    const refused = await browser.post('/dashboard/scans', {
      domain: 'not a domain',
      csrf_token: csrf,
    });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('role="alert"');
    expect(refused.text).toContain('value="not a domain"');
  });
});

describe('batches', () => {
  it('accepts and rejects at once, then offers the results as CSV', async () => {
    const { browser, csrf } = await person('free');
    const created = await browser.post('/dashboard/batches', {
      domains: `${site.host}\nnot a domain\n${site.host}/again\n`,
      csrf_token: csrf,
    });
    expect(created.status).toBe(202);
    expect(created.text).toContain('1 accepted, 1 rejected');
    expect(created.text).toContain('not a domain');
    const jobId = /\/dashboard\/batches\/([0-9a-f-]{36})"/.exec(created.text)?.[1] ?? '';
    const csv = await until(async () => {
      const answer = await browser.get(`/dashboard/batches/${jobId}/results.csv`);
      return answer.text.includes(',done,') ? answer : undefined;
    });
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.headers.get('content-disposition')).toBe(
      `attachment; filename="batch-${jobId}.csv"`,
    );
    const [header, row] = csv.text.trim().split('\r\n');
    expect(header).toBe('domain,status,score,scan_id,error,finished_at');
    expect(row).toMatch(new RegExp(`^${site.host},done,\\d+,[0-9a-f-]{36},,`));
    const page = await browser.get(`/dashboard/batches/${jobId}`);
    expect(page.text).toContain('<progress id="job-bar" max="1" value="1">');
  });

  it("refuses a batch past the plan's daily limit with the plan's message", async () => {
    const { browser, csrf } = await person('free');
    const many = ['a.example', 'b.example', 'c.example'].join('\n');
    expect(
      (await browser.post('/dashboard/batches', { domains: many, csrf_token: csrf })).status,
    ).toBe(202);
    const over = await browser.post('/dashboard/batches', { domains: many, csrf_token: csrf });
    expect(over.status).toBe(202);
    expect(over.text).toContain('daily limit of 4 domains');
    const none = await browser.post('/dashboard/batches', {
      domains: 'd.example',
      csrf_token: csrf,
    });
    expect(none.status).toBe(429);
    expect(none.text).toContain('are used. Retry after 00:00 UTC.');
  });
});

describe('cases and runs', () => {
  it('creates a case from the form, starts a run, and draws its summary', async () => {
    const { browser, csrf } = await person();
    const created = await browser.post('/dashboard/cases', {
      name: 'Acme Analytics',
      domain: 'https://www.acme-analytics.example/pricing',
      category: 'product analytics',
      icp: 'small SaaS teams',
      competitors: 'Globex Insights | globex.example | Globex\nInitech',
      use_cases: 'funnel analysis',
      region: 'Germany',
      languages: 'en',
      fact_sheet: 'pricing: from $29 per month\nfounded: 2019',
      aliases: 'Acme',
      status: 'active',
      csrf_token: csrf,
    });
    expect(created.status).toBe(303);
    const caseId = /\/dashboard\/cases\/([0-9a-f-]{36})$/.exec(created.location ?? '')?.[1] ?? '';
    const started = await browser.post(`/dashboard/cases/${caseId}/runs`, {
      label: 'first',
      csrf_token: csrf,
    });
    expect(started.status).toBe(303);
    const again = await browser.post(`/dashboard/cases/${caseId}/runs`, {
      label: '',
      csrf_token: csrf,
    });
    expect([303, 409]).toContain(again.status);
    const done = await until(async () => {
      const page = await browser.get(`/dashboard/cases/${caseId}`);
      return page.text.includes('Summary of the latest run') && !page.text.includes('data-poll="')
        ? page
        : undefined;
    }, 120_000);
    for (const chart of [
      'chart-score',
      'chart-models',
      'chart-share',
      'chart-dimensions',
      'chart-cited',
    ]) {
      expect(done.text).toContain(`id="${chart}"`);
    }
    expect(done.text).toContain('role="img"');
    expect(done.text).toContain('95% interval');
    // The share, cited-domain and category bars open the answers behind them (issue 17 point 4).
    for (const [chart, filter] of [
      ['chart-share', 'entity=Globex+Insights'],
      ['chart-cited', 'cited_domain='],
      ['chart-categories', 'citation_category=own'],
    ] as const) {
      const figure = done.text.slice(done.text.indexOf(`id="${chart}"`)).split('</figure>')[0];
      expect(figure, chart).toContain(filter);
      expect(figure, chart).toContain('Each bar opens the answers behind it.');
    }
    const edit = await browser.get(`/dashboard/cases/${caseId}/edit`);
    expect(edit.text).toContain('Globex Insights | globex.example | Globex');
    expect(edit.text).toContain('pricing: from $29 per month');
  });

  it('refuses a manual run on the free plan with the API’s reason', async () => {
    const { browser, csrf } = await person('free');
    const created = await browser.post('/dashboard/cases', {
      name: 'Free Co',
      domain: 'free-co.example',
      category: 'tools',
      languages: 'en',
      csrf_token: csrf,
    });
    const caseId = /\/dashboard\/cases\/([0-9a-f-]{36})$/.exec(created.location ?? '')?.[1] ?? '';
    const refused = await browser.post(`/dashboard/cases/${caseId}/runs`, {
      label: '',
      csrf_token: csrf,
    });
    expect(refused.status).toBe(402);
    expect(refused.text).toContain('Manual runs need the Pro plan');
  });
});

describe('webhooks', () => {
  it('shows the secret once, sends a signed test event, pauses and resumes', async () => {
    const { browser, csrf } = await person();
    const created = await browser.post('/dashboard/webhooks', {
      url: receiver.url('/dash'),
      label: 'mine',
      events: ['scan.completed'],
      csrf_token: csrf,
    });
    expect(created.status).toBe(201);
    const secret = /id="new-secret" value="([^"]+)"/.exec(created.text)?.[1] ?? '';
    expect(secret.length).toBeGreaterThan(20);
    const endpointId = /\/dashboard\/webhooks\/([0-9a-f-]{36})\/test/.exec(created.text)?.[1] ?? '';
    expect((await browser.get('/dashboard/webhooks')).text).not.toContain(secret);

    const tested = await browser.post(`/dashboard/webhooks/${endpointId}/test`, {
      csrf_token: csrf,
    });
    expect(tested.location).toBe('/dashboard/webhooks?notice=test_delivered');
    const [request] = await receiver.waitFor('/dash', 1);
    expect(
      verifyDelivery({
        headers: request?.headers ?? {},
        rawBody: request?.rawBody ?? Buffer.alloc(0),
        secrets: [secret],
      }).ok,
    ).toBe(true);

    const paused = await browser.post(`/dashboard/webhooks/${endpointId}`, {
      active: 'false',
      csrf_token: csrf,
    });
    expect(paused.location).toBe('/dashboard/webhooks?notice=webhook_paused');
    const page = await browser.get('/dashboard/webhooks');
    expect(page.text).toContain('Resume');
    expect(page.text).toContain('webhook.test');
    const none = await browser.post(`/dashboard/webhooks/${endpointId}`, {
      label: 'mine',
      events_present: '1',
      csrf_token: csrf,
    });
    expect(none.status).toBe(400);
    expect(none.text).toContain('Choose at least one event.');
  });
});

describe("another account's objects", () => {
  it('are refused by id on every page and form, like in the API', async () => {
    const owner = await person();
    const ownerKey = await stack.createKey(
      ['scans:write', 'monitor:write', 'webhooks:manage', 'scans:read', 'monitor:read'],
      { email: owner.email },
    );
    const batch = await callJson(stack.baseUrl, '/api/v1/scans/batch', {
      method: 'POST',
      key: ownerKey,
      body: { domains: [site.host] },
    });
    const jobId = (batch.body.job as { id: string }).id;
    const kase = await callJson(stack.baseUrl, '/api/v1/cases', {
      method: 'POST',
      key: ownerKey,
      body: { name: 'Owned', domain: 'owned.example', category: 'x' },
    });
    const caseId = (kase.body.case as { id: string }).id;
    const hook = await callJson(stack.baseUrl, '/api/v1/webhooks', {
      method: 'POST',
      key: ownerKey,
      body: { url: receiver.url('/owned') },
    });
    const endpointId = (hook.body.endpoint as { id: string }).id;
    const test = await callJson(stack.baseUrl, `/api/v1/webhooks/${endpointId}/test`, {
      method: 'POST',
      key: ownerKey,
    });
    const deliveryId = (test.body.delivery as { id: string }).id;
    const keyId = (
      (await callJson(stack.baseUrl, '/api/v1/keys', { key: ownerKey })).body.keys as {
        id: string;
      }[]
    )[0]?.id;

    const { browser, csrf } = await person();
    const reads = [
      `/dashboard/batches/${jobId}`,
      `/dashboard/batches/${jobId}/results.csv`,
      `/dashboard/cases/${caseId}`,
      `/dashboard/cases/${caseId}/edit`,
      `/dashboard/cases/${caseId}/runs/${randomUUID()}`,
      `/dashboard/cases/${caseId}/runs/${randomUUID()}/answers`,
      `/dashboard/cases/${caseId}/runs/${randomUUID()}/answers?format=csv`,
    ];
    for (const path of reads) expect((await browser.get(path)).status, path).toBe(404);
    const writes: [string, Record<string, string>][] = [
      [
        `/dashboard/cases/${caseId}`,
        { name: 'Stolen', domain: 'stolen.example', category: 'x', languages: 'en' },
      ],
      [`/dashboard/cases/${caseId}/runs`, { label: '' }],
      [`/dashboard/cases/${caseId}/competitors`, { name: 'Stolen Inc' }],
      [`/dashboard/cases/${caseId}/status`, { status: 'archived' }],
      [`/dashboard/webhooks/${endpointId}`, { active: 'false' }],
      [`/dashboard/webhooks/${endpointId}/test`, {}],
      [`/dashboard/webhooks/${endpointId}/delete`, {}],
      [`/dashboard/webhooks/deliveries/${deliveryId}/redeliver`, {}],
      [`/dashboard/keys/${keyId}/revoke`, {}],
    ];
    for (const [path, fields] of writes) {
      expect((await browser.post(path, { ...fields, csrf_token: csrf })).status, path).toBe(404);
    }
    // Still the owner's, unchanged.
    const still = await callJson(stack.baseUrl, `/api/v1/cases/${caseId}`, { key: ownerKey });
    expect(still.body.case).toMatchObject({ name: 'Owned', status: 'active', competitors: [] });
    const hooks = await callJson(stack.baseUrl, '/api/v1/webhooks', { key: ownerKey });
    expect(hooks.body.endpoints).toEqual([
      expect.objectContaining({ id: endpointId, active: true }),
    ]);
    expect(csrfOf((await browser.get('/dashboard')).text)).toBe(csrf);
  });
});
