import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadCounts } from '#scripts/cost/counts';
import { main } from '#scripts/cost/main';
import { PRICES } from '#scripts/cost/prices';

/**
 * `npm run cost` (docs/deploy.md "What it costs"): the three sizes docs/deploy.md shows, run as
 * an operator types them, each ending in one JSON line of the documented shape; its counts are
 * the dated file the cost benchmark wrote.
 */
const COMPONENTS = [
  'lambda_requests',
  'lambda_gb_seconds',
  'api_gateway',
  'dynamodb_reads',
  'dynamodb_writes',
  'step_functions',
  'sqs',
  'cloudwatch_logs',
  'cloudwatch_metrics',
  'xray',
  'governor',
  'model_openai',
  'model_anthropic',
  'model_perplexity',
  'model_google',
  'judge',
];

/** The sizes docs/deploy.md shows: its `npm run --silent cost -- ... --json` lines. */
function documentedSizes(): string[][] {
  const deploy = readFileSync('docs/deploy.md', 'utf8');
  return [...deploy.matchAll(/^npm run --silent cost -- (.+ --json)$/gm)].map((match) =>
    (match[1] as string).trim().split(/\s+/),
  );
}

function runCost(args: string[]): Promise<{ code: number | null; stdout: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', 'cost', '--', ...args], {
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' },
    });
    let stdout = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout }));
  });
}

interface Estimate {
  inputs: Record<string, number>;
  prices_as_of: string;
  monthly_usd: Record<string, number>;
}

function lastLine(stdout: string): Estimate {
  const lines = stdout.trim().split('\n');
  return JSON.parse(lines.at(-1) ?? '') as Estimate;
}

function expectShape(estimate: Estimate): void {
  expect(Object.keys(estimate).sort()).toEqual(['inputs', 'monthly_usd', 'prices_as_of']);
  expect(estimate.prices_as_of).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  expect(Object.keys(estimate.inputs).sort()).toEqual(
    ['batch_domains_per_day', 'cases', 'prompts', 'repeats', 'scans_per_day'].sort(),
  );
  for (const component of ['total', ...COMPONENTS]) {
    expect(estimate.monthly_usd[component], component).toBeGreaterThanOrEqual(0);
  }
  const parts = Object.entries(estimate.monthly_usd).filter(([name]) => name !== 'total');
  const sum = parts.reduce((total, [, value]) => total + value, 0);
  expect(Math.abs(sum - (estimate.monthly_usd.total ?? 0))).toBeLessThan(0.01 * parts.length);
}

describe('npm run cost', () => {
  it('prices the three sizes of docs/deploy.md, each ending in one JSON line', async () => {
    const sizes = documentedSizes();
    expect(sizes).toHaveLength(3);
    const runs = await Promise.all(sizes.map((args) => runCost(args)));
    const estimates = runs.map((run, index) => {
      expect(run.code, run.stdout).toBe(0);
      const estimate = lastLine(run.stdout);
      expectShape(estimate);
      expect(sizes[index]).toContain('--json');
      return estimate;
    });
    const [freelancer, agency, brand] = estimates as [Estimate, Estimate, Estimate];
    expect(freelancer.inputs).toMatchObject({ scans_per_day: 50, cases: 2 });
    expect(agency.inputs).toMatchObject({ batch_domains_per_day: 2000, cases: 40 });
    expect(brand.inputs).toMatchObject({ cases: 10, prompts: 200, repeats: 5 });
    expect(agency.monthly_usd.total).toBeGreaterThan(freelancer.monthly_usd.total ?? 0);
    expect(brand.monthly_usd.judge).toBeGreaterThan(0);
    // The totals docs/deploy.md quotes are today's (re-measured counts must update them).
    const quoted = [...readFileSync('docs/deploy.md', 'utf8').matchAll(/\| \$([\d,.]+) \|$/gm)];
    expect(quoted.map((match) => Number((match[1] as string).replaceAll(',', '')))).toEqual(
      estimates.map((estimate) => estimate.monthly_usd.total),
    );
  }, 120_000);

  it('counts a flag left out as 0, and prices more of an operation higher', () => {
    const estimateOf = (args: string[]) => {
      const lines: string[] = [];
      expect(main([...args, '--json'], (line) => lines.push(line))).toBe(0);
      return lastLine(lines.join('\n'));
    };
    const none = estimateOf([]);
    expectShape(none);
    expect(Object.values(none.inputs)).toEqual([0, 0, 0, 0, 0]);
    const scans = estimateOf(['--scans-per-day', '10000']);
    expect(scans.monthly_usd.dynamodb_writes).toBeGreaterThan(
      none.monthly_usd.dynamodb_writes ?? 0,
    );
    expect(scans.monthly_usd.lambda_gb_seconds).toBeGreaterThan(
      none.monthly_usd.lambda_gb_seconds ?? 0,
    );
    const runs = estimateOf(['--cases', '1', '--prompts', '40', '--repeats', '3']);
    expect(runs.monthly_usd.model_openai).toBeGreaterThan(0);
    // Sharing the providers' quotas costs more with more provider calls (issue 34).
    expect(runs.monthly_usd.governor).toBeGreaterThan(none.monthly_usd.governor ?? 0);
    expect(runs.prices_as_of).toBe(PRICES.as_of);
  });

  it('refuses an unknown flag or a number below 0 with a usage error', () => {
    const errors: string[] = [];
    expect(
      main(
        ['--scans', '5'],
        () => undefined,
        (line) => errors.push(line),
      ),
    ).toBe(2);
    expect(
      main(
        ['--cases', '-1'],
        () => undefined,
        (line) => errors.push(line),
      ),
    ).toBe(2);
    expect(
      main(
        ['--prompts', 'many'],
        () => undefined,
        (line) => errors.push(line),
      ),
    ).toBe(2);
    expect(errors.join('\n')).toMatch(/usage: npm run --silent cost/);
  });

  it('reads counts the cost benchmark measured, dated', () => {
    const { counts, file } = loadCounts();
    expect(file).toMatch(new RegExp(`counts-${counts.measured_on}\\.json$`));
    expect(counts.command).toBe('npm run bench:cost-counts');
    expect(counts.per_operation.scan.invocations).toBeGreaterThan(0);
    expect(counts.per_operation.run_answer.gb_seconds).toBeGreaterThan(0);
  });
});
