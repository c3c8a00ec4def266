import { spawn } from 'node:child_process';
import { createSocket, type Socket } from 'node:dgram';
import { mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bundleLikeCdk } from '#test/support/bundle';

/**
 * X-Ray tracing as it runs on Lambda: the calls of traced-calls.ts, bundled as CDK bundles a
 * function, in a process with the runtime's environment (active tracing, a sampled trace header),
 * send a subsegment for each AWS SDK call and each outbound HTTP request to the X-Ray daemon,
 * here a UDP socket on loopback; without that environment nothing is sent, and nothing loads the
 * tracer's library.
 */
const BUNDLE = path.resolve('.test-results/traced-calls.mjs');

beforeAll(async () => {
  const built = await bundleLikeCdk('test/adapters/powertools/traced-calls.ts');
  mkdirSync(path.dirname(BUNDLE), { recursive: true });
  writeFileSync(BUNDLE, built.code);
}, 60_000);
const TRACE_ROOT = '1-6761e0aa-0123456789abcdef01234567';
const PARENT = '53995c3f42cd8ad8';

interface Subsegment {
  name: string;
  namespace?: string;
  trace_id: string;
  parent_id: string;
  aws?: { operation?: string };
  http?: { request?: { url?: string; method?: string }; response?: { status?: number } };
}

let daemon: Socket | undefined;
afterEach(() => daemon?.close());

/** A fake X-Ray daemon: the documents it receives (each datagram is a header line and a JSON). */
async function startDaemon(): Promise<{ port: number; received: Subsegment[] }> {
  const received: Subsegment[] = [];
  daemon = createSocket('udp4');
  daemon.on('message', (message) => {
    const [, body] = message.toString('utf8').split('\n');
    if (body) received.push(JSON.parse(body) as Subsegment);
  });
  await new Promise<void>((resolve) => daemon?.bind(0, '127.0.0.1', resolve));
  return { port: (daemon.address() as AddressInfo).port, received };
}

function runChild(env: Record<string, string>): Promise<{ code: number | null; stdout: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BUNDLE], {
      env: {
        PATH: process.env.PATH ?? '',
        LOG_LEVEL: 'SILENT',
        OFFLINE_DNS: '1',
        // Offline mode keeps mail in the outbox (config.ts); Lambda's default would be SES.
        MAIL_TRANSPORT: 'outbox',
        ALLOW_PRIVATE_TARGETS: '1',
        AWS_REGION: 'eu-west-1',
        AWS_ACCESS_KEY_ID: 'local',
        AWS_SECRET_ACCESS_KEY: 'local',
        ...env,
      },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout: stdout || stderr }));
  });
}

async function settled<T>(read: () => T[], count: number): Promise<T[]> {
  const deadline = Date.now() + 2_000;
  while (read().length < count && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return read();
}

describe('tracing on Lambda', () => {
  it('sends a subsegment for a DynamoDB call and for an outbound request, in the invocation’s trace', async () => {
    const { port, received } = await startDaemon();
    const run = await runChild({
      AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs24.x',
      AWS_LAMBDA_FUNCTION_NAME: 'traced-calls',
      LAMBDA_TASK_ROOT: '/var/task',
      _X_AMZN_TRACE_ID: `Root=${TRACE_ROOT};Parent=${PARENT};Sampled=1`,
      AWS_XRAY_DAEMON_ADDRESS: `127.0.0.1:${port}`,
      AWS_XRAY_CONTEXT_MISSING: 'IGNORE_ERROR',
    });
    expect(run.code, run.stdout).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ tracing: true, httpPatched: true });
    const segments = await settled(() => received, 2);
    const dynamo = segments.find((segment) => segment.name === 'DynamoDB');
    expect(dynamo).toMatchObject({
      namespace: 'aws',
      aws: { operation: 'GetItem' },
      trace_id: TRACE_ROOT,
      parent_id: PARENT,
    });
    const remote = segments.find((segment) => segment.namespace === 'remote');
    expect(remote).toMatchObject({
      name: '127.0.0.1',
      http: { request: { method: 'GET' }, response: { status: 200 } },
      trace_id: TRACE_ROOT,
    });
    expect(remote?.http?.request?.url).toMatch(/^http:\/\/127\.0\.0\.1\/page$/);
  });

  it('sends nothing off Lambda (the local stack, tests)', async () => {
    const { port, received } = await startDaemon();
    const run = await runChild({ AWS_XRAY_DAEMON_ADDRESS: `127.0.0.1:${port}` });
    expect(run.code, run.stdout).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ tracing: false, httpPatched: false });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(received).toEqual([]);
  });
});
