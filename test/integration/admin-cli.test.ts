import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callJson, startTestStack, type TestStack } from '#test/support/stack';

/** Runs the CLI exactly as the README documents it, against the running stack's DATA_DIR. */
let stack: TestStack;
let dataDir: string;

function admin(
  ...args: string[]
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', 'admin', '--', ...args], {
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        ADMIN_EMAILS: 'ops@example.com',
        DYNAMODB_ENDPOINT: '',
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
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

function json(stdout: string): Record<string, unknown> {
  const lines = stdout.trim().split('\n');
  expect(lines).toHaveLength(1);
  return JSON.parse(lines[0] ?? '') as Record<string, unknown>;
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'admin-cli-'));
  stack = await startTestStack({ ADMIN_EMAILS: 'ops@example.com' }, dataDir);
});
afterAll(async () => {
  await stack?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm run admin', () => {
  it('creates a user without a Monitor account by default', async () => {
    const result = await admin('create-user', '--email', 'Plain@Example.com');
    expect(result.code).toBe(0);
    const output = json(result.stdout);
    expect(output).toEqual({
      user: { id: expect.stringMatching(/^[0-9a-f-]{36}$/), email: 'plain@example.com' },
      account: null,
    });
  });

  it('creates a user with a plan and subscription', async () => {
    const result = await admin(
      'create-user',
      '--email',
      'pro@example.com',
      '--plan',
      'pro',
      '--subscription',
      'ended',
    );
    expect(result.code).toBe(0);
    expect(json(result.stdout).account).toEqual({ plan: 'pro', subscription: 'ended' });
  });

  it('creates a key that the running API accepts, printing the plaintext only once', async () => {
    await admin('create-user', '--email', 'dev@example.com', '--plan', 'free');
    const result = await admin(
      'create-key',
      '--email',
      'dev@example.com',
      '--scopes',
      'scans:read,scans:write',
    );
    expect(result.code).toBe(0);
    const output = json(result.stdout) as { id: string; key: string; scopes: string[] };
    expect(output.id).toMatch(/^key_/);
    expect(output.scopes).toEqual(['scans:read', 'scans:write']);
    expect((await callJson(stack.baseUrl, '/api/v1/stats', { key: output.key })).status).toBe(200);

    const listed = await admin('list-keys', '--email', 'dev@example.com');
    expect(listed.code).toBe(0);
    expect(listed.stdout).not.toContain(output.key);

    const revoked = await admin('revoke-key', '--id', output.id);
    expect(revoked.code).toBe(0);
    expect((await callJson(stack.baseUrl, '/api/v1/stats', { key: output.key })).status).toBe(401);
  });

  it('gives monitor:admin to an address on ADMIN_EMAILS, and marks plugin keys', async () => {
    await admin('create-user', '--email', 'ops@example.com', '--plan', 'pro');
    const adminKey = await admin(
      'create-key',
      '--email',
      'ops@example.com',
      '--scopes',
      'monitor:read,monitor:admin',
    );
    expect(adminKey.code).toBe(0);
    expect(json(adminKey.stdout).scopes).toEqual(['monitor:read', 'monitor:admin']);
    const plugin = await admin(
      'create-key',
      '--email',
      'ops@example.com',
      '--scopes',
      'monitor:read',
      '--plugin',
    );
    expect(plugin.code).toBe(0);
    expect(json(plugin.stdout).scopes).toEqual(['monitor:read', 'plugin']);
  });

  it.each([
    [
      'monitor:admin for an address not on ADMIN_EMAILS',
      ['create-key', '--email', 'pro@example.com', '--scopes', 'monitor:admin'],
    ],
    [
      'monitor:admin on a plugin key',
      ['create-key', '--email', 'ops@example.com', '--scopes', 'monitor:admin', '--plugin'],
    ],
    ['an unknown scope', ['create-key', '--email', 'pro@example.com', '--scopes', 'everything']],
    [
      'a key for an unknown user',
      ['create-key', '--email', 'ghost@example.com', '--scopes', 'scans:read'],
    ],
    ['a second user with the same address', ['create-user', '--email', 'PRO@example.com']],
    ['an invalid plan', ['create-user', '--email', 'x@example.com', '--plan', 'gold']],
    ['a missing --email', ['create-user']],
    ['an unknown command', ['drop-table']],
  ])('refuses %s with a message on stderr and exit 2', async (_name, args) => {
    const result = await admin(...args);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim().length).toBeGreaterThan(0);
  });

  it('lists users with their accounts', async () => {
    const result = await admin('list-users');
    expect(result.code).toBe(0);
    const { users } = json(result.stdout) as { users: Array<{ email: string }> };
    expect(users.map((user) => user.email)).toEqual(
      expect.arrayContaining(['plain@example.com', 'pro@example.com']),
    );
  });

  it('documents every command in --help', async () => {
    const result = await admin('--help');
    expect(result.code).toBe(0);
    for (const command of [
      'create-user',
      'create-key',
      'list-users',
      'list-keys',
      'revoke-key',
      'set-account',
    ]) {
      expect(result.stdout).toContain(command);
    }
  });
});
