import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SimulatorHandle, startSimulator } from '#local/simulator/server';
import { ASK_MODES, PROVIDER_FAMILIES } from '#shared/domain/monitor/provider-port';

const REPO = fileURLToPath(new URL('../../../', import.meta.url));

interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the CLI exactly as documented: `npm run --silent providers -- ...`. */
function runCli(args: string[], env: Record<string, string> = {}): Promise<CliRun> {
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    // npm's own node must be 24: put the running node first, as the project README requires.
    PATH: [dirname(process.execPath), `${REPO}node_modules/.bin`, process.env.PATH].join(delimiter),
    OPENAI_API_KEY: 'k',
    ANTHROPIC_API_KEY: 'k',
    PERPLEXITY_API_KEY: 'k',
    GEMINI_API_KEY: 'k',
    ...env,
  };
  for (const name of [
    'OPENAI_BASE_URL',
    'ANTHROPIC_BASE_URL',
    'PERPLEXITY_BASE_URL',
    'GOOGLE_BASE_URL',
  ]) {
    delete childEnv[name];
  }
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', 'providers', '--', ...args], {
      cwd: REPO,
      env: childEnv,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

let simulator: SimulatorHandle;

beforeAll(async () => {
  simulator = await startSimulator({
    port: 0,
    host: '127.0.0.1',
    seed: 'cli',
    brands: [{ name: 'Acme Analytics', domain: 'acme-analytics.example' }],
    brandMentionRate: 1,
    ownCitationRate: 1,
  });
});

afterAll(async () => {
  await simulator.close();
});

const CASES = PROVIDER_FAMILIES.flatMap((family) =>
  ASK_MODES.map((mode) => [family, mode] as const),
);

describe('providers CLI against the simulator', () => {
  it.concurrent.each(CASES)('asks %s in %s mode and prints one JSON line', async (family, mode) => {
    const run = await runCli([
      'ask',
      '--provider',
      family,
      '--mode',
      mode,
      '--prompt',
      'Which analytics tool should a startup pick?',
      '--base-url',
      simulator.url,
    ]);

    // npm may print its own config warnings on stderr; the CLI itself must print nothing there.
    expect(run.stderr).not.toMatch(/providers:|Error/);
    expect(run.code).toBe(0);
    const lines = run.stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    const output = JSON.parse(lines[0] ?? '');
    expect(Object.keys(output)).toEqual([
      'provider',
      'model',
      'mode',
      'text',
      'searched',
      'citations',
      'usage',
      'latency_ms',
    ]);
    expect(output).toMatchObject({ provider: family, mode, searched: mode === 'online' });
    expect(output.text).toContain('Acme Analytics');
    expect(typeof output.latency_ms).toBe('number');
    if (mode === 'online') {
      expect(output.citations.length).toBeGreaterThan(0);
      for (const citation of output.citations) {
        expect(Object.keys(citation)).toEqual(['url', 'domain', 'title']);
      }
      expect(output.citations.map((c: { domain: string }) => c.domain)).toContain(
        'acme-analytics.example',
      );
    } else {
      expect(output.citations).toEqual([]);
    }
  });

  it('uses --model in the request and reports the served model', async () => {
    const run = await runCli([
      'ask',
      '--provider',
      'google',
      '--mode',
      'raw',
      '--prompt',
      'hi',
      '--base-url',
      simulator.url,
      '--model',
      'gemini-3-flash',
    ]);

    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout).model).toBe('gemini-3-flash');
  });

  it('prints the error JSON and exits 3 when the provider throttles', async () => {
    simulator.setFault('anthropic', { kind: 'throttle', retryAfterSeconds: 12, times: 1 });
    const run = await runCli([
      'ask',
      '--provider',
      'anthropic',
      '--mode',
      'online',
      '--prompt',
      'hi',
      '--base-url',
      simulator.url,
    ]);

    expect(run.code).toBe(3);
    const output = JSON.parse(run.stdout.trim());
    expect(Object.keys(output.error)).toEqual(['type', 'retry_after_s', 'status', 'message']);
    expect(output.error).toMatchObject({ type: 'throttled', retry_after_s: 12, status: 429 });
  });

  it('asks the simulator on loopback offline (OFFLINE_DNS=1), through the guarded pool', async () => {
    const run = await runCli(
      [
        'ask',
        '--provider',
        'openai',
        '--mode',
        'raw',
        '--prompt',
        'hi',
        '--base-url',
        simulator.url,
      ],
      { OFFLINE_DNS: '1' },
    );

    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout).provider).toBe('openai');
  });

  it('exits 2 with a message on stderr when --prompt is missing', async () => {
    const run = await runCli(['ask', '--provider', 'openai', '--mode', 'raw']);

    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('--prompt is required');
  });

  it('exits 2 when the family has no API key', async () => {
    const run = await runCli(
      [
        'ask',
        '--provider',
        'perplexity',
        '--mode',
        'raw',
        '--prompt',
        'hi',
        '--base-url',
        simulator.url,
      ],
      { PERPLEXITY_API_KEY: '' },
    );

    expect(run.code).toBe(2);
    expect(run.stderr).toContain('PERPLEXITY_API_KEY is not set');
  });

  it('prints usage and exits 0 with --help', async () => {
    const run = await runCli(['--help']);

    expect(run.code).toBe(0);
    expect(run.stdout).toContain('npm run --silent providers -- ask');
  });

  it('runs the README command as printed: a family without a key asks the running stack’s simulator', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'providers-cli-'));
    try {
      await writeFile(
        join(dataDir, 'stack.json'),
        JSON.stringify({ pid: process.pid, simulator_url: simulator.url }),
      );
      const run = await runCli(
        ['ask', '--provider', 'openai', '--mode', 'online', '--prompt', 'best CRM'],
        { OPENAI_API_KEY: '', DATA_DIR: dataDir, OFFLINE_DNS: '1' },
      );
      expect(run.code, run.stderr).toBe(0);
      expect(JSON.parse(run.stdout)).toMatchObject({ provider: 'openai', mode: 'online' });
      const none = await runCli(
        ['ask', '--provider', 'openai', '--mode', 'raw', '--prompt', 'hi'],
        { OPENAI_API_KEY: '', DATA_DIR: join(dataDir, 'nothing-here') },
      );
      expect(none.code).toBe(2);
      expect(none.stderr).toContain('no running npm start was found');
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
