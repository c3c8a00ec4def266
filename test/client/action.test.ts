import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { WORKFLOW_EXAMPLE } from '#shared/surfaces/pages/ci-section';
import { renderDocsPage } from '#shared/surfaces/pages/docs-page';
import { type RunningFixtureSite, startFixtureSite } from '#test/fixtures/sites/index';

/**
 * The GitHub Action (issue 38, point 3) without GitHub: action.yml's `runs` step is run as the
 * runner runs it (bash, its `env` with the inputs and the event filled in, GITHUB_ACTION_PATH,
 * the job summary and output files), with `local: true` against a loopback fixture site, and the
 * comment posted to a loopback stand-in for the GitHub API.
 */
const ROOT = new URL('../../', import.meta.url).pathname;

interface Step {
  id: string;
  shell: string;
  env: Record<string, string>;
  run: string;
}

let step: Step;
let inputs: Record<string, { default?: string; required?: boolean }>;
let site: RunningFixtureSite;
let github: Server;
let comments: Array<{ path: string; authorization: string; body: string }>;
let dir: string;

/** The step's env with `${{ inputs.x }}` and `${{ github.* }}` filled in as the runner would. */
function stepEnv(
  given: Record<string, string>,
  event: Record<string, string>,
): Record<string, string> {
  const value = (expression: string) => {
    const name = /^\$\{\{\s*(.+?)\s*\}\}$/.exec(expression)?.[1] ?? '';
    if (name.startsWith('inputs.')) {
      const input = name.slice('inputs.'.length);
      return given[input] ?? inputs[input]?.default?.replace(/^\$\{\{.*\}\}$/, 'test-token') ?? '';
    }
    return event[name] ?? '';
  };
  return Object.fromEntries(
    Object.entries(step.env).map(([key, expression]) => [key, value(expression)]),
  );
}

async function runAction(given: Record<string, string>, event: Record<string, string> = {}) {
  const summary = join(dir, `summary-${comments.length}-${Date.now()}.md`);
  const output = join(dir, `output-${Date.now()}.txt`);
  await writeFile(summary, '');
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    OFFLINE_DNS: '1',
    GITHUB_ACTION_PATH: ROOT,
    GITHUB_STEP_SUMMARY: summary,
    GITHUB_OUTPUT: output,
    GITHUB_REPOSITORY: 'acme/site',
    GITHUB_API_URL: `http://127.0.0.1:${(github.address() as AddressInfo).port}`,
    RUNNER_TEMP: dir,
    ...stepEnv(given, event),
  };
  const code = await new Promise<number>((resolve, reject) => {
    const child = spawn('bash', ['-c', step.run], { env, stdio: 'ignore' });
    child.on('error', reject);
    child.on('close', (exit) => resolve(exit ?? -1));
  });
  return { code, summary: await readFile(summary, 'utf8'), output: await readFile(output, 'utf8') };
}

beforeAll(async () => {
  const action = parse(await readFile(join(ROOT, 'action.yml'), 'utf8'));
  inputs = action.inputs;
  step = action.runs.steps.find((candidate: Step) => candidate.id === 'gate');
  site = await startFixtureSite('good');
  dir = await mkdtemp(join(tmpdir(), 'agent-readiness-action-'));
  comments = [];
  github = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    comments.push({
      path: request.url ?? '',
      authorization: request.headers.authorization ?? '',
      body: JSON.parse(Buffer.concat(chunks).toString()).body,
    });
    response.writeHead(201).end('{}');
  });
  await new Promise<void>((resolve) => github.listen(0, '127.0.0.1', resolve));
});

afterAll(async () => {
  await site?.close();
  if (github) await new Promise((resolve) => github.close(resolve));
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('action.yml', () => {
  it('takes the inputs the docs name and runs the CLI in a bash step', () => {
    expect(Object.keys(inputs)).toEqual(
      expect.arrayContaining([
        'domain',
        'min-score',
        'baseline',
        'fail-on',
        'api-key',
        'base-url',
        'local',
        'soft-fail',
      ]),
    );
    expect(inputs.domain?.required).toBe(true);
    expect(step.shell).toBe('bash');
    expect(step.run).toContain('agent-readiness');
  });

  it('passes, writes the markdown report to the job summary and comments on a pull request', async () => {
    const run = await runAction(
      { domain: site.url, local: 'true', 'min-score': '50', comment: 'true' },
      { 'github.event.pull_request.number': '42' },
    );
    expect(run.code).toBe(0);
    expect(run.summary).toMatch(/^## Agent readiness: .+ \d+\/100 ✅ passed$/m);
    expect(run.output).toMatch(/^report=.+agent-readiness-report\.md$/m);
    expect(comments).toHaveLength(1);
    expect(comments[0]).toMatchObject({
      path: '/repos/acme/site/issues/42/comments',
      authorization: 'Bearer test-token',
    });
    expect(comments[0]?.body).toBe(run.summary);
  });

  it('fails the step with the gate (exit 1) and posts no comment outside a pull request', async () => {
    const before = comments.length;
    const run = await runAction({
      domain: site.url,
      local: 'true',
      'min-score': '100',
      comment: 'true',
    });
    expect(run.code).toBe(1);
    expect(run.summary).toContain('❌ gate failed');
    expect(comments).toHaveLength(before);
  });

  it('is shown in a workflow file that uses every input of the example, in the README and on /docs', async () => {
    const readme = await readFile(join(ROOT, 'client/README.md'), 'utf8');
    expect(readme).toContain(`\`\`\`yaml\n${WORKFLOW_EXAMPLE}\`\`\``);
    const workflow = parse(WORKFLOW_EXAMPLE);
    const uses = Object.values(workflow.jobs as Record<string, { steps: Array<{ with?: object }> }>)
      .flatMap((job) => job.steps.map((step) => Object.keys(step.with ?? {})))
      .flat();
    for (const input of uses) expect(Object.keys(inputs)).toContain(input);
    expect(renderDocsPage('https://api.example.com').toString()).toContain('id="ci"');
  });

  it('exits 2 when the service cannot answer, and 0 with soft-fail', async () => {
    const down = { domain: site.url, 'base-url': 'http://127.0.0.1:9' };
    expect((await runAction(down)).code).toBe(2);
    expect((await runAction({ ...down, 'soft-fail': 'true' })).code).toBe(0);
  });
});
