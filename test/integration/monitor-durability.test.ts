import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '#local/admin/main';
import { buildPromptSet } from '#shared/domain/monitor/engine/index';
import {
  CaseDetailSchema,
  CaseSummaryResponseSchema,
  ListRunsResponseSchema,
} from '#shared/domain/monitor/schemas';
import { callJson, startTestStack, type TestStack } from '#test/support/stack';

/**
 * The pending-run lock under 50 simultaneous requests, a stop of the local stack in the middle
 * of a run, and the operator CLI (create-case, run-monthly) against the running stack. Every
 * provider call takes 250 ms here, so a run stays pending long enough to race against.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'monitor-durability-'));
const SLOW = ['openai', 'anthropic', 'perplexity', 'google'].map((f) => `${f}=slow:250`).join(',');
const env = {
  WORKFLOW_TIME_SCALE: '0.01',
  MONITOR_PROMPTS_PER_BLOCK: '1',
  MONITOR_REPEATS: '1',
  SIMULATOR_FAULTS: SLOW,
};
const OWNER = 'durable@example.com';
const CASE = {
  name: 'Durable Data',
  domain: 'durable-data.example',
  category: 'data warehouses',
  competitors: ['Snowdrift', { name: 'Bigger Query', domain: 'bigger.example' }],
  use_cases: ['reporting'],
  region: 'Spain',
  fact_sheet: { founded: '2015' },
};

let stack: TestStack;
let key: string;

beforeAll(async () => {
  stack = await startTestStack(env, dataDir);
  key = await stack.createKey(['monitor:read', 'monitor:write'], { email: OWNER });
});

afterAll(async () => {
  await stack?.close();
  rmSync(dataDir, { recursive: true, force: true });
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

async function runsOf(caseId: string) {
  const response = await callJson(stack.baseUrl, `/api/v1/cases/${caseId}/runs`, { key });
  return ListRunsResponseSchema.parse(response.body).runs;
}

async function waitUntil<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let tries = 0; tries < 300; tries += 1) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('condition not reached within 30 s');
}

describe('the pending-run lock', () => {
  it('lets exactly one of 50 simultaneous requests start a run', async () => {
    const caseId = await createCase('Racing Co');
    const responses = await Promise.all(
      Array.from({ length: 50 }, () =>
        callJson(stack.baseUrl, `/api/v1/cases/${caseId}/runs`, { method: 'POST', key }),
      ),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(49);
    for (const response of responses.filter((r) => r.status === 409)) {
      expect(response.body.error?.code).toBe('run_pending');
    }
    const runs = await runsOf(caseId);
    expect(runs).toHaveLength(1);
    const runId = runs[0]?.id ?? '';
    expect((await stack.workflows.waitFor(`monitor-${runId}`)).status).toBe('SUCCEEDED');
    const again = await callJson(stack.baseUrl, `/api/v1/cases/${caseId}/runs`, {
      method: 'POST',
      key,
    });
    expect(again.status).toBe(200);
    await stack.workflows.waitFor(`monitor-${(again.body.run as { id: string }).id}`);
  });
});

describe('stopping the local stack in the middle of a run', () => {
  it('resumes the run at the next start and counts every answer once', async () => {
    const caseId = await createCase('Restart Co');
    const started = await callJson(stack.baseUrl, `/api/v1/cases/${caseId}/runs`, {
      method: 'POST',
      key,
    });
    const runId = (started.body.run as { id: string }).id;
    await waitUntil(
      () => runsOf(caseId),
      (runs) => runs[0]?.status === 'running',
    );
    await new Promise((resolve) => setTimeout(resolve, 600));
    await stack.close();

    stack = await startTestStack(env, dataDir);
    expect(stack.resumed.monitorRuns).toEqual([runId]);
    expect((await stack.workflows.waitFor(`monitor-${runId}`)).status).toBe('SUCCEEDED');
    const response = await callJson(stack.baseUrl, `/api/v1/cases/${caseId}/summary`, { key });
    expect(response.status).toBe(200);
    const { run, summary } = CaseSummaryResponseSchema.parse(response.body);
    expect(run.id).toBe(runId);
    expect(summary.sources_meta.excluded_models).toBeUndefined();
    // Every family answered each cell in both modes exactly once, cut off or not.
    const detail = CaseDetailSchema.parse(
      (await callJson(stack.baseUrl, `/api/v1/cases/${caseId}`, { key })).body.case,
    );
    const cells = buildPromptSet(
      { ...detail, competitors: detail.competitor_profiles },
      { promptsPerBlock: 1, repeats: 1 },
    ).cells.length;
    expect(summary.sources_meta.answers_total).toBe(cells * 4 * 2);
    expect(summary.usage.answer_calls).toBe(summary.sources_meta.answers_total);
    expect(summary.judge.judged_answers).toBe(summary.sources_meta.answers_total);
  });
});

describe('the operator CLI', () => {
  async function admin(...args: string[]) {
    let stdout = '';
    let stderr = '';
    const { DYNAMODB_ENDPOINT: _endpoint, ...rest } = stack.variables;
    const code = await runAdmin(
      args,
      {
        stdout: (text) => {
          stdout += text;
        },
        stderr: (text) => {
          stderr += text;
        },
      },
      { ...rest, DATA_DIR: dataDir },
    );
    return { code, stdout, stderr };
  }

  it('creates a case from a file and prints it', async () => {
    const file = join(dataDir, 'case.json');
    writeFileSync(file, JSON.stringify({ ...CASE, name: 'Cli Case Co', status: 'active' }));
    const result = await admin('create-case', '--email', OWNER, '--file', file);
    expect(result.code, result.stderr).toBe(0);
    const printed = JSON.parse(result.stdout) as { case: Record<string, unknown> };
    expect(printed.case).toMatchObject({
      name: 'Cli Case Co',
      domain: 'durable-data.example',
      competitors: ['Snowdrift', 'Bigger Query'],
      status: 'active',
    });
    const read = await callJson(stack.baseUrl, `/api/v1/cases/${printed.case.id}`, { key });
    expect(read.body.case).toEqual(printed.case);

    writeFileSync(file, JSON.stringify({ ...CASE, domain: 'not a domain' }));
    const refused = await admin('create-case', '--email', OWNER, '--file', file);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/domain/);
    const unknownUser = await admin('create-case', '--email', 'nobody@example.com', '--file', file);
    expect(unknownUser.code).toBe(2);
  });

  it('runs the monthly schedule now: one monthly run per eligible case, never twice', async () => {
    const paused = await createCase('Paused Co');
    await callJson(stack.baseUrl, `/api/v1/cases/${paused}`, {
      method: 'PATCH',
      key,
      body: { status: 'paused' },
    });
    const freeEmail = 'free-monthly@example.com';
    await stack.operator.createUser({ email: freeEmail, plan: 'free' });
    const freeKey = await stack.createKey(['monitor:write'], { email: freeEmail });
    const freeCase = (
      await callJson(stack.baseUrl, '/api/v1/cases', { method: 'POST', key: freeKey, body: CASE })
    ).body.case as { id: string };

    const first = await admin('run-monthly');
    expect(first.code, first.stderr).toBe(0);
    const result = JSON.parse(first.stdout) as {
      period: string;
      created: { case_id: string; run_id: string }[];
      skipped: { case_id: string; reason: string }[];
    };
    expect(result.period).toMatch(/^\d{4}-\d{2}$/);
    expect(result.skipped).toEqual(
      expect.arrayContaining([
        { case_id: paused, reason: 'paused' },
        { case_id: freeCase.id, reason: 'not_eligible' },
      ]),
    );
    expect(result.created.length).toBeGreaterThanOrEqual(3);
    // The running stack picks the queued runs up and runs them to the end.
    for (const { case_id: caseId, run_id: runId } of result.created) {
      const runs = await waitUntil(
        () => runsOf(caseId),
        (list) => list.find((run) => run.id === runId)?.status === 'done',
      );
      expect(runs.find((run) => run.id === runId)).toMatchObject({
        kind: 'monthly',
        label: result.period,
      });
    }

    const second = await admin('run-monthly');
    const again = JSON.parse(second.stdout) as typeof result;
    expect(again.created).toEqual([]);
    for (const { case_id: caseId } of result.created) {
      expect(again.skipped).toContainEqual({ case_id: caseId, reason: 'already_scheduled' });
    }
  });
});
