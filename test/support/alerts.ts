/**
 * The alert routes as the integration tests call them (docs/alerts.md): make a rule, read the
 * rules and a rule's firings, and wait until every delivery of a rule's firings is final.
 */
import { GetQueueAttributesCommand, SQSClient } from '@aws-sdk/client-sqs';
import { expect } from 'vitest';
import { callJson, type TestStack } from './stack.ts';

export interface FiringView {
  metric: string;
  family: string | null;
  brand: string | null;
  before: unknown;
  after: unknown;
  change: number | null;
  interval: number[] | null;
  cause: string | null;
  evidence: { text: string } | null;
  domains?: string[];
  text: string;
  run_id: string;
  deliveries: {
    id: string;
    channel: string;
    target: string | null;
    status: string;
    attempts: number;
    last_status: number | null;
    last_error: string | null;
    event: string;
    event_id: string;
    body: string;
  }[];
}

/** Makes a rule on the case; its id. */
export async function makeRule(
  baseUrl: string,
  key: string,
  caseId: string,
  rule: Record<string, unknown>,
): Promise<string> {
  const made = await callJson(baseUrl, `/api/v1/cases/${caseId}/alerts`, {
    method: 'POST',
    key,
    body: rule,
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return (made.body.alert as { id: string }).id;
}

export async function firingsOf(
  baseUrl: string,
  key: string,
  caseId: string,
  alertId: string,
): Promise<FiringView[]> {
  const read = await callJson(baseUrl, `/api/v1/cases/${caseId}/alerts/${alertId}/deliveries`, {
    key,
  });
  expect(read.status, JSON.stringify(read.body)).toBe(200);
  return read.body.firings as FiringView[];
}

const FINAL = ['delivered', 'failed'];

/**
 * The rule's firings once each has `expected` deliveries and all of them are final (or, with
 * `delivered`, delivered: a delivery whose start failed is final until the retry takes it over).
 */
export async function settledFirings(
  baseUrl: string,
  key: string,
  caseId: string,
  alertId: string,
  expected: number,
  options: { delivered?: boolean; timeoutMs?: number } = {},
): Promise<FiringView[]> {
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  const done = options.delivered ? ['delivered'] : FINAL;
  for (;;) {
    const firings = await firingsOf(baseUrl, key, caseId, alertId);
    const settled =
      firings.length > 0 &&
      firings.every(
        (firing) =>
          firing.deliveries.length === expected &&
          firing.deliveries.every((delivery) => done.includes(delivery.status)),
      );
    if (settled) return firings;
    if (Date.now() > deadline) {
      throw new Error(`deliveries of ${alertId} not final: ${JSON.stringify(firings)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Until the stack's events queue holds no message, visible or in flight: every event published so
 * far (a run's `run.completed`) has been dispatched, its rules judged.
 */
export async function eventsDrained(stack: TestStack, timeoutMs = 60_000): Promise<void> {
  const sqs = new SQSClient({
    endpoint: stack.sqsEndpoint,
    region: stack.config.AWS_REGION,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const deadline = Date.now() + timeoutMs;
  try {
    for (;;) {
      const { Attributes } = await sqs.send(
        new GetQueueAttributesCommand({
          QueueUrl: stack.variables.EVENTS_QUEUE_URL,
          AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'],
        }),
      );
      const left =
        Number(Attributes?.ApproximateNumberOfMessages ?? 0) +
        Number(Attributes?.ApproximateNumberOfMessagesNotVisible ?? 0);
      if (left === 0) return;
      if (Date.now() > deadline) throw new Error(`${left} events still queued`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    sqs.destroy();
  }
}
