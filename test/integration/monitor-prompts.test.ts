import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMonitorTestStack } from '#test/support/monitor-stack';
import { callJson, type JsonResponse, type TestStack } from '#test/support/stack';

/**
 * A case's prompts through the local front (docs/monitor.md "Prompts"): GET shows the list a
 * run asks, PUT changes it, the run asks exactly the enabled prompts, and the next summary says
 * the runs are not comparable. Tenancy, scopes and validation as on every case route.
 */
let stack: TestStack;
let openapi: Record<string, unknown>;
let owner: string;
let reader: string;
let other: string;
let admin: string;

const CASE = {
  name: 'Acme Analytics',
  domain: 'acme-analytics.example',
  category: 'product analytics',
  icp: 'small SaaS teams',
  competitors: [{ name: 'Globex Insights', domain: 'globex.example' }, 'Initech'],
  use_cases: ['funnel analysis'],
  region: 'Germany',
  languages: ['en', 'de'],
  fact_sheet: { founded: '2019', headquarters: 'Berlin' },
};

interface Prompt {
  id: string;
  text: string;
  language: string;
  block: string;
  enabled: boolean;
  source: 'generated' | 'custom';
}

interface PromptList {
  prompts: Prompt[];
  prompt_set_version: string;
  repeats: number;
  notes: string[];
}

beforeAll(async () => {
  ({ stack, openapi, owner, reader, other, admin } = await startMonitorTestStack({
    seed: 'monitor-prompts',
    ownerEmail: 'prompts-owner@example.com',
    adminEmail: 'prompts-ops@example.com',
  }));
});

afterAll(async () => {
  await stack?.close();
});

function expectDocumented(response: JsonResponse, method: string): void {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema(openapi, 'openapi');
  const segment = (text: string) => text.replaceAll('~', '~0').replaceAll('/', '~1');
  const pointer = `openapi#/paths/${segment('/api/v1/cases/{id}/prompts')}/${method}/responses/${response.status}/content/${segment('application/json')}/schema`;
  const validate = ajv.getSchema(pointer);
  expect(validate, `${method} ${response.status} is documented`).toBeDefined();
  validate?.(response.body);
  expect(validate?.errors ?? []).toEqual([]);
}

let casesMade = 0;

/**
 * A case of the test's own. One owner may not hold two identical active cases (409
 * `duplicate_case`), so each after the first is on a domain of its own (no prompt names it).
 */
async function createCase(key: string): Promise<string> {
  casesMade += 1;
  const domain = casesMade === 1 ? CASE.domain : `acme-analytics-${casesMade}.example`;
  const response = await callJson(stack.baseUrl, '/api/v1/cases', {
    method: 'POST',
    key,
    body: { ...CASE, domain },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return (response.body.case as { id: string }).id;
}

/** The list without `meta` (its time differs between two reads). */
async function readPrompts(key: string, caseId: string): Promise<PromptList> {
  const response = await callJson(stack.baseUrl, `/api/v1/cases/${caseId}/prompts`, { key });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return withoutMeta(response.body);
}

function withoutMeta(body: JsonResponse['body']): PromptList {
  const { meta: _meta, ...list } = body as Record<string, unknown>;
  return list as unknown as PromptList;
}

function putPrompts(key: string, caseId: string, body: unknown): Promise<JsonResponse> {
  return callJson(stack.baseUrl, `/api/v1/cases/${caseId}/prompts`, { method: 'PUT', key, body });
}

async function runToEnd(caseId: string): Promise<string> {
  const response = await callJson(stack.baseUrl, `/api/v1/cases/${caseId}/runs`, {
    method: 'POST',
    key: owner,
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  const runId = (response.body.run as { id: string }).id;
  expect((await stack.workflows.waitFor(`monitor-${runId}`)).status).toBe('SUCCEEDED');
  return runId;
}

/** Every distinct prompt the run's answers were asked, as `language|text`. */
async function askedPrompts(caseId: string, runId: string): Promise<Set<string>> {
  const asked = new Set<string>();
  let cursor: string | null = null;
  do {
    const query: string = `limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const page = await callJson(
      stack.baseUrl,
      `/api/v1/cases/${caseId}/runs/${runId}/answers?${query}`,
      { key: owner },
    );
    expect(page.status).toBe(200);
    for (const answer of page.body.answers as { language: string; prompt: string }[]) {
      asked.add(`${answer.language}|${answer.prompt}`);
    }
    cursor = page.body.next_cursor as string | null;
  } while (cursor);
  return asked;
}

describe('GET /api/v1/cases/{id}/prompts', () => {
  it('lists the prompts of each language in that language, with no field name in them', async () => {
    const caseId = await createCase(owner);
    const response = await callJson(stack.baseUrl, `/api/v1/cases/${caseId}/prompts`, {
      key: reader,
    });

    expect(response.status).toBe(200);
    expectDocumented(response, 'get');
    const list = response.body as unknown as PromptList;
    expect(list.prompt_set_version).toMatch(/^v2\.[0-9a-f]{12}$/);
    expect(list.repeats).toBe(1);
    expect(list.prompts.every((p) => p.source === 'generated' && p.enabled)).toBe(true);
    const german = list.prompts.filter((p) => p.language === 'de');
    expect(german.map((p) => p.text)).toContain('Wann wurde Acme Analytics gegründet?');
    for (const prompt of german) {
      expect(prompt.text).not.toMatch(/small SaaS teams|product analytics|founded|Germany/);
    }
    expect(list.notes.join(' ')).toMatch(/^de: the case has no category/);
  });

  it('reads another account’s case as not found, and an operator’s key reads any', async () => {
    const caseId = await createCase(owner);

    const foreign = await callJson(stack.baseUrl, `/api/v1/cases/${caseId}/prompts`, {
      key: other,
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error?.code).toBe('not_found');
    const operator = await callJson(stack.baseUrl, `/api/v1/cases/${caseId}/prompts`, {
      key: admin,
    });
    expect(operator.status).toBe(200);
    const anonymous = await callJson(stack.baseUrl, `/api/v1/cases/${caseId}/prompts`);
    expect(anonymous.status).toBe(401);
  });
});

describe('PUT /api/v1/cases/{id}/prompts', () => {
  it('switches off, rewords and adds prompts; the run asks exactly the enabled ones', async () => {
    const caseId = await createCase(owner);
    const before = await readPrompts(owner, caseId);
    const firstRun = await runToEnd(caseId);
    const items = before.prompts.map((p) => ({ ...p }));
    const [off, reworded] = items.filter((p) => p.language === 'en');
    if (!off || !reworded) throw new Error('no English prompts');
    off.enabled = false;
    reworded.text = 'Which analytics tool would a two-person startup pick first?';
    const added = { text: 'Welches Analyse-Tool empfehlen Gründer in Berlin?', language: 'de' };
    const saved = await putPrompts(owner, caseId, {
      prompts: [...items, added],
      prompt_set_version: before.prompt_set_version,
    });

    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expectDocumented(saved, 'put');
    const after = withoutMeta(saved.body);
    expect(after.prompt_set_version).not.toBe(before.prompt_set_version);
    expect(after.prompts.find((p) => p.id === off.id)).toMatchObject({ enabled: false });
    expect(after.prompts.find((p) => p.id === reworded.id)).toMatchObject({
      text: reworded.text,
      source: 'custom',
    });
    expect(after.prompts.find((p) => p.text === added.text)).toMatchObject({
      language: 'de',
      block: 'A',
      source: 'custom',
      enabled: true,
    });
    expect(await readPrompts(owner, caseId)).toEqual(after);

    const runId = await runToEnd(caseId);
    const enabled = after.prompts.filter((p) => p.enabled).map((p) => `${p.language}|${p.text}`);
    expect(await askedPrompts(caseId, runId)).toEqual(new Set(enabled));
    const read = await callJson(stack.baseUrl, `/api/v1/cases/${caseId}/runs/${runId}`, {
      key: owner,
    });
    const summary = read.body.summary as {
      prompt_set_version: string;
      delta: { comparable: boolean; previous_run_id: string; differences: { what: string }[] };
    };
    expect(summary.prompt_set_version).toBe(after.prompt_set_version);
    expect(summary.delta).toMatchObject({ previous_run_id: firstRun, comparable: false });
    expect(summary.delta.differences.map((d) => d.what)).toEqual(['prompts']);
  });

  it('refuses a stale version, an unknown id, an empty list and unknown fields, saving nothing', async () => {
    const caseId = await createCase(owner);
    const before = await readPrompts(owner, caseId);
    const cases: [unknown, number, string][] = [
      [
        { prompts: before.prompts, prompt_set_version: 'v2.000000000000' },
        409,
        'prompt_set_changed',
      ],
      [{ prompts: [...before.prompts, { id: 'Z9-en', text: 'x' }] }, 400, 'invalid_request'],
      [{ prompts: [] }, 400, 'invalid_request'],
      [{ prompts: before.prompts, colour: 'blue' }, 400, 'invalid_request'],
      [{ prompts: [{ text: '' }] }, 400, 'invalid_request'],
      [{ prompts: [{ text: 'x'.repeat(1001) }] }, 400, 'invalid_request'],
      [{ prompts: [{ text: 'Quale strumento?', language: 'it' }] }, 400, 'invalid_request'],
    ];
    for (const [body, status, code] of cases) {
      const refused = await putPrompts(owner, caseId, body);
      expect(refused.status, JSON.stringify(body).slice(0, 120)).toBe(status);
      expect(refused.body.error?.code).toBe(code);
      expect(typeof refused.body.error?.message).toBe('string');
    }
    const unknownId = await putPrompts(owner, caseId, {
      prompts: [...before.prompts, { id: 'Z9-en', text: 'x' }],
    });
    expect((unknownId.body.error as { details?: unknown }).details).toMatchObject({
      issues: [{ path: ['prompts', before.prompts.length, 'id'] }],
    });
    expect(await readPrompts(owner, caseId)).toEqual(before);
  });

  it('needs monitor:write and the case’s owner', async () => {
    const caseId = await createCase(owner);
    const { prompts } = await readPrompts(owner, caseId);

    const readOnly = await putPrompts(reader, caseId, { prompts });
    expect(readOnly.status).toBe(403);
    expect(readOnly.body.error?.code).toBe('insufficient_scope');
    const foreign = await putPrompts(other, caseId, { prompts });
    expect(foreign.status).toBe(404);
    const operator = await putPrompts(admin, caseId, { prompts });
    expect(operator.status).toBe(403);
    const unknown = await putPrompts(owner, crypto.randomUUID(), { prompts });
    expect(unknown.status).toBe(404);
    const malformed = await putPrompts(owner, 'not-a-uuid', { prompts });
    expect(malformed.status).toBe(404);
  });
});
