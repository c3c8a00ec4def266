import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AjvDraft04 from 'ajv-draft-04';
import { parseDocument } from 'htmlparser2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildLocalEngine } from '#scripts/client-local-engine';
import { type RunningFixtureSite, startFixtureSite } from '#test/fixtures/sites/index';
import { callJson, startTestStack, type TestStack } from '#test/support/stack';
import { type SwitchableSite, startSwitchableSite } from '#test/support/switchable-site';
import { runBin } from './support/cli.ts';
import { buildClient, CLIENT_DIR } from './support/readme-examples.ts';

/**
 * The `agent-readiness` CLI (issue 38, point 2) as a user runs it, against the local stack and
 * loopback fixture sites: every exit code and format (SARIF checked against the SARIF 2.1.0
 * schema, JUnit parsed), a baseline regression named by its finding id, `--soft-fail`, and
 * `--local` giving the service's score on the same site.
 */
let stack: TestStack;
let good: RunningFixtureSite;
let site: SwitchableSite;
let key: string;
let dir: string;

const api = () => ({ AGENT_READINESS_URL: stack.baseUrl, AGENT_READINESS_KEY: key });

beforeAll(async () => {
  [good, site] = await Promise.all([startFixtureSite('good'), startSwitchableSite('good')]);
  stack = await startTestStack({ ALLOW_PRIVATE_TARGETS: '1' });
  key = await stack.createKey(['scans:read', 'scans:write']);
  dir = await mkdtemp(join(tmpdir(), 'agent-readiness-cli-'));
}, 60_000);

afterAll(async () => {
  await stack?.close();
  await Promise.all([good?.close(), site?.close()]);
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('exit codes', () => {
  it('exits 0 when the gate passes and 1 when the score is under --min-score', async () => {
    const passed = await runBin(['scan', good.url, '--min-score', '50'], api());
    expect(passed.code, passed.stderr).toBe(0);
    expect(passed.stdout).toMatch(/scored \d+\/100/);
    expect(passed.stdout).toContain('Gate: passed');
    const failed = await runBin(['scan', good.url, '--min-score', '100'], api());
    expect(failed.code).toBe(1);
    expect(failed.stdout).toMatch(/Gate: FAILED: score \d+ is under --min-score 100/);
  });

  it('exits 2 on a usage error and when the service cannot answer; --soft-fail turns that into 0', async () => {
    const usage = await runBin(['scan', good.url, '--format', 'pdf'], api());
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('--format takes one of text, json, markdown, sarif, junit');
    const down = { AGENT_READINESS_URL: 'http://127.0.0.1:9', AGENT_READINESS_KEY: key };
    const unreachable = await runBin(['scan', good.url], down);
    expect(unreachable.code).toBe(2);
    expect(unreachable.stderr).toContain('the service could not answer');
    const soft = await runBin(['scan', good.url, '--soft-fail'], down);
    expect(soft.code).toBe(0);
    expect(soft.stderr).toMatch(/^warning: the service could not answer: .*--soft-fail: exit 0/m);
  });

  it('fails on warn or bad findings with --fail-on, naming their ids', async () => {
    const poor = await runBin(['scan', good.url, '--fail-on', 'warn'], api());
    const bad = await runBin(['scan', good.url, '--fail-on', 'bad'], api());
    for (const run of [poor, bad]) {
      if (run.code === 1) expect(run.stdout).toMatch(/findings: [a-z]+\.[a-z0-9_]+/);
      else expect(run.code, run.stderr).toBe(0);
    }
  });
});

describe('formats', () => {
  it('json is the scan as the API answers it, and --output writes it to a file', async () => {
    const output = join(dir, 'scan.json');
    const run = await runBin(['scan', good.url, '--format', 'json', '--output', output], api());
    expect(run.code, run.stderr).toBe(0);
    const saved = JSON.parse(await readFile(output, 'utf8'));
    expect(Object.keys(saved)).toEqual(['scan']);
    const { body } = await callJson(stack.baseUrl, `/api/v1/scans/${saved.scan.id}`);
    expect(saved.scan).toEqual(body.scan);
  });

  it('sarif is valid SARIF 2.1.0 with each warn and bad finding id as a ruleId', async () => {
    const run = await runBin(['scan', good.url, '--format', 'sarif'], api());
    const sarif = JSON.parse(run.stdout);
    const schema = JSON.parse(
      await readFile(new URL('../fixtures/sarif/sarif-schema-2.1.0.json', import.meta.url), 'utf8'),
    );
    // A CommonJS package: under NodeNext its class is the default import's `default`.
    const validate = new AjvDraft04.default({ strict: false, allErrors: true }).compile(schema);
    expect(validate(sarif), JSON.stringify(validate.errors?.slice(0, 3))).toBe(true);
    const results = sarif.runs[0].results as Array<{ ruleId: string; level: string }>;
    expect(results.length).toBeGreaterThan(0);
    for (const result of results) expect(result.ruleId).toMatch(/^[a-z]+\.[a-z0-9_]+$/);
    const rules = sarif.runs[0].tool.driver.rules.map((rule: { id: string }) => rule.id);
    expect(new Set(results.map((result) => result.ruleId))).toEqual(new Set(rules));
  });

  it('junit parses as XML with one testcase per check', async () => {
    const run = await runBin(['scan', good.url, '--format', 'junit'], api());
    const document = parseDocument(run.stdout, { xmlMode: true });
    const cases: Array<{ attribs: Record<string, string> }> = [];
    const walk = (node: {
      children?: unknown[];
      name?: string;
      attribs?: Record<string, string>;
    }) => {
      if (node.name === 'testcase') cases.push(node as { attribs: Record<string, string> });
      for (const child of (node.children ?? []) as (typeof node)[]) walk(child);
    };
    walk(document as never);
    expect(cases.map((testcase) => testcase.attribs.name?.split(':')[0])).toEqual([
      'crawler',
      'sitemap',
      'render',
      'llms',
      'markdown',
      'schema',
      'api',
      'agent',
      'entity',
    ]);
  });

  it('markdown is a pull request comment: score, change against the baseline, top fixes', async () => {
    const baseline = join(dir, 'md-baseline.json');
    await runBin(['scan', good.url, '--format', 'json', '--output', baseline], api());
    const run = await runBin(
      ['scan', good.url, '--format', 'markdown', '--baseline', baseline],
      api(),
    );
    expect(run.stdout).toMatch(/^## Agent readiness: .+ \d+\/100 ✅ passed$/m);
    expect(run.stdout).toMatch(/against the baseline's \d+ \(±0\)/);
    expect(run.stdout).toContain('| Check | State | Points | Change |');
  });
});

describe('a baseline', () => {
  it('fails --fail-on regression with the finding id that regressed, from a file or a scan id', async () => {
    site.become('good');
    const baseline = join(dir, 'baseline.json');
    const saved = await runBin(['scan', site.url, '--format', 'json', '--output', baseline], api());
    expect(saved.code, saved.stderr).toBe(0);
    site.become('llms-as-html');
    const fromFile = await runBin(
      ['scan', site.url, '--baseline', baseline, '--fail-on', 'regression'],
      api(),
    );
    expect(fromFile.code).toBe(1);
    expect(fromFile.stdout).toMatch(/regression against the baseline: .*llms\.wrong_type \(new\)/);
    const id = JSON.parse(await readFile(baseline, 'utf8')).scan.id as string;
    const fromId = await runBin(
      ['scan', site.url, '--baseline', id, '--fail-on', 'regression'],
      api(),
    );
    expect(fromId.code).toBe(1);
    expect(fromId.stdout).toContain('llms.wrong_type (new)');
    site.become('good');
    const same = await runBin(
      ['scan', site.url, '--baseline', baseline, '--fail-on', 'regression'],
      api(),
    );
    expect(same.code, same.stdout).toBe(0);
  });

  it('refuses --fail-on regression without a baseline (exit 2)', async () => {
    const run = await runBin(['scan', good.url, '--fail-on', 'regression'], api());
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--fail-on regression needs --baseline');
  });
});

describe('--local', () => {
  it('scans in the CLI process, without service or key, and gives the service its score', async () => {
    const { body } = await callJson(stack.baseUrl, '/api/v1/scans', {
      method: 'POST',
      key,
      body: { domain: good.url },
    });
    const service = body.scan as { score: number; checks: Array<{ id: string; score: number }> };
    const run = await runBin(['scan', good.url, '--local', '--format', 'json'], {
      AGENT_READINESS_URL: 'http://127.0.0.1:9',
    });
    expect(run.code, run.stderr).toBe(0);
    const local = JSON.parse(run.stdout).scan as typeof service;
    expect(local.score).toBe(service.score);
    expect(local.checks.map((check) => [check.id, check.score])).toEqual(
      service.checks.map((check) => [check.id, check.score]),
    );
  });
});

describe('the published package', () => {
  it("runs --local from its build and the bundled engine, with the service's score", async () => {
    // What npm installs: bin, dist and package.json, without the TypeScript source.
    await buildClient();
    await buildLocalEngine();
    const installed = join(CLIENT_DIR, '.installed');
    await rm(installed, { recursive: true, force: true });
    for (const part of ['bin', 'dist', 'package.json']) {
      await cp(join(CLIENT_DIR, part), join(installed, part), { recursive: true });
    }
    const { body } = await callJson(stack.baseUrl, '/api/v1/scans', {
      method: 'POST',
      key,
      body: { domain: good.url },
    });
    const run = await runBin(
      ['scan', good.url, '--local', '--format', 'json'],
      {},
      join(installed, 'bin/agent-readiness.js'),
    );
    await rm(installed, { recursive: true, force: true });
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout).scan.score).toBe((body.scan as { score: number }).score);
  }, 120_000);
});

describe('the baseline file', () => {
  it('is refused when it holds no scan (exit 2, with --soft-fail 0)', async () => {
    const broken = join(dir, 'broken.json');
    await writeFile(broken, '{"nothing": true}');
    expect((await runBin(['scan', good.url, '--baseline', broken], api())).code).toBe(2);
  });
});
