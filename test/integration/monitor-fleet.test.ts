import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '#shared/adapters/clock/system-clock';
import { startMonthlySchedule } from '#shared/domain/monitor/schedule';
import { CaseSummaryResponseSchema, ListRunsResponseSchema } from '#shared/domain/monitor/schemas';
import { getDocumentClient } from '#shared/wiring/platform';
import { callJson, startTestStack, type TestStack } from '#test/support/stack';

/**
 * Fleet day (issue 34) through the local front: the simulator gives the service's key a quota of
 * 300 requests a minute per family (every run shares it, as the service's provider accounts are
 * shared), PROVIDER_RATE_LIMITS says so, and the runs of a five-case account and a one-case
 * account start together from the monthly schedule. Every run counts every family, the one-case
 * account is not served last, a storm of 429s (the quota suddenly a third) is absorbed, a
 * family's own refusal still excludes it at once, and a lane that dies right after taking its
 * slots sends nothing twice and loses nothing.
 */
const QUOTA = 300;
const FAMILIES = ['openai', 'anthropic', 'perplexity', 'google'] as const;
let stack: TestStack;
let agency: string;
let solo: string;

const CASE = (name: string) => ({
  name,
  domain: `${name.toLowerCase().replaceAll(' ', '-')}.example`,
  category: `${name} analytics`,
  competitors: [
    { name: `${name} Rival`, domain: `${name.toLowerCase().replaceAll(' ', '-')}-rival.example` },
  ],
  use_cases: ['reporting'],
  fact_sheet: { founded: '2019' },
});

beforeAll(async () => {
  stack = await startTestStack({
    WORKFLOW_TIME_SCALE: '0.01',
    MONITOR_PROMPTS_PER_BLOCK: '1',
    MONITOR_REPEATS: '1',
    MONITOR_CANARY_PROMPTS: '1',
    MONITOR_CITED_SCANS: '0',
    SIMULATOR_QUOTAS: FAMILIES.map((family) => `${family}=${QUOTA}`).join(','),
    PROVIDER_RATE_LIMITS: JSON.stringify(
      Object.fromEntries(FAMILIES.map((family) => [family, { rpm: QUOTA }])),
    ),
  });
  agency = await stack.createKey(['monitor:read', 'monitor:write'], {
    email: 'agency@example.com',
  });
  solo = await stack.createKey(['monitor:read', 'monitor:write'], { email: 'solo@example.com' });
});

afterAll(() => stack?.close());

async function createCase(key: string, name: string): Promise<string> {
  const response = await callJson(stack.baseUrl, '/api/v1/cases', {
    method: 'POST',
    key,
    body: CASE(name),
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return (response.body.case as { id: string }).id;
}

async function runsOf(key: string, caseId: string) {
  const response = await callJson(stack.baseUrl, `/api/v1/cases/${caseId}/runs`, { key });
  return ListRunsResponseSchema.parse(response.body).runs;
}

async function excludedOf(key: string, caseId: string): Promise<string[]> {
  const response = await callJson(stack.baseUrl, `/api/v1/cases/${caseId}/summary`, { key });
  const { summary } = CaseSummaryResponseSchema.parse(response.body);
  return summary.sources_meta.excluded_models ?? [];
}

async function startRun(key: string, caseId: string): Promise<string> {
  const response = await callJson(stack.baseUrl, `/api/v1/cases/${caseId}/runs`, {
    method: 'POST',
    key,
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return (response.body.run as { id: string }).id;
}

describe('the first of the month against a shared quota', () => {
  const finished = new Map<string, number>();
  let soloCase: string;
  let agencyCases: string[];

  beforeAll(async () => {
    agencyCases = [];
    for (const name of ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo']) {
      agencyCases.push(await createCase(agency, `Agency ${name}`));
    }
    soloCase = await createCase(solo, 'Solo Shop');
    const schedule = await startMonthlySchedule(stack.workflows, systemClock);
    expect((await stack.workflows.waitFor(schedule.execution)).status).toBe('SUCCEEDED');
    const started = Date.now();
    const all = [...agencyCases.map((id) => [agency, id] as const), [solo, soloCase] as const];
    await Promise.all(
      all.map(async ([key, caseId]) => {
        const [run] = await runsOf(key, caseId);
        const execution = await stack.workflows.waitFor(`monitor-${run?.id}`);
        expect(execution.status).toBe('SUCCEEDED');
        finished.set(caseId, Date.now() - started);
      }),
    );
  });

  it('finishes every run with every family counted: none lost a family to the fleet', async () => {
    for (const caseId of agencyCases) expect(await excludedOf(agency, caseId)).toEqual([]);
    expect(await excludedOf(solo, soloCase)).toEqual([]);
    const [run] = await runsOf(solo, soloCase);
    expect(run).toMatchObject({ kind: 'monthly', status: 'done' });
  });

  it('serves the one-case account its share beside the five-case account, not last', () => {
    const agencyTimes = agencyCases.map((id) => finished.get(id) ?? 0).sort((a, b) => a - b);
    const soloTime = finished.get(soloCase) ?? Number.POSITIVE_INFINITY;
    // Before the agency's median run: shared by account first, the small account is not queued
    // behind the five runs of the large one.
    expect(soloTime).toBeLessThan(agencyTimes[2] ?? 0);
    // And within the first 60 % of the fleet's makespan (issue 34, point 3).
    expect(soloTime).toBeLessThanOrEqual(0.6 * (agencyTimes.at(-1) ?? 0));
  });

  it('adds no run when the schedule is triggered again in the same period', async () => {
    const again = await startMonthlySchedule(stack.workflows, systemClock);
    expect((await stack.workflows.waitFor(again.execution)).status).toBe('SUCCEEDED');
    for (const caseId of agencyCases) expect(await runsOf(agency, caseId)).toHaveLength(1);
    expect(await runsOf(solo, soloCase)).toHaveLength(1);
  });
});

describe('a storm of 429s: the provider suddenly allows a third of the configured quota', () => {
  it('is absorbed: the pace is cut, the lanes wait, and no run fails or loses a family', async () => {
    const cases = [await createCase(agency, 'Storm One'), await createCase(solo, 'Storm Two')];
    const throttledBefore = stack.simulatorCounts()['openai 429'] ?? 0;
    stack.setSimulatorQuota('openai', { rpm: QUOTA / 3 });
    try {
      const runIds = [await startRun(agency, cases[0] ?? ''), await startRun(solo, cases[1] ?? '')];
      for (const runId of runIds) {
        expect((await stack.workflows.waitFor(`monitor-${runId}`)).status).toBe('SUCCEEDED');
      }
    } finally {
      stack.setSimulatorQuota('openai', { rpm: QUOTA });
    }
    // The storm happened: the provider refused calls the pace had allowed.
    expect(stack.simulatorCounts()['openai 429'] ?? 0).toBeGreaterThan(throttledBefore);
    expect(await excludedOf(agency, cases[0] ?? '')).toEqual([]);
    expect(await excludedOf(solo, cases[1] ?? '')).toEqual([]);
  });
});

describe('a family whose account is refused', () => {
  it('is excluded at once, and the run completes with the others', async () => {
    const caseId = await createCase(solo, 'Refused Co');
    const refusedBefore = stack.simulatorCounts()['google 400'] ?? 0;
    stack.setSimulatorFault('google', { kind: 'auth' });
    try {
      const runId = await startRun(solo, caseId);
      expect((await stack.workflows.waitFor(`monitor-${runId}`)).status).toBe('SUCCEEDED');
    } finally {
      stack.setSimulatorFault('google', null);
    }
    expect(await excludedOf(solo, caseId)).toEqual(['google']);
    // At once (Gemini refuses a bad key with 400): no call tried again, at most the places in flight.
    const refused = (stack.simulatorCounts()['google 400'] ?? 0) - refusedBefore;
    expect(refused).toBeGreaterThan(0);
    expect(refused).toBeLessThanOrEqual(stack.config.monitor.concurrency.google);
  });
});

describe('a lane that dies right after taking its slots, before sending', () => {
  it('sends nothing twice and loses nothing: the retried task asks every cell once', async () => {
    const caseId = await createCase(solo, 'Crash Co');
    let died = false;
    getDocumentClient().middlewareStack.add(
      (next) => async (args) => {
        const result = await next(args);
        const input = args.input as { TableName?: string; UpdateExpression?: string };
        if (
          !died &&
          input.TableName?.includes('budget') &&
          input.UpdateExpression?.includes('#next')
        ) {
          died = true;
          // The budget's write is done; the process is gone before the first call is sent.
          throw Object.assign(new Error('the process died'), { name: 'Sandbox.Timedout' });
        }
        return result;
      },
      { step: 'initialize', name: 'dieAfterTake', priority: 'low' },
    );
    try {
      const runId = await startRun(solo, caseId);
      expect((await stack.workflows.waitFor(`monitor-${runId}`)).status).toBe('SUCCEEDED');
      expect(died).toBe(true);
      expect(await excludedOf(solo, caseId)).toEqual([]);
      const answers = await callJson(
        stack.baseUrl,
        `/api/v1/cases/${caseId}/runs/${runId}/answers?limit=100`,
        { key: solo },
      );
      const ids = (answers.body.answers as { id: string }[]).map((answer) => answer.id);
      expect(new Set(ids).size).toBe(ids.length);
      const summary = CaseSummaryResponseSchema.parse(
        (await callJson(stack.baseUrl, `/api/v1/cases/${caseId}/summary`, { key: solo })).body,
      ).summary;
      // Every cell of every family answered once (the case's prompts; the canary apart).
      expect(summary.sources_meta.answers_total % FAMILIES.length).toBe(0);
      expect(ids.length).toBe(summary.sources_meta.answers_total);
    } finally {
      getDocumentClient().middlewareStack.remove('dieAfterTake');
    }
  });
});
