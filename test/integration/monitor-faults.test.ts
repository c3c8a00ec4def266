import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDocumentClient } from '#shared/adapters/dynamodb/client';
import { createEventsRepository } from '#shared/adapters/dynamodb/events-repository';
import { KEYS } from '#shared/adapters/dynamodb/keys';
import { runEventId } from '#shared/domain/monitor/ids';
import { CaseSummaryResponseSchema, ListRunsResponseSchema } from '#shared/domain/monitor/schemas';
import { callJson, startTestStack, type TestStack } from '#test/support/stack';

/**
 * Faults injected in the simulator and in the store: a throttled family is retried and its
 * answers count, a family that stays down is excluded while the run completes, and a step that
 * fails ends the run as `failed` with its lock released.
 */
const OWNER = 'faults@example.com';
let stack: TestStack;
let key: string;
let ownerId: string;
let doc: ReturnType<typeof createDocumentClient>;

const CASE = {
  name: 'Acme Analytics',
  domain: 'acme-analytics.example',
  category: 'product analytics',
  icp: 'small SaaS teams',
  competitors: [{ name: 'Globex Insights', domain: 'globex.example' }],
  use_cases: ['funnel analysis'],
  region: 'Germany',
  fact_sheet: { pricing: 'from $29 per month' },
};

beforeAll(async () => {
  stack = await startTestStack({
    WORKFLOW_TIME_SCALE: '0.01',
    MONITOR_PROMPTS_PER_BLOCK: '2',
    MONITOR_REPEATS: '1',
    MONITOR_RETRY_ATTEMPTS: '4',
    // OpenAI answers its first 6 requests with 429 and a 1 s Retry-After (held by the shared
    // budget in real time), then recovers;
    // Gemini is down (503) for the whole file.
    SIMULATOR_FAULTS: 'openai=throttle:1:retry-after*6,google=unavailable',
  });
  key = await stack.createKey(['monitor:read', 'monitor:write'], { email: OWNER });
  ownerId = (await stack.operator.listKeys(OWNER))[0]?.user_id ?? '';
  const { config } = stack;
  doc = createDocumentClient({ region: config.AWS_REGION, endpoint: stack.dynamoEndpoint });
});

afterAll(async () => {
  doc?.destroy();
  await stack?.close();
});

async function createCase(name: string): Promise<string> {
  const response = await callJson(stack.baseUrl, '/api/v1/cases', {
    method: 'POST',
    key,
    body: { ...CASE, name },
  });
  expect(response.status).toBe(201);
  return (response.body.case as { id: string }).id;
}

async function startRun(caseId: string): Promise<string> {
  const response = await callJson(stack.baseUrl, `/api/v1/cases/${caseId}/runs`, {
    method: 'POST',
    key,
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return (response.body.run as { id: string }).id;
}

describe('a throttled family and a family that stays down', () => {
  let caseId: string;

  beforeAll(async () => {
    caseId = await createCase('Throttled Co');
    const runId = await startRun(caseId);
    expect((await stack.workflows.waitFor(`monitor-${runId}`)).status).toBe('SUCCEEDED');
  });

  it('completes the run without the family that stayed down', async () => {
    const response = await callJson(stack.baseUrl, `/api/v1/cases/${caseId}/summary`, { key });
    expect(response.status).toBe(200);
    const { summary } = CaseSummaryResponseSchema.parse(response.body);
    expect(summary.sources_meta.excluded_models).toEqual(['google']);
    expect(Object.keys(summary.per_model).sort()).toEqual(['anthropic', 'openai', 'perplexity']);
    expect(summary.usage.by_model.google).toBeUndefined();
  });

  it('retries the throttled family until every one of its answers counts', async () => {
    const { summary } = CaseSummaryResponseSchema.parse(
      (await callJson(stack.baseUrl, `/api/v1/cases/${caseId}/summary`, { key })).body,
    );
    // Three families answered every cell in both modes; nothing of OpenAI's share is missing.
    const perFamily = summary.sources_meta.answers_total / 3;
    expect(Number.isInteger(perFamily)).toBe(true);
    // OpenAI answers its own cells and judges Anthropic's (engine/judge.ts preference), several
    // answers a call (MONITOR_JUDGE_BATCH).
    const judgeCalls = (summary.usage.by_model.openai?.calls ?? 0) - perFamily;
    expect(judgeCalls).toBeGreaterThan(0);
    expect(judgeCalls).toBeLessThan(perFamily);
    expect(summary.judge.unjudged_answers).toBe(0);
  });
});

describe('a step that fails', () => {
  it('ends the run as failed, releases the lock and emits run.completed', async () => {
    const caseId = await createCase('Broken Step Co');
    const runId = await startRun(caseId);
    // A damaged answer in the run's store: aggregation cannot read it and fails (after retries).
    await doc.send(
      new PutCommand({
        TableName: stack.tableName,
        Item: {
          ...KEYS.monitorAnswer({ owner_id: ownerId, run_id: runId }, 'openai#raw#damaged'),
          status: 'ok',
          record: 'not an answer',
        },
      }),
    );
    expect((await stack.workflows.waitFor(`monitor-${runId}`)).status).toBe('FAILED');

    const runs = ListRunsResponseSchema.parse(
      (await callJson(stack.baseUrl, `/api/v1/cases/${caseId}/runs`, { key })).body,
    ).runs;
    expect(runs[0]).toMatchObject({ id: runId, status: 'failed', total_score: null });
    expect(runs[0]?.error).toMatch(/could not be completed/);
    expect(runs[0]?.finished_at).not.toBeNull();
    const summary = await callJson(stack.baseUrl, `/api/v1/cases/${caseId}/summary`, { key });
    expect(summary.body.error?.code).toBe('no_run');

    const events = createEventsRepository(doc, stack.tableName);
    let event = await events.get(runEventId('run.completed', runId));
    for (let tries = 0; !event && tries < 50; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      event = await events.get(runEventId('run.completed', runId));
    }
    expect(event?.data).toMatchObject({ run_id: runId, status: 'failed', total_score: null });

    // The lock is free again: a new run starts and finishes.
    const next = await startRun(caseId);
    expect((await stack.workflows.waitFor(`monitor-${next}`)).status).toBe('SUCCEEDED');
  });
});
