import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '#local/admin/main';
import { DashboardHttp } from '#test/browser/support/dashboard-http';
import { startTestStack, type TestStack } from '#test/support/stack';

/**
 * `npm run --silent admin -- login-link --email E`: a sign-in link printed instead of mailed,
 * against the running stack of the same DATA_DIR, with the CLI's exit codes.
 */
let stack: TestStack;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'login-link-'));
  stack = await startTestStack({}, dataDir);
  await stack.operator.createUser({ email: 'you@example.com', plan: 'pro' });
});
afterAll(async () => {
  await stack?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function env(): NodeJS.ProcessEnv {
  const { DYNAMODB_ENDPOINT: _endpoint, PUBLIC_BASE_URL: _base, ...rest } = stack.variables;
  return { ...rest, DATA_DIR: dataDir };
}

async function admin(...args: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await runAdmin(
    args,
    {
      stdout: (text) => {
        stdout += text;
      },
      stderr: (text) => {
        stderr += text;
      },
    },
    env(),
  );
  return { code, stdout, stderr };
}

describe('login-link', () => {
  it('prints {"url"} for the running stack, and the link signs in once', async () => {
    const { code, stdout } = await admin('login-link', '--email', 'You@Example.com');
    expect(code).toBe(0);
    const printed = JSON.parse(stdout) as Record<string, string>;
    expect(Object.keys(printed)).toEqual(['url']);
    expect(printed.url).toMatch(
      new RegExp(`^${stack.baseUrl}/dashboard/sign-in\\?token=[\\w-]{43}$`),
    );
    const token = new URL(printed.url ?? '').searchParams.get('token') ?? '';

    const browser = new DashboardHttp(stack.baseUrl);
    expect((await browser.get(printed.url ?? '')).text).toContain('you@example.com');
    expect((await browser.post('/dashboard/session', { token })).status).toBe(303);
    expect((await browser.get('/dashboard')).status).toBe(200);
    expect(
      (await new DashboardHttp(stack.baseUrl).post('/dashboard/session', { token })).status,
    ).toBe(400);
  });

  it('refuses an address without a user, or no address, with exit code 2', async () => {
    const unknown = await admin('login-link', '--email', 'nobody@example.com');
    expect(unknown.code).toBe(2);
    expect(unknown.stdout).toBe('');
    expect(unknown.stderr).toContain('No user with e-mail nobody@example.com');
    expect((await admin('login-link')).code).toBe(2);
    expect((await admin('login-link', '--email', 'not-an-address')).code).toBe(2);
  });

  it('runs as the README writes it', async () => {
    const result = await new Promise<{ code: number | null; stdout: string }>((resolve, reject) => {
      const child = spawn(
        'npm',
        ['run', '--silent', 'admin', '--', 'login-link', '--email', 'you@example.com'],
        {
          env: { ...env(), DYNAMODB_ENDPOINT: '' },
        },
      );
      let stdout = '';
      child.stdout.on('data', (chunk) => {
        stdout += chunk;
      });
      child.on('error', reject);
      child.on('close', (code) => resolve({ code, stdout }));
    });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({
      url: expect.stringContaining(`${stack.baseUrl}/dashboard/sign-in?token=`),
    });
  });
});
