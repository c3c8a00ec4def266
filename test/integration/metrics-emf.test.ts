import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureSite } from '#test/fixtures/sites/server';
import { createBatch, waitForJob } from '#test/support/batch';
import { captureEmf, type EmfCapture, type EmfLine } from '#test/support/emf';
import { callJson, startTestStack, type TestStack } from '#test/support/stack';
import {
  type LoopbackCertificate,
  makeLoopbackCertificate,
  startWebhookReceiver,
  trustCertificate,
  type WebhookReceiver,
} from '#test/support/webhook-receiver';
import { createEndpoint, waitForDelivery } from '#test/support/webhooks';

/**
 * The business metrics on the local stack, read from its standard output as CloudWatch Logs
 * would read a function's: one embedded-metric-format line per count, namespace AgentReadiness,
 * dimensions service and stage (and family for provider failures), made by the real handlers
 * through the local front, the workflow engine and the queues.
 */
let stack: TestStack;
let emf: EmfCapture;
let certificate: LoopbackCertificate;
let receiver: WebhookReceiver;
let untrust: () => void;
let site: Awaited<ReturnType<typeof startFixtureSite>>;
let key: string;

beforeAll(async () => {
  emf = captureEmf();
  certificate = await makeLoopbackCertificate();
  untrust = trustCertificate(certificate.cert);
  receiver = await startWebhookReceiver(certificate);
  site = await startFixtureSite('good');
  stack = await startTestStack({
    ALLOW_PRIVATE_TARGETS: '1',
    WORKFLOW_TIME_SCALE: '0.01',
    WEBHOOK_RETRY_DELAYS_S: '100',
    MONITOR_PROMPTS_PER_BLOCK: '1',
    MONITOR_REPEATS: '1',
    // Gemini is down for the whole file: its calls fail (ProviderCallFailed, family google).
    SIMULATOR_FAULTS: 'google=unavailable',
    // Every anonymous scan is over the limit: 429 rate_limited.
    ANONYMOUS_SCANS_PER_DAY: '0',
  });
  key = await stack.createKey(['scans:write', 'scans:read', 'webhooks:manage', 'monitor:write']);
});

afterAll(async () => {
  await stack?.close();
  emf?.stop();
  await Promise.all([receiver?.close(), site?.close()]);
  untrust?.();
  await certificate?.close();
});

/** Waits until a line with `metric` (and these dimension values) has been written. */
async function lineOf(metric: string, dimensions: Record<string, string> = {}): Promise<EmfLine> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const found = emf
      .linesOf(metric)
      .find((line) => Object.entries(dimensions).every(([name, value]) => line[name] === value));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no EMF line for ${metric} in time`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The line is CloudWatch EMF in our namespace, with `metric` a count under these dimensions. */
function expectMetric(line: EmfLine, metric: string, dimensionNames: string[]): void {
  const [directive] = line._aws.CloudWatchMetrics;
  expect(directive?.Namespace).toBe('AgentReadiness');
  expect(directive?.Dimensions).toEqual([dimensionNames]);
  expect(directive?.Metrics).toContainEqual({ Name: metric, Unit: 'Count' });
  expect(typeof line._aws.Timestamp).toBe('number');
  expect(line.service).toBe('agent-readiness-api');
  expect(line.stage).toBe('local');
  expect(typeof line[metric]).toBe('number');
}

describe('scans', () => {
  it('counts a saved scan as ScanCompleted', async () => {
    const response = await callJson(stack.baseUrl, '/api/v1/scans', {
      method: 'POST',
      key,
      body: { domain: site.host },
    });
    expect(response.status).toBe(201);
    const line = await lineOf('ScanCompleted');
    expectMetric(line, 'ScanCompleted', ['service', 'stage']);
    expect(line.ScanCompleted).toBe(1);
  });

  it('counts a scan that ends in scan_failed as ScanFailed', async () => {
    const response = await callJson(stack.baseUrl, '/api/v1/scans', {
      method: 'POST',
      key,
      body: { domain: 'no-such-host.invalid' },
    });
    expect(response.status).toBe(500);
    expect(response.body.error?.code).toBe('scan_failed');
    expectMetric(await lineOf('ScanFailed'), 'ScanFailed', ['service', 'stage']);
  });

  it('counts a request refused with rate_limited as RateLimited', async () => {
    const response = await callJson(stack.baseUrl, '/api/v1/scans', {
      method: 'POST',
      body: { domain: site.host },
    });
    expect(response.status).toBe(429);
    expectMetric(await lineOf('RateLimited'), 'RateLimited', ['service', 'stage']);
  });

  it('counts a batch job that reaches done as BatchJobCompleted', async () => {
    const created = await createBatch(stack.baseUrl, key, [site.host]);
    expect(created.status).toBe(202);
    const jobId = (created.body.job as { id: string }).id;
    expect((await waitForJob(stack.baseUrl, key, jobId)).job.status).toBe('done');
    expectMetric(await lineOf('BatchJobCompleted'), 'BatchJobCompleted', ['service', 'stage']);
  });
});

describe('monitor runs', () => {
  it('counts a finished run, the judge tokens and each failed provider call by family', async () => {
    const created = await callJson(stack.baseUrl, '/api/v1/cases', {
      method: 'POST',
      key,
      body: {
        name: 'Metrics Co',
        domain: 'metrics-co.example',
        category: 'product analytics',
        icp: 'small SaaS teams',
        competitors: [{ name: 'Globex Insights', domain: 'globex.example' }],
        use_cases: ['funnel analysis'],
        region: 'Germany',
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const caseId = (created.body.case as { id: string }).id;
    const started = await callJson(stack.baseUrl, `/api/v1/cases/${caseId}/runs`, {
      method: 'POST',
      key,
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const runId = (started.body.run as { id: string }).id;
    expect((await stack.workflows.waitFor(`monitor-${runId}`)).status).toBe('SUCCEEDED');

    expectMetric(await lineOf('RunCompleted'), 'RunCompleted', ['service', 'stage']);
    const tokens = await lineOf('JudgeTokens');
    expectMetric(tokens, 'JudgeTokens', ['service', 'stage']);
    expect(tokens.JudgeTokens).toBeGreaterThan(0);
    const failed = await lineOf('ProviderCallFailed', { family: 'google' });
    expectMetric(failed, 'ProviderCallFailed', ['service', 'stage', 'family']);
  });
});

describe('webhook deliveries', () => {
  it('counts an attempt the receiver accepts as WebhookDeliverySucceeded', async () => {
    const { endpoint } = await createEndpoint(stack.baseUrl, key, {
      url: receiver.url('/accepted'),
      events: ['scan.completed'],
    });
    const tested = await callJson(stack.baseUrl, `/api/v1/webhooks/${endpoint.id}/test`, {
      method: 'POST',
      key,
    });
    expect(tested.status, JSON.stringify(tested.body)).toBe(200);
    expectMetric(await lineOf('WebhookDeliverySucceeded'), 'WebhookDeliverySucceeded', [
      'service',
      'stage',
    ]);
  });

  it('counts a 410 Gone as a failed delivery and an endpoint switched off', async () => {
    receiver.respond('/gone', [410]);
    const { endpoint } = await createEndpoint(stack.baseUrl, key, {
      url: receiver.url('/gone'),
      events: ['scan.completed'],
    });
    const scanned = await callJson(stack.baseUrl, '/api/v1/scans', {
      method: 'POST',
      key,
      body: { domain: site.host },
    });
    expect(scanned.status).toBe(201);
    await waitForDelivery(
      stack.baseUrl,
      key,
      (delivery) => delivery.endpoint_id === endpoint.id && delivery.status === 'failed',
    );
    expectMetric(await lineOf('WebhookDeliveryFailed'), 'WebhookDeliveryFailed', [
      'service',
      'stage',
    ]);
    expectMetric(await lineOf('WebhookEndpointDisabled'), 'WebhookEndpointDisabled', [
      'service',
      'stage',
    ]);
  });
});
