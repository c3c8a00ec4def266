import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main, runSmoke } from '#scripts/smoke/main';
import { parseSmokeArgs } from '#scripts/smoke/options';
import { type RunningFixtureSite, startFixtureSite } from '#test/fixtures/sites/server';
import { startTestStack, type TestStack } from '#test/support/stack';
import {
  type LoopbackCertificate,
  makeLoopbackCertificate,
  startWebhookReceiver,
  trustCertificate,
  type WebhookReceiver,
} from '#test/support/webhook-receiver';

/**
 * The deployment smoke test (docs/deploy.md) against the local stack, as CI runs it: loopback
 * fixture sites to scan, an https receiver on 127.0.0.1 for the test event, and the command
 * spawned exactly as an operator types it (`npm run smoke -- ...`), plus its main in process to
 * see each step's result.
 */
const SCOPES = ['scans:read', 'scans:write', 'monitor:read', 'monitor:write', 'webhooks:manage'];

let stack: TestStack;
let certificate: LoopbackCertificate;
let receiver: WebhookReceiver;
let untrust: () => void;
let sites: RunningFixtureSite[];
let key: string;

beforeAll(async () => {
  certificate = await makeLoopbackCertificate();
  untrust = trustCertificate(certificate.cert);
  receiver = await startWebhookReceiver(certificate);
  sites = await Promise.all([startFixtureSite('good'), startFixtureSite('good')]);
  stack = await startTestStack({
    ALLOW_PRIVATE_TARGETS: '1',
    WORKFLOW_TIME_SCALE: '0.01',
    MONITOR_PROMPTS_PER_BLOCK: '2',
    MONITOR_REPEATS: '1',
  });
  key = await stack.createKey(SCOPES);
});

afterAll(async () => {
  await stack?.close();
  await Promise.all([receiver?.close(), ...(sites ?? []).map((site) => site.close())]);
  untrust?.();
  await certificate?.close();
});

function argv(): string[] {
  const [first, second] = sites as [RunningFixtureSite, RunningFixtureSite];
  return [
    '--base-url',
    stack.baseUrl,
    '--key',
    key,
    '--site',
    first.url,
    '--batch',
    `${first.host},${second.host}`,
    '--receiver',
    receiver.url('/smoke'),
    '--case-domain',
    'smoke.example',
    '--timeout-seconds',
    '60',
  ];
}

function spawnSmoke(args: string[]): Promise<{ code: number | null; stdout: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', 'smoke', '--', ...args], {
      env: { ...process.env, LOG_LEVEL: 'SILENT' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout }));
  });
}

describe('npm run smoke against the local stack', () => {
  it('walks every step and passes, one line per step', async () => {
    const lines: string[] = [];
    const { ok, results } = await runSmoke(parseSmokeArgs(argv()), (line) => lines.push(line));
    expect(
      results.filter((result) => !result.ok),
      lines.join('\n'),
    ).toEqual([]);
    expect(ok).toBe(true);
    expect(results.map((result) => result.name)).toEqual([
      'stats',
      'scan',
      'batch',
      'case',
      'run',
      'summary',
      'webhook test event',
      'mcp tools',
      'mcp tool call',
    ]);
    expect(lines.at(-1)).toBe('SMOKE PASS: 9 of 9 steps passed');
    // The test event reached the receiver, signed.
    const events = receiver.at('/smoke');
    expect(events.length).toBeGreaterThanOrEqual(1);
    expect(events[0]?.headers['x-service-signature']).toMatch(/^v1=/);
  });

  it('passes as the spawned command an operator runs, and exits 0', async () => {
    const { code, stdout } = await spawnSmoke(argv());
    expect(stdout, stdout).toContain('SMOKE PASS: 9 of 9 steps passed');
    expect(stdout.match(/^PASS {2}/gm)).toHaveLength(9);
    expect(code).toBe(0);
  });

  it('fails with exit 1 and names the step when a step fails (an unreachable receiver)', async () => {
    const args = argv();
    args[args.indexOf('--receiver') + 1] = 'https://127.0.0.1:9/nobody';
    const lines: string[] = [];
    const { ok, results } = await runSmoke(parseSmokeArgs(args), (line) => lines.push(line));
    expect(ok).toBe(false);
    expect(results.filter((result) => !result.ok).map((result) => result.name)).toEqual([
      'webhook test event',
    ]);
    expect(lines.at(-1)).toBe('SMOKE FAIL: 1 of 9 steps failed');
  });

  it('answers a missing option with the usage and exit code 2', async () => {
    const errors: string[] = [];
    const original = console.error;
    console.error = (line: string) => errors.push(line);
    try {
      expect(await main(['--base-url', stack.baseUrl])).toBe(2);
    } finally {
      console.error = original;
    }
    expect(errors.join('\n')).toContain('--key is required');
    expect(errors.join('\n')).toContain('Usage: npm run smoke');
  });
});
