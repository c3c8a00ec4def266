import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_PAYLOAD_SCHEMAS } from '#shared/domain/webhooks/payloads';
import { verifyDelivery } from '#shared/domain/webhooks/signing';
import { callJson, startTestStack, type TestStack } from '#test/support/stack';
import {
  type LoopbackCertificate,
  makeLoopbackCertificate,
  startWebhookReceiver,
  trustCertificate,
  type WebhookReceiver,
} from '#test/support/webhook-receiver';
import { createEndpoint, sleep } from '#test/support/webhooks';

/**
 * The monitor's events at a subscribed receiver: a run that finishes arrives as a signed
 * run.completed, and a run whose total score moved against the preceding run also as
 * score.changed. Real handlers, the monitor-run workflow, the provider simulator, and a real
 * https receiver on 127.0.0.1.
 */
let stack: TestStack;
let certificate: LoopbackCertificate;
let receiver: WebhookReceiver;
let untrust: () => void;
let key: string;
let secret: string;
let caseId: string;

const CASE = {
  name: 'Acme Analytics',
  domain: 'acme-analytics.example',
  category: 'product analytics',
  icp: 'small SaaS teams',
  competitors: ['Globex Insights', 'Initech'],
  use_cases: ['funnel analysis'],
  region: 'Germany',
  languages: ['en'],
  fact_sheet: { pricing: 'from $29 per month', founded: '2019' },
};

beforeAll(async () => {
  certificate = await makeLoopbackCertificate();
  untrust = trustCertificate(certificate.cert);
  receiver = await startWebhookReceiver(certificate);
  stack = await startTestStack({
    ALLOW_PRIVATE_TARGETS: '1',
    WORKFLOW_TIME_SCALE: '0.01',
    MONITOR_PROMPTS_PER_BLOCK: '3',
    MONITOR_REPEATS: '1',
    SIMULATOR_SEED: 'webhooks-monitor',
  });
  key = await stack.createKey(['monitor:read', 'monitor:write', 'webhooks:manage']);
  ({ secret } = await createEndpoint(stack.baseUrl, key, {
    url: receiver.url('/monitor'),
    events: ['run.completed', 'score.changed'],
  }));
  const created = await callJson(stack.baseUrl, '/api/v1/cases', {
    method: 'POST',
    key,
    body: CASE,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  caseId = (created.body.case as { id: string }).id;
});
afterAll(async () => {
  await stack?.close();
  await receiver?.close();
  untrust?.();
  await certificate?.close();
});

interface Received {
  type: string;
  data: Record<string, unknown>;
}

async function runToEnd(): Promise<string> {
  const response = await callJson(stack.baseUrl, `/api/v1/cases/${caseId}/runs`, {
    method: 'POST',
    key,
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  const runId = (response.body.run as { id: string }).id;
  expect((await stack.workflows.waitFor(`monitor-${runId}`)).status).toBe('SUCCEEDED');
  return runId;
}

/** Verified bodies the receiver got for a run. */
async function eventsOf(runId: string, count: number): Promise<Received[]> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const bodies = receiver.at('/monitor').map((request) => {
      const verified = verifyDelivery({
        headers: request.headers,
        rawBody: request.rawBody,
        secrets: [secret],
      });
      expect(verified.ok).toBe(true);
      return JSON.parse(request.rawBody.toString('utf8')) as Received;
    });
    const mine = bodies.filter((body) => body.data.run_id === runId);
    if (mine.length >= count) return mine;
    if (Date.now() > deadline) throw new Error(`only ${mine.length} events for run ${runId}`);
    await sleep(50);
  }
}

describe('monitor runs at a subscribed receiver', () => {
  it('a finished run arrives as run.completed, in the documented shape', async () => {
    const runId = await runToEnd();
    const [event] = await eventsOf(runId, 1);
    expect(event?.type).toBe('run.completed');
    expect(EVENT_PAYLOAD_SCHEMAS['run.completed'].parse(event)).toBeTruthy();
    expect(event?.data).toMatchObject({
      run_id: runId,
      case_id: caseId,
      status: 'done',
      kind: 'manual',
    });
    // The first run has nothing to compare with: no score.changed.
    await sleep(500);
    expect((await eventsOf(runId, 1)).map((body) => body.type)).toEqual(['run.completed']);
  });

  it('a run whose score moved also arrives as score.changed', async () => {
    // Wrong facts lower the accuracy the judge finds, so the next run scores differently.
    const changed = await callJson(stack.baseUrl, `/api/v1/cases/${caseId}`, {
      method: 'PATCH',
      key,
      body: { fact_sheet: { pricing: 'from $4,000 per seat', founded: '1887' } },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    // The simulator's answers vary from run to run, so two runs can land on the same total by
    // chance (55 and 55 once): run until the total moves; a run that did not move sends none.
    let runId = '';
    let completed: Received | undefined;
    for (let attempt = 0; attempt < 4; attempt += 1) {
      runId = await runToEnd();
      completed = (await eventsOf(runId, 1)).find((body) => body.type === 'run.completed');
      if (completed?.data.delta !== 0) break;
      await sleep(500);
      expect((await eventsOf(runId, 1)).map((body) => body.type)).toEqual(['run.completed']);
    }
    const delta = completed?.data.delta as number;
    expect(delta).not.toBe(0);
    const events = await eventsOf(runId, 2);
    const scoreChanged = events.find((body) => body.type === 'score.changed');
    expect(EVENT_PAYLOAD_SCHEMAS['score.changed'].parse(scoreChanged)).toBeTruthy();
    expect(scoreChanged?.data).toMatchObject({
      run_id: runId,
      case_id: caseId,
      delta,
      total_score: completed?.data.total_score,
    });
  });
});
