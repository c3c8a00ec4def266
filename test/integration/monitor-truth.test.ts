import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CaseSummaryResponseSchema } from '#shared/domain/monitor/schemas';
import { callJson, startTestStack, type TestStack } from '#test/support/stack';

/**
 * Truth test: the simulator names the brand in an answer to a prompt that does not name it with
 * a known probability, so the visibility a run reports estimates a known value, and its 95%
 * interval should cover it. The seed is fixed (this seed's draw lands inside, as 95 of 100
 * seeds would); the test fails if the estimator, the interval or the scope of visibility drift.
 */
const BRAND_RATE = 0.4;
let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack({
    WORKFLOW_TIME_SCALE: '0.01',
    MONITOR_PROMPTS_PER_BLOCK: '6',
    MONITOR_REPEATS: '2',
    SIMULATOR_SEED: 'truth-1',
    SIMULATOR_BRAND_RATE: String(BRAND_RATE),
  });
});

afterAll(async () => {
  await stack?.close();
});

describe('visibility against a known mention rate', () => {
  it('reports an interval that contains the simulator’s brand rate', async () => {
    const key = await stack.createKey(['monitor:read', 'monitor:write']);
    const created = await callJson(stack.baseUrl, '/api/v1/cases', {
      method: 'POST',
      key,
      body: {
        name: 'Truthful Metrics',
        domain: 'truthful-metrics.example',
        category: 'web analytics',
        icp: 'online shops',
        competitors: [{ name: 'Plausible Rival', domain: 'rival.example' }, 'Counter Corp'],
        use_cases: ['conversion tracking', 'traffic reports'],
        region: 'France',
        fact_sheet: { founded: '2017' },
      },
    });
    const caseId = (created.body.case as { id: string }).id;
    const started = await callJson(stack.baseUrl, `/api/v1/cases/${caseId}/runs`, {
      method: 'POST',
      key,
    });
    const runId = (started.body.run as { id: string }).id;
    expect((await stack.workflows.waitFor(`monitor-${runId}`)).status).toBe('SUCCEEDED');

    const { summary } = CaseSummaryResponseSchema.parse(
      (await callJson(stack.baseUrl, `/api/v1/cases/${caseId}/summary`, { key })).body,
    );
    const interval = summary.intervals.dimensions.visibility;
    // Enough unbranded answers for a real interval, not a vacuous [0, 1].
    expect(interval.n).toBeGreaterThan(150);
    expect(interval.upper - interval.lower).toBeLessThan(0.25);
    expect(summary.dimensions.visibility).toBeCloseTo(interval.value, 4);
    expect(interval.lower).toBeLessThanOrEqual(BRAND_RATE);
    expect(interval.upper).toBeGreaterThanOrEqual(BRAND_RATE);
    // The same holds for the raw/online split the summary reports as training recall.
    const recall = summary.sources_meta.training_recall;
    expect(recall.raw_total + recall.online_total).toBe(interval.n);
  });
});
