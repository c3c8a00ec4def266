import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALERT_METRICS, METRIC_RULES } from '#shared/domain/alerts/rules';
import { eventsDrained, firingsOf, makeRule } from '#test/support/alerts';
import { callJson, startTestStack, type TestStack } from '#test/support/stack';

/**
 * The simulator's no-change control through the local front (issue 39): one case measured 21
 * times in a world where nothing changes, with a rule for every metric and condition left at
 * `significant_only` (the default). Chance moves beyond their 95 % interval do appear in the
 * summaries (the test checks that they do, so it could fail); not one rule fires on them over
 * the 20 comparisons. The same rules with `significant_only: false` fire, so evaluation ran.
 * Small on purpose: two prompts a block, one repeat, one canary, no cited-site scans.
 */
const RUNS = 21;
let stack: TestStack;
let key: string;
let caseId: string;
const strict: string[] = [];
const loose: string[] = [];

beforeAll(async () => {
  stack = await startTestStack({
    WORKFLOW_TIME_SCALE: '0.01',
    MONITOR_PROMPTS_PER_BLOCK: '2',
    MONITOR_REPEATS: '1',
    MONITOR_CANARY_PROMPTS: '1',
    MONITOR_CITED_SCANS: '0',
    SIMULATOR_SEED: 'no-change-control',
  });
  key = await stack.createKey(['monitor:read', 'monitor:write'], { email: 'steady@example.com' });
  const made = await callJson(stack.baseUrl, '/api/v1/cases', {
    method: 'POST',
    key,
    body: {
      name: 'Steady Co',
      domain: 'steady.example',
      category: 'time tracking software',
      competitors: ['Clockwise Ltd', 'Hourglass Ltd'],
      use_cases: ['timesheets'],
    },
  });
  caseId = (made.body.case as { id: string }).id;
  for (const metric of ALERT_METRICS) {
    for (const condition of METRIC_RULES[metric].conditions) {
      if (condition === 'below' || condition === 'above') continue;
      const rule = { metric, condition, channels: { webhook: true } };
      strict.push(await makeRule(stack.baseUrl, key, caseId, rule));
      loose.push(await makeRule(stack.baseUrl, key, caseId, { ...rule, significant_only: false }));
    }
  }
  for (let run = 0; run < RUNS; run += 1) {
    const started = await callJson(stack.baseUrl, `/api/v1/cases/${caseId}/runs`, {
      method: 'POST',
      key,
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const id = (started.body.run as { id: string }).id;
    expect((await stack.workflows.waitFor(`monitor-${id}`)).status).toBe('SUCCEEDED');
  }
}, 600_000);

afterAll(async () => {
  await stack?.close();
});

/** How often each rule fired. */
async function firingCounts(ids: readonly string[]): Promise<number[]> {
  return Promise.all(
    ids.map(async (id) => (await firingsOf(stack.baseUrl, key, caseId, id)).length),
  );
}

describe('the no-change control', () => {
  it('has chance moves beyond their 95 % interval in its summaries', async () => {
    const listed = await callJson(stack.baseUrl, `/api/v1/cases/${caseId}/runs?limit=100`, { key });
    const runs = listed.body.runs as { id: string }[];
    expect(runs).toHaveLength(RUNS);
    let moves = 0;
    for (const run of runs) {
      const read = await callJson(stack.baseUrl, `/api/v1/cases/${caseId}/runs/${run.id}`, { key });
      moves += ((read.body.summary as { changes?: unknown[] }).changes ?? []).length;
    }
    expect(moves).toBeGreaterThan(0);
  });

  it('fires no rule left at significant_only in 20 comparisons, while the same rules counting every change fire', async () => {
    await eventsDrained(stack);
    const counts = await firingCounts(loose);
    expect(counts.reduce((sum, count) => sum + count, 0)).toBeGreaterThan(0);
    expect(await firingCounts(strict)).toEqual(strict.map(() => 0));
    const preview = await callJson(stack.baseUrl, `/api/v1/cases/${caseId}/alerts/preview`, {
      method: 'POST',
      key,
      body: { metric: 'mention_rate', condition: 'change' },
    });
    expect(preview.body.preview).toMatchObject({ runs: RUNS, fired: 0 });
  });
});
