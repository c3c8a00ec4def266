import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '#local/admin/main';
import { createBatch, waitForJob } from '#test/support/batch';
import { callJson, startTestStack, type TestStack } from '#test/support/stack';
import { joinByInvitation, teamDepsOf } from '#test/support/teams';

/**
 * The operator CLI against the running stack's DATA_DIR. Its `main` runs in process (fast); one
 * smoke test spawns it exactly as the README documents it.
 */
let stack: TestStack;
let dataDir: string;

interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

function cliEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const { DYNAMODB_ENDPOINT: _endpoint, ...rest } = stack.variables;
  return { ...rest, DATA_DIR: dataDir, ADMIN_EMAILS: 'ops@example.com', ...extra };
}

async function admin(...args: string[]): Promise<CliResult> {
  return adminWith(cliEnv(), ...args);
}

async function adminWith(env: NodeJS.ProcessEnv, ...args: string[]): Promise<CliResult> {
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
    env,
  );
  return { code, stdout, stderr };
}

function spawnAdmin(...args: string[]): Promise<CliResult> {
  return spawnAdminWith({}, ...args);
}

function spawnAdminWith(extra: Record<string, string>, ...args: string[]): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', 'admin', '--', ...args], {
      env: { ...cliEnv(extra), DYNAMODB_ENDPOINT: '' },
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
  stack = await startTestStack(
    { ADMIN_EMAILS: 'ops@example.com', ALLOW_PRIVATE_TARGETS: '1', WORKFLOW_TIME_SCALE: '0.01' },
    dataDir,
  );
});
afterAll(async () => {
  await stack?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm run admin', () => {
  it('runs as the README says (spawned), on the running stack, saying which store it used', async () => {
    const result = await spawnAdmin('create-user', '--email', 'Spawned@Example.com');
    expect(result.code).toBe(0);
    expect(json(result.stdout)).toMatchObject({ user: { email: 'spawned@example.com' } });
    expect(result.stderr).toContain("store: the running stack's");
  });

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

  it("makes a member's key for an account with --account, never beyond the member's role", async () => {
    await admin('create-user', '--email', 'lead@example.com', '--plan', 'pro');
    const lead = json(
      (await admin('create-key', '--email', 'lead@example.com', '--scopes', 'account:manage'))
        .stdout,
    ) as { key: string; account: string };
    const deps = teamDepsOf(stack);
    await joinByInvitation(stack, deps, lead.key, 'reader@example.com', 'viewer');
    deps.close();
    const args = ['create-key', '--email', 'reader@example.com', '--account', lead.account];
    const beyond = await admin(...args, '--scopes', 'scans:read,scans:write');
    expect(beyond.code).toBe(2);
    expect(beyond.stdout).toBe('');
    expect(beyond.stderr).toContain('viewer');
    expect(beyond.stderr).toContain('scans:write');
    const within = await admin(...args, '--scopes', 'scans:read');
    expect(within.code).toBe(0);
    const made = json(within.stdout) as { key: string; account: string };
    expect(made.account).toBe(lead.account);
    const read = await callJson(stack.baseUrl, '/api/v1/account', { key: made.key });
    expect((read.body.account as { id: string }).id).toBe(lead.account);
    const own = json(
      (await admin('create-key', '--email', 'reader@example.com', '--scopes', 'scans:write'))
        .stdout,
    ) as { account: string };
    expect(own.account).not.toBe(lead.account);
    const stranger = await admin(
      'create-key',
      '--email',
      'dev@example.com',
      '--account',
      lead.account,
      '--scopes',
      'scans:read',
    );
    expect(stranger.code).toBe(2);
    expect(stranger.stderr).toContain('not a member');
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
      'set-plan',
      'list-jobs',
      'show-job',
      'limits',
      'refresh-agent-ranges',
    ]) {
      expect(result.stdout).toContain(command);
    }
    // Each command once: an alias (set-plan) is named in its command's help, not listed again.
    const listed = result.stdout.split('\n').filter((line) => /^ {2}[a-z-]+( |$)/.test(line));
    const names = listed.map((line) => line.trim().split(' ')[0]);
    expect(names).toEqual([...new Set(names)]);
  });

  it('prints its JSON alone on stdout (spawned, as run), whatever LOG_LEVEL says', async () => {
    const email = `quiet-${crypto.randomUUID().slice(0, 8)}@example.com`;
    for (const args of [['create-user', '--email', email, '--plan', 'pro'], ['run-monthly']]) {
      const result = await spawnAdminWith({ LOG_LEVEL: 'DEBUG' }, ...args);
      expect(result.code, result.stderr).toBe(0);
      json(result.stdout);
    }
  });
});

describe('operator commands for batch jobs and plans', () => {
  it("lists an account's jobs with their counts and shows one job with its rows", async () => {
    await admin('create-user', '--email', 'jobs@example.com', '--plan', 'pro');
    const created = json(
      (
        await admin(
          'create-key',
          '--email',
          'jobs@example.com',
          '--scopes',
          'scans:read,scans:write',
        )
      ).stdout,
    ) as { key: string };
    const batch = await createBatch(stack.baseUrl, created.key, ['localhost:1', 'localhost:2']);
    const jobId = (batch.body.job as { id: string }).id;
    await waitForJob(stack.baseUrl, created.key, jobId);

    const listed = await admin('list-jobs', '--email', 'jobs@example.com');
    expect(listed.code).toBe(0);
    const { jobs } = json(listed.stdout) as {
      jobs: Array<{ id: string; counts: { total: number } }>;
    };
    expect(jobs.map((job) => job.id)).toEqual([jobId]);
    expect(jobs[0]?.counts.total).toBe(2);

    const shown = await admin('show-job', '--id', jobId);
    expect(shown.code).toBe(0);
    const job = json(shown.stdout) as { owner_email: string; results: unknown[] };
    expect(job.owner_email).toBe('jobs@example.com');
    expect(job.results).toHaveLength(2);
    expect((await admin('show-job', '--id', crypto.randomUUID())).code).toBe(2);
  });

  it("sets an account's plan and subscription, and prints the plan limits in force", async () => {
    await admin('create-user', '--email', 'plan@example.com', '--plan', 'free');
    const changed = await admin(
      'set-plan',
      '--email',
      'plan@example.com',
      '--plan',
      'pro',
      '--subscription',
      'ended',
    );
    expect(changed.code).toBe(0);
    expect(json(changed.stdout).account).toEqual({ plan: 'pro', subscription: 'ended' });
    const limits = await adminWith(cliEnv({ PLAN_LIMITS: '{"free":{"per_batch":5}}' }), 'limits');
    expect(json(limits.stdout)).toEqual({
      plans: { free: { per_batch: 5, per_day: 50 }, pro: { per_batch: 100, per_day: 1000 } },
    });
  });
});

describe('choosing the store', () => {
  it('refuses a DATA_DIR that holds no store instead of creating one, unless --init', async () => {
    const empty = join(tmpdir(), `admin-missing-${crypto.randomUUID()}`);
    const refused = await adminWith(cliEnv({ DATA_DIR: empty }), 'list-users');
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('No store in DATA_DIR');
    expect(existsSync(empty)).toBe(false);
    const created = await adminWith(cliEnv({ DATA_DIR: empty }), 'list-users', '--init');
    expect(created.code).toBe(0);
    expect(created.stderr).toContain('created by --init');
    expect(json(created.stdout)).toEqual({ users: [] });
    rmSync(empty, { recursive: true, force: true });
  });
});
