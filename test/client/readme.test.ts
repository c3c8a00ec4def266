import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureSite } from '#test/fixtures/sites/server';
import { callJson, startTestStack, type TestStack } from '#test/support/stack';
import {
  type LoopbackCertificate,
  makeLoopbackCertificate,
  trustCertificate,
} from '#test/support/webhook-receiver';
import {
  buildClient,
  type Example,
  type RunningExample,
  runExample,
  startExample,
  typeCheckExamples,
  writeExamples,
} from './support/readme-examples.ts';

/**
 * The client README is its test: every example in client/README.md is extracted unchanged,
 * type-checked against the built package and run as its own Node process against the local
 * stack (real handlers, dynalite, the local Step Functions engine, the provider simulator),
 * scanning loopback fixture sites only. A README example this file does not run fails it.
 */
type FixtureSite = Awaited<ReturnType<typeof startFixtureSite>>;

let stack: TestStack;
let good: FixtureSite;
let poor: FixtureSite;
let examples: Example[];
let certificate: LoopbackCertificate;
let untrust: () => void;
let scansKey: string;
let monitorKey: string;
let hooksKey: string;
const ran = new Set<string>();

async function example(name: string, args: string[], key?: string) {
  ran.add(name);
  const env: Record<string, string> = { AGENT_READINESS_URL: stack.baseUrl };
  if (key) env.AGENT_READINESS_KEY = key;
  return (await runExample(name, args, env)).stdout;
}

/** An https front on loopback for the README's plain-http receiver, as a TLS proxy would be. */
async function startTlsFront(targetPort: () => number): Promise<Server> {
  const server = createServer(certificate, async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const headers = Object.entries(request.headers).filter(
      ([name]) => name.startsWith('x-service-') || name === 'content-type',
    ) as [string, string][];
    const answer = await fetch(`http://127.0.0.1:${targetPort()}${request.url}`, {
      method: request.method,
      headers,
      body: Buffer.concat(chunks),
    });
    response.writeHead(answer.status).end(await answer.text());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

beforeAll(async () => {
  await buildClient();
  examples = await writeExamples();
  certificate = await makeLoopbackCertificate();
  untrust = trustCertificate(certificate.cert);
  [good, poor] = await Promise.all([startFixtureSite('good'), startFixtureSite('poor')]);
  stack = await startTestStack({
    ALLOW_PRIVATE_TARGETS: '1',
    WORKFLOW_TIME_SCALE: '0.01',
    BATCH_CONCURRENCY: '3',
    MONITOR_PROMPTS_PER_BLOCK: '3',
    MONITOR_REPEATS: '1',
    SIMULATOR_SEED: 'client-readme',
    WEBHOOK_RETRY_DELAYS_S: '100,100',
  });
  scansKey = await stack.createKey(['scans:read', 'scans:write']);
  monitorKey = await stack.createKey(['monitor:read', 'monitor:write']);
  hooksKey = await stack.createKey(['webhooks:manage']);
}, 120_000);

afterAll(async () => {
  await stack?.close();
  await Promise.all([good?.close(), poor?.close()]);
  untrust?.();
  await certificate?.close();
});

describe('client/README.md', () => {
  it('has its examples type-check against the built package', async () => {
    expect(examples.length).toBeGreaterThanOrEqual(8);
    expect(await typeCheckExamples()).toBe('');
  });

  it('scans a domain and lists the checks that are not good', async () => {
    const output = await example('scan.ts', [good.host], scansKey);
    expect(output).toMatch(new RegExp(`^${good.host.replace('.', '\\.')} scored \\d+/100 \\(http`));
  });

  it('reads the stats without a key', async () => {
    const output = await example('stats.ts', []);
    const { body } = await callJson(stack.baseUrl, '/api/v1/stats');
    const stats = body.stats as { scans: number; domains: number };
    expect(output).toContain(`${stats.scans} scans of ${stats.domains} domains`);
  });

  it('reports a typed error with its code and request id', async () => {
    const output = await example('errors.ts', [], scansKey);
    expect(output).toMatch(/^404 not_found \(request [\w-]{8,}\)$/m);
  });

  it('runs a batch to its end, with the rejected entries named', async () => {
    const output = await example('batch.ts', [good.host, poor.host, 'not a domain'], scansKey);
    expect(output).toMatch(/^rejected not a domain: .{10,}$/m);
    const [, jobId] = output.match(/^batch (\S+) done: 2 done, 0 failed$/m) ?? [];
    expect(jobId, output).toBeDefined();
    const { body } = await callJson(stack.baseUrl, `/api/v1/scans/batch/${jobId}`, {
      key: scansKey,
    });
    expect((body.job as { status: string }).status).toBe('done');
    expect(output).toMatch(new RegExp(`^${poor.host.replace('.', '\\.')} done \\d+$`, 'm'));
  });

  it('pages through every scan of the key, two at a time', async () => {
    const output = await example('list-scans.ts', [], scansKey);
    const { body } = await callJson(stack.baseUrl, '/api/v1/scans?limit=100', { key: scansKey });
    const all = body.scans as { domain: string }[];
    expect(all.length).toBeGreaterThanOrEqual(3);
    expect(output).toContain(`${all.length} scans`);
    expect(output.trim().split('\n')).toHaveLength(all.length + 1);
  });

  it('creates a case, runs it to its end and reads its summary', async () => {
    const output = await example('case-run.ts', [], monitorKey);
    const [, caseId, runId] = output.match(/^case (\S+) run (\S+) done: \d+$/m) ?? [];
    expect(caseId, output).toBeDefined();
    const summary = await example('summary.ts', [caseId as string], monitorKey);
    expect(summary).toMatch(new RegExp(`^run ${runId}: total \\d+$`, 'm'));
    expect(summary).toMatch(/^Acme Analytics \(you\): \d+%$/m);
  });

  describe('webhooks', () => {
    let receiver: RunningExample;
    let front: Server;
    let receiverPort = 0;

    afterAll(async () => {
      receiver?.stop();
      await new Promise((resolve) => front?.close(resolve));
    });

    it('registers a receiver and verifies a signed delivery', async () => {
      front = await startTlsFront(() => receiverPort);
      const url = `https://127.0.0.1:${(front.address() as AddressInfo).port}/hooks`;
      const created = await example('create-webhook.ts', [url], hooksKey);
      const [, endpointId] = created.match(/^endpoint (\S+)$/m) ?? [];
      const [, secret] = created.match(/^secret (\S+)$/m) ?? [];
      expect(secret).toMatch(/^ars_whsec_/);
      ran.add('webhook-receiver.ts');
      receiver = startExample('webhook-receiver.ts', {
        AGENT_READINESS_WEBHOOK_SECRET: secret as string,
        PORT: '0',
      });
      receiverPort = Number((await receiver.waitForLine(/^listening on (\d+)$/m))[1]);
      const test = await callJson(stack.baseUrl, `/api/v1/webhooks/${endpointId}/test`, {
        method: 'POST',
        key: hooksKey,
      });
      expect(test.status, JSON.stringify(test.body)).toBe(200);
      expect(test.body.delivery).toMatchObject({ last_status: 204 });
      await receiver.waitForLine(/^verified webhook\.test [0-9a-f-]{36}$/m);
    });

    it('rejects a delivery whose body was changed after signing', async () => {
      const timestamp = new Date().toISOString();
      const answer = await fetch(`http://127.0.0.1:${receiverPort}/hooks`, {
        method: 'POST',
        headers: {
          'x-service-event': 'webhook.test',
          'x-service-event-id': '3f1c7a52-9a4e-4d55-8a8e-0c3d2b1f6e10',
          'x-service-timestamp': timestamp,
          'x-service-signature': `v1=${'0'.repeat(64)}`,
        },
        body: '{"id":"3f1c7a52-9a4e-4d55-8a8e-0c3d2b1f6e10"}',
      });
      expect(answer.status).toBe(400);
      await receiver.waitForLine(/^rejected: no_matching_signature$/m);
    });
  });

  it('has no example this file does not run', () => {
    expect([...ran].sort()).toEqual(examples.map((entry) => entry.name).sort());
  });
});
