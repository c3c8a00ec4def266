import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '#shared/adapters/clock/system-clock';
import { startMonthlySchedule } from '#shared/domain/monitor/schedule';
import { ListRunsResponseSchema } from '#shared/domain/monitor/schemas';
import { getDocumentClient } from '#shared/wiring/platform';
import { callJson, startTestStack, type TestStack } from '#test/support/stack';

/**
 * The monthly schedule at any size (issue 34, point 4) through the local stack: the
 * monitor-monthly workflow reads the cases two a page (MONITOR_SCHEDULE_PAGE_SIZE), gives each
 * eligible case its monthly run, and a page that fails once (the store refuses a read in its
 * middle) is retried by the state machine without doubling a run; a second trigger in the same
 * period adds nothing.
 */
let stack: TestStack;
let owner: string;
let other: string;
const eligible: [string, string][] = [];
let paused: string;
let free: string;

const CASE = (name: string) => ({
  name,
  domain: `${name.toLowerCase().replaceAll(' ', '-')}.example`,
  category: `${name} software`,
  use_cases: ['reporting'],
});

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

beforeAll(async () => {
  stack = await startTestStack({
    WORKFLOW_TIME_SCALE: '0.01',
    MONITOR_PROMPTS_PER_BLOCK: '1',
    MONITOR_REPEATS: '1',
    MONITOR_CANARY_PROMPTS: '1',
    MONITOR_CITED_SCANS: '0',
    MONITOR_SCHEDULE_PAGE_SIZE: '2',
  });
  owner = await stack.createKey(['monitor:read', 'monitor:write'], { email: 'pages@example.com' });
  other = await stack.createKey(['monitor:read', 'monitor:write'], { email: 'other@example.com' });
  for (const [key, name] of [
    [owner, 'Page One'],
    [other, 'Page Two'],
    [owner, 'Page Three'],
    [other, 'Page Four'],
    [owner, 'Page Five'],
  ] as const) {
    eligible.push([key, await createCase(key, name)]);
  }
  paused = await createCase(owner, 'Paused Page');
  await callJson(stack.baseUrl, `/api/v1/cases/${paused}`, {
    method: 'PATCH',
    key: owner,
    body: { status: 'paused' },
  });
  await stack.operator.createUser({ email: 'free-pages@example.com', plan: 'free' });
  const freeKey = await stack.createKey(['monitor:write'], { email: 'free-pages@example.com' });
  free = await createCase(freeKey, 'Free Page');
});

afterAll(() => stack?.close());

describe('the monthly schedule, a page at a time', () => {
  it('retries a page that fails in its middle and starts every eligible case once', async () => {
    let userReads = 0;
    let failed = false;
    getDocumentClient().middlewareStack.add(
      (next, context) => async (args) => {
        // A user's record, read by the page for its cases' owners (GetItem of USER#<id>/USER).
        const key = (args.input as { Key?: { sk?: unknown } }).Key;
        if (context.commandName === 'GetItemCommand' && key?.sk === 'USER') {
          userReads += 1;
          // The second page's first owner read: the page has started and fails in its middle.
          if (userReads === 3 && !failed) {
            failed = true;
            throw Object.assign(new Error('Rate of requests exceeds the allowed throughput.'), {
              name: 'ProvisionedThroughputExceededException',
              $fault: 'client',
              $metadata: { httpStatusCode: 400 },
            });
          }
        }
        return next(args);
      },
      { step: 'initialize', name: 'failOnePage', priority: 'high' },
    );
    try {
      const schedule = await startMonthlySchedule(stack.workflows, systemClock, 2);
      expect((await stack.workflows.waitFor(schedule.execution)).status).toBe('SUCCEEDED');
    } finally {
      getDocumentClient().middlewareStack.remove('failOnePage');
    }
    expect(failed).toBe(true);
    for (const [key, caseId] of eligible) {
      const runs = await runsOf(key, caseId);
      expect(runs, caseId).toHaveLength(1);
      expect(runs[0]?.kind).toBe('monthly');
      await stack.workflows.waitFor(`monitor-${runs[0]?.id}`);
    }
    expect(await runsOf(owner, paused)).toEqual([]);
    expect(
      (await callJson(stack.baseUrl, `/api/v1/cases/${free}/runs`, { key: owner })).status,
    ).toBe(404);
  });

  it('adds no run when triggered again in the same period', async () => {
    const again = await startMonthlySchedule(stack.workflows, systemClock, 2);
    expect((await stack.workflows.waitFor(again.execution)).status).toBe('SUCCEEDED');
    for (const [key, caseId] of eligible) expect(await runsOf(key, caseId)).toHaveLength(1);
  });
});
