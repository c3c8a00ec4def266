import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDocumentClient } from '#shared/adapters/dynamodb/client';
import { createEventsRepository } from '#shared/adapters/dynamodb/events-repository';
import { buildPromptSet } from '#shared/domain/monitor/engine/index';
import { runEventId } from '#shared/domain/monitor/ids';
import {
  CaseDetailSchema,
  CaseSummaryResponseSchema,
  ListRunsResponseSchema,
} from '#shared/domain/monitor/schemas';
import { expectDocumented } from '#test/support/documented';
import { startMonitorTestStack } from '#test/support/monitor-stack';
import { callJson, type JsonResponse, type TestStack } from '#test/support/stack';

/**
 * The monitor end to end through the local front: real handlers, dynalite, the local Step
 * Functions engine running monitor-run.asl.json, and the simulator answering over HTTP.
 */
let stack: TestStack;
let openapi: Record<string, unknown>;
let owner: string;
let reader: string;
let other: string;
let admin: string;

const ADMIN = 'ops@example.com';
const OWNER = 'owner@example.com';
const CASE = {
  name: 'Acme Analytics',
  domain: 'https://www.Acme-Analytics.example/pricing',
  category: 'product analytics',
  icp: 'small SaaS teams',
  competitors: [
    { name: 'Globex Insights', domain: 'globex.example', aliases: ['Globex'] },
    'Initech',
  ],
  use_cases: ['funnel analysis', 'retention tracking'],
  region: 'Germany',
  languages: ['en'],
  fact_sheet: { pricing: 'from $29 per month', founded: '2019' },
  aliases: ['Acme'],
};

beforeAll(async () => {
  ({ stack, openapi, owner, reader, other, admin } = await startMonitorTestStack({
    seed: 'monitor-integration',
    ownerEmail: OWNER,
    adminEmail: ADMIN,
  }));
});

afterAll(async () => {
  await stack?.close();
});

async function createCase(key: string, body: object = CASE): Promise<string> {
  const response = await callJson(stack.baseUrl, '/api/v1/cases', { method: 'POST', key, body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return (response.body.case as { id: string }).id;
}

async function runToEnd(key: string, caseId: string, label?: string): Promise<string> {
  const response = await callJson(stack.baseUrl, `/api/v1/cases/${caseId}/runs`, {
    method: 'POST',
    key,
    ...(label ? { body: { label } } : {}),
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  const runId = (response.body.run as { id: string }).id;
  const execution = await stack.workflows.waitFor(`monitor-${runId}`);
  expect(execution.status).toBe('SUCCEEDED');
  return runId;
}

describe('cases over the API', () => {
  it('creates a case, normalising its domain, and reads it back', async () => {
    const response = await callJson(stack.baseUrl, '/api/v1/cases', {
      method: 'POST',
      key: owner,
      body: CASE,
    });
    expect(response.status).toBe(201);
    expectDocumented(openapi, response, '/api/v1/cases', 'post');
    const created = response.body.case as Record<string, unknown>;
    expect(created).toMatchObject({
      name: 'Acme Analytics',
      domain: 'acme-analytics.example',
      competitors: ['Globex Insights', 'Initech'],
      competitor_profiles: [
        { name: 'Globex Insights', domain: 'globex.example', aliases: ['Globex'] },
        { name: 'Initech', domain: null, aliases: [] },
      ],
      competitor_domains: { 'Globex Insights': 'globex.example' },
      status: 'active',
      latest_score: null,
      last_run_at: null,
    });
    const read = await callJson(stack.baseUrl, `/api/v1/cases/${created.id}`, { key: reader });
    expect(read.status).toBe(200);
    expectDocumented(openapi, read, '/api/v1/cases/{id}', 'get');
    expect(read.body.case).toEqual(created);
    // Archived, so that the run below can create the same case (one active case per identity).
    const archived = await callJson(stack.baseUrl, `/api/v1/cases/${created.id}`, {
      method: 'PATCH',
      key: owner,
      body: { status: 'archived' },
    });
    expect(archived.status).toBe(200);
  });

  it('refuses an identical second case with 409 duplicate_case naming the first, until it is archived', async () => {
    const first = await createCase(owner, { ...CASE, name: 'Twice Co' });
    const again = await callJson(stack.baseUrl, '/api/v1/cases', {
      method: 'POST',
      key: owner,
      body: { ...CASE, name: ' twice  CO ' },
    });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: 'duplicate_case', details: { case_id: first } });
    expectDocumented(openapi, again, '/api/v1/cases', 'post');
    // Another region is another case.
    await createCase(owner, { ...CASE, name: 'Twice Co', region: 'Austria' });
    await callJson(stack.baseUrl, `/api/v1/cases/${first}`, {
      method: 'PATCH',
      key: owner,
      body: { status: 'archived' },
    });
    await createCase(owner, { ...CASE, name: 'Twice Co' });
  });

  it('answers 400 invalid_request with the reason for a case that cannot be measured', async () => {
    const bad: Array<[object, RegExp]> = [
      [{ ...CASE, name: undefined }, /name/],
      [{ ...CASE, domain: 'not a domain' }, /domain/],
      [{ ...CASE, competitors: ['acme analytics'] }, /brand's own name/],
      [{ ...CASE, competitors: ['Initech', 'INITECH'] }, /twice/],
      [{ ...CASE, languages: ['english!'] }, /language code/],
      [{ ...CASE, colour: 'blue' }, /colour|unrecognized/i],
      [{ ...CASE, competitor_domains: { Hooli: 'hooli.example' } }, /not in competitors/],
    ];
    for (const [body, reason] of bad) {
      const response = await callJson(stack.baseUrl, '/api/v1/cases', {
        method: 'POST',
        key: owner,
        body,
      });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error?.code).toBe('invalid_request');
      expect(response.body.error?.message).toMatch(reason);
    }
  });

  it('takes competitor sites as a map from names as well', async () => {
    const response = await callJson(stack.baseUrl, '/api/v1/cases', {
      method: 'POST',
      key: owner,
      body: {
        ...CASE,
        name: 'Mapped Co',
        competitors: ['Globex Insights', 'Initech'],
        competitor_domains: { 'globex insights': 'https://www.globex.example/' },
      },
    });
    expect(response.status).toBe(201);
    expect(response.body.case).toMatchObject({
      competitors: ['Globex Insights', 'Initech'],
      competitor_domains: { 'Globex Insights': 'globex.example' },
    });
  });

  it('changes only the fields a PATCH sends, and only on its own cases', async () => {
    const id = await createCase(owner, { ...CASE, name: 'Patchable Co' });
    const response = await callJson(stack.baseUrl, `/api/v1/cases/${id}`, {
      method: 'PATCH',
      key: owner,
      body: { region: 'Austria', competitors: ['Hooli'], status: 'paused' },
    });
    expect(response.status).toBe(200);
    expectDocumented(openapi, response, '/api/v1/cases/{id}', 'patch');
    expect(response.body.case).toMatchObject({
      name: 'Patchable Co',
      region: 'Austria',
      competitors: ['Hooli'],
      status: 'paused',
      fact_sheet: CASE.fact_sheet,
    });
    const foreign = await callJson(stack.baseUrl, `/api/v1/cases/${id}`, {
      method: 'PATCH',
      key: other,
      body: { region: 'Mars' },
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error?.code).toBe('not_found');
  });
});

describe('a run from queued to done', () => {
  let caseId: string;
  let first: string;
  let second: string;

  beforeAll(async () => {
    caseId = await createCase(owner);
    const early = await callJson(stack.baseUrl, `/api/v1/cases/${caseId}/summary`, { key: owner });
    expect(early.status).toBe(409);
    expect(early.body.error?.code).toBe('no_run');
    expectDocumented(openapi, early, '/api/v1/cases/{id}/summary', 'get');

    const started = await callJson(stack.baseUrl, `/api/v1/cases/${caseId}/runs`, {
      method: 'POST',
      key: owner,
      body: { label: 'first look' },
    });
    expect(started.status).toBe(200);
    expectDocumented(openapi, started, '/api/v1/cases/{id}/runs', 'post');
    expect(started.body.run).toMatchObject({
      label: 'first look',
      kind: 'manual',
      status: 'queued',
    });
    first = (started.body.run as { id: string }).id;
    const pending = await callJson(stack.baseUrl, `/api/v1/cases/${caseId}/runs`, {
      method: 'POST',
      key: owner,
    });
    expect(pending.status).toBe(409);
    expect(pending.body.error?.code).toBe('run_pending');
    expect((await stack.workflows.waitFor(`monitor-${first}`)).status).toBe('SUCCEEDED');
    second = await runToEnd(owner, caseId);
  });

  it("has every field of the contract's summary, with the right types", async () => {
    const response = await callJson(stack.baseUrl, `/api/v1/cases/${caseId}/summary`, {
      key: reader,
    });
    expect(response.status).toBe(200);
    expectDocumented(openapi, response, '/api/v1/cases/{id}/summary', 'get');
    const body = CaseSummaryResponseSchema.parse(response.body);
    expect(body.case).toEqual({ id: caseId, name: 'Acme Analytics' });
    expect(body.run).toMatchObject({ id: second, kind: 'manual' });
    const { summary } = body;
    expect(Number.isInteger(summary.total_score)).toBe(true);
    expect(Object.keys(summary.per_model).sort()).toEqual([
      'anthropic',
      'google',
      'openai',
      'perplexity',
    ]);
    for (const score of Object.values(summary.per_model))
      expect(Number.isInteger(score)).toBe(true);
    for (const value of Object.values(summary.dimensions)) expect(typeof value).toBe('number');
    const shares = summary.share_of_answer;
    expect(shares.map((s) => s.name).sort()).toEqual([
      'Acme Analytics',
      'Globex Insights',
      'Initech',
    ]);
    expect(shares.filter((s) => s.is_self).map((s) => s.name)).toEqual(['Acme Analytics']);
    expect(shares.reduce((sum, s) => sum + s.share, 0)).toBeCloseTo(1, 3);
    expect(summary.top_gaps.length).toBeGreaterThan(0);
    expect(summary.top_cited_domains.length).toBeGreaterThan(0);
    for (const entry of summary.top_cited_domains) {
      expect(Object.keys(entry.by_block).sort()).toEqual(['A', 'B', 'C', 'D']);
    }
    const globex = summary.top_cited_domains.find((d) => d.domain === 'globex.example');
    expect(globex?.competitor).toBe('Globex Insights');
    expect(summary.top_cited_domains.find((d) => d.is_self)?.domain).toBe('acme-analytics.example');
    expect(Object.keys(summary.competitor_citation_rate).sort()).toEqual([
      'Globex Insights',
      'Initech',
    ]);
    // Every cell asked by every family in both modes, each answer judged by another family.
    const detail = CaseDetailSchema.parse(
      (await callJson(stack.baseUrl, `/api/v1/cases/${caseId}`, { key: owner })).body.case,
    );
    const cells = buildPromptSet(
      { ...detail, competitors: detail.competitor_profiles },
      { promptsPerBlock: 3, repeats: 1 },
    ).cells.length;
    const meta = summary.sources_meta;
    expect(meta.answers_total).toBe(cells * 4 * 2);
    expect(meta.excluded_models).toBeUndefined();
    expect(meta.answers_with_sources).toBeGreaterThan(0);
    expect(meta.answers_with_sources).toBeLessThanOrEqual(meta.answers_total / 2);
    expect(summary.judge.judged_answers).toBe(meta.answers_total);
    expect(summary.usage.answer_calls).toBe(meta.answers_total);
    // Every answer judged, up to MONITOR_JUDGE_BATCH (8) answers a call: 16 calls for 96 answers.
    expect(summary.usage.judge_calls).toBeGreaterThanOrEqual(Math.ceil(meta.answers_total / 8));
    expect(summary.usage.judge_calls).toBeLessThanOrEqual(Math.ceil(meta.answers_total / 4));
  });

  it('compares the second run with the first: delta and score.changed', async () => {
    const runs = await callJson(stack.baseUrl, `/api/v1/cases/${caseId}/runs`, { key: owner });
    expect(runs.status).toBe(200);
    expectDocumented(openapi, runs, '/api/v1/cases/{id}/runs', 'get');
    const list = ListRunsResponseSchema.parse(runs.body).runs;
    expect(list.map((run) => run.id)).toEqual([second, first]);
    expect(list.map((run) => run.status)).toEqual(['done', 'done']);
    expect(list[1]).toMatchObject({ label: 'first look', kind: 'manual', delta: 0 });
    const { summary } = CaseSummaryResponseSchema.parse(
      (await callJson(stack.baseUrl, `/api/v1/cases/${caseId}/summary`, { key: owner })).body,
    );
    expect(summary.delta.previous_run_id).toBe(first);
    expect(summary.delta.comparable).toBe(true);
    expect(list[0]?.total_score).toBe(summary.total_score);
    expect(list[0]?.delta).toBe(summary.delta.total_score);
    expect((list[0]?.total_score ?? 0) - (list[1]?.total_score ?? 0)).toBe(
      summary.delta.total_score,
    );

    const limited = await callJson(stack.baseUrl, `/api/v1/cases/${caseId}/runs?limit=1`, {
      key: owner,
    });
    expect((limited.body.runs as unknown[]).length).toBe(1);

    const { config } = stack;
    const doc = createDocumentClient({ region: config.AWS_REGION, endpoint: stack.dynamoEndpoint });
    const events = createEventsRepository(doc, stack.tableName);
    const completed = await waitForEvent(events, runEventId('run.completed', second));
    expect(completed.data).toMatchObject({
      run_id: second,
      case_id: caseId,
      status: 'done',
      total_score: summary.total_score,
      delta: summary.delta.total_score,
      previous_run_id: first,
    });
    const changed = await events.get(runEventId('score.changed', second));
    if (summary.delta.total_score === 0) expect(changed).toBeUndefined();
    else
      expect(changed?.data).toMatchObject({
        delta: summary.delta.total_score,
        previous_run_id: first,
      });
    expect(await events.get(runEventId('score.changed', first))).toBeUndefined();
    doc.destroy();
  });

  it('lists cases with their latest score, filtered by q and paginated', async () => {
    const all = await callJson(stack.baseUrl, '/api/v1/cases', { key: owner });
    expect(all.status).toBe(200);
    expectDocumented(openapi, all, '/api/v1/cases', 'get');
    const entry = (all.body.cases as Array<Record<string, unknown>>).find((c) => c.id === caseId);
    expect(entry).toMatchObject({ domain: 'acme-analytics.example', status: 'active' });
    expect(Number.isInteger(entry?.latest_score)).toBe(true);
    expect(entry?.owner_email).toBeUndefined();
    expect(all.body.scope).toBeUndefined();

    const byDomain = await callJson(stack.baseUrl, '/api/v1/cases?q=ACME-ANALYTICS.EX', {
      key: owner,
    });
    const byName = await callJson(stack.baseUrl, '/api/v1/cases?q=patchable', { key: owner });
    const none = await callJson(stack.baseUrl, '/api/v1/cases?q=zzz', { key: owner });
    expect((byDomain.body.cases as unknown[]).length).toBeGreaterThan(0);
    expect((byName.body.cases as Array<{ name: string }>).map((c) => c.name)).toEqual([
      'Patchable Co',
    ]);
    expect(none.body.cases).toEqual([]);

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: JsonResponse = await callJson(
        stack.baseUrl,
        `/api/v1/cases?limit=1${cursor ? `&cursor=${cursor}` : ''}`,
        { key: owner },
      );
      expect((page.body.cases as unknown[]).length).toBeLessThanOrEqual(1);
      seen.push(...(page.body.cases as Array<{ id: string }>).map((c) => c.id));
      cursor = page.body.next_cursor as string | null;
    } while (cursor);
    expect(seen).toEqual((all.body.cases as Array<{ id: string }>).map((c) => c.id));
  });
});

describe('tenants', () => {
  let foreignCase: string;

  beforeAll(async () => {
    foreignCase = await createCase(other, {
      ...CASE,
      name: 'Other Tenant Ltd',
      domain: 'other.example',
    });
  });

  it('reads another tenant’s case as not found', async () => {
    for (const path of ['', '/summary', '/runs']) {
      const response = await callJson(stack.baseUrl, `/api/v1/cases/${foreignCase}${path}`, {
        key: owner,
      });
      expect(response.status, path).toBe(404);
      expect(response.body.error?.code).toBe('not_found');
    }
    const list = await callJson(stack.baseUrl, '/api/v1/cases', { key: owner });
    expect((list.body.cases as Array<{ id: string }>).map((c) => c.id)).not.toContain(foreignCase);
  });

  it('lets a monitor:admin key read every tenant, with owner_email', async () => {
    const list = await callJson(stack.baseUrl, '/api/v1/cases?limit=100', { key: admin });
    expect(list.status).toBe(200);
    expectDocumented(openapi, list, '/api/v1/cases', 'get');
    expect(list.body.scope).toBe('all_tenants');
    const cases = list.body.cases as Array<{ id: string; owner_email: string; user_id: string }>;
    const foreign = cases.find((c) => c.id === foreignCase);
    expect(foreign?.owner_email).toMatch(/@example\.com$/);
    expect(new Set(cases.map((c) => c.user_id)).size).toBeGreaterThan(1);
    expect(cases.every((c) => typeof c.owner_email === 'string' && c.owner_email !== '')).toBe(
      true,
    );
    const read = await callJson(stack.baseUrl, `/api/v1/cases/${foreignCase}`, { key: admin });
    expect(read.status).toBe(200);
    const runs = await callJson(stack.baseUrl, `/api/v1/cases/${foreignCase}/runs`, { key: admin });
    expect(runs.body.runs).toEqual([]);
  });

  it('never lets monitor:admin write another tenant’s case', async () => {
    // With a Monitor account of its own, so that the refusal is about the tenant.
    await stack.operator.setAccount({ email: ADMIN, plan: 'pro' });
    const write = await stack.createKey(['monitor:read', 'monitor:write', 'monitor:admin'], {
      email: ADMIN,
    });
    const run = await callJson(stack.baseUrl, `/api/v1/cases/${foreignCase}/runs`, {
      method: 'POST',
      key: write,
    });
    expect(run.status).toBe(404);
    const patch = await callJson(stack.baseUrl, `/api/v1/cases/${foreignCase}`, {
      method: 'PATCH',
      key: write,
      body: { region: 'Mars' },
    });
    expect(patch.status).toBe(404);
  });
});

describe('errors on case routes', () => {
  let caseId: string;

  beforeAll(async () => {
    caseId = await createCase(owner, { ...CASE, name: 'Error Probe' });
  });

  const call = (method: string, path: string, key: string | undefined, body: object = {}) =>
    callJson(stack.baseUrl, path, {
      method,
      ...(key ? { key } : {}),
      ...(method === 'GET' ? {} : { body }),
    });

  const routes = (id: string): Array<[string, string]> => [
    ['GET', '/api/v1/cases'],
    ['GET', `/api/v1/cases/${id}`],
    ['GET', `/api/v1/cases/${id}/summary`],
    ['GET', `/api/v1/cases/${id}/runs`],
    ['POST', `/api/v1/cases/${id}/runs`],
    ['POST', '/api/v1/cases'],
    ['PATCH', `/api/v1/cases/${id}`],
  ];

  it('answers 401 unauthorized without a key or with an unknown one', async () => {
    for (const [method, path] of routes(caseId)) {
      for (const key of [undefined, 'ars_not_a_real_key']) {
        const response = await call(method, path, key);
        expect(response.status, `${method} ${path}`).toBe(401);
        expect(response.body.error?.code).toBe('unauthorized');
      }
    }
  });

  it('answers 403 insufficient_scope for a key without the route’s scope', async () => {
    const scansOnly = await stack.createKey(['scans:read']);
    for (const [method, path] of routes(caseId)) {
      const response = await call(method, path, scansOnly);
      expect(response.status, `${method} ${path}`).toBe(403);
      expect(response.body.error?.code).toBe('insufficient_scope');
    }
    const write = await callJson(stack.baseUrl, `/api/v1/cases/${caseId}/runs`, {
      method: 'POST',
      key: reader,
    });
    expect(write.body.error?.code).toBe('insufficient_scope');
  });

  it('answers 403 no_account for a key whose user has no Monitor account', async () => {
    const email = `nobody-${crypto.randomUUID().slice(0, 8)}@example.com`;
    await stack.operator.createUser({ email, plan: 'none' });
    const key = await stack.createKey(['monitor:read', 'monitor:write'], { email });
    for (const [method, path] of routes(caseId)) {
      const response = await call(method, path, key, path.endsWith('/runs') ? {} : CASE);
      expect(response.status, `${method} ${path}`).toBe(403);
      expect(response.body.error?.code).toBe('no_account');
    }
  });

  it('answers 402 plan_required for a free plan and for an ended subscription', async () => {
    for (const [plan, subscription] of [
      ['free', 'active'],
      ['pro', 'ended'],
    ] as const) {
      const email = `${plan}-${subscription}-${crypto.randomUUID().slice(0, 8)}@example.com`;
      await stack.operator.createUser({ email, plan, subscription });
      const key = await stack.createKey(['monitor:read', 'monitor:write'], { email });
      const own = await createCase(key, { ...CASE, name: `${plan} ${subscription} Co` });
      const response = await callJson(stack.baseUrl, `/api/v1/cases/${own}/runs`, {
        method: 'POST',
        key,
      });
      expect(response.status, `${plan} ${subscription}`).toBe(402);
      expect(response.body.error?.code).toBe('plan_required');
      expectDocumented(openapi, response, '/api/v1/cases/{id}/runs', 'post');
    }
  });

  it('starts no run for an archived case until it is restored', async () => {
    const id = await createCase(owner, { ...CASE, name: 'Archived Co' });
    const archived = await callJson(stack.baseUrl, `/api/v1/cases/${id}`, {
      method: 'PATCH',
      key: owner,
      body: { status: 'archived' },
    });
    expect(archived.body.case).toMatchObject({ status: 'archived' });
    const refused = await callJson(stack.baseUrl, `/api/v1/cases/${id}/runs`, {
      method: 'POST',
      key: owner,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error?.code).toBe('case_archived');
    expectDocumented(openapi, refused, '/api/v1/cases/{id}/runs', 'post');
    const read = await callJson(stack.baseUrl, `/api/v1/cases/${id}`, { key: owner });
    expect(read.body.case).toMatchObject({ status: 'archived', name: 'Archived Co' });
    await callJson(stack.baseUrl, `/api/v1/cases/${id}`, {
      method: 'PATCH',
      key: owner,
      body: { status: 'active' },
    });
    const started = await callJson(stack.baseUrl, `/api/v1/cases/${id}/runs`, {
      method: 'POST',
      key: owner,
    });
    expect(started.status).toBe(200);
  });

  it('answers 404 not_found for unknown and malformed case ids', async () => {
    for (const id of [crypto.randomUUID(), 'not-a-uuid']) {
      for (const [method, path] of routes(id).filter(([, p]) => p.includes(id))) {
        const response = await call(method, path, owner);
        expect(response.status, `${method} ${path}`).toBe(404);
        expect(response.body.error?.code).toBe('not_found');
      }
    }
  });

  it('answers 400 for a runs limit outside 1 to 100', async () => {
    for (const limit of ['0', '101', 'abc', '2.5']) {
      const response = await callJson(
        stack.baseUrl,
        `/api/v1/cases/${caseId}/runs?limit=${limit}`,
        {
          key: owner,
        },
      );
      expect(response.status, limit).toBe(400);
      expect(response.body.error?.code).toBe('invalid_request');
    }
    const ok = await callJson(stack.baseUrl, `/api/v1/cases/${caseId}/runs?limit=100`, {
      key: owner,
    });
    expect(ok.status).toBe(200);
  });
});

async function waitForEvent(
  events: ReturnType<typeof createEventsRepository>,
  id: string,
): Promise<NonNullable<Awaited<ReturnType<typeof events.get>>>> {
  for (let tries = 0; tries < 100; tries += 1) {
    const event = await events.get(id);
    if (event) return event;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`event ${id} was not recorded`);
}
