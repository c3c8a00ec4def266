/**
 * `npm run --silent cost -- --scans-per-day N --batch-domains-per-day N --cases N --prompts N
 * --repeats N [--json]`: what a stage costs a month at that volume (docs/deploy.md "What it
 * costs"), one line per component and the total. A flag left out counts as 0. With `--json` the
 * last line is one object: `{"inputs": {...}, "prices_as_of": "YYYY-MM-DD", "monthly_usd":
 * {"total": n, ...}}`. Exit code 2 for a usage error.
 */
import { parseArgs } from 'node:util';
import { loadCounts } from './counts.ts';
import { type CostInputs, estimate, judgeTokensPerMonth } from './model.ts';
import { PRICES } from './prices.ts';

const FLAGS = {
  'scans-per-day': 'scans_per_day',
  'batch-domains-per-day': 'batch_domains_per_day',
  cases: 'cases',
  prompts: 'prompts',
  repeats: 'repeats',
} as const satisfies Record<string, keyof CostInputs>;

const USAGE =
  'usage: npm run --silent cost -- [--scans-per-day N] [--batch-domains-per-day N] [--cases N] ' +
  '[--prompts N] [--repeats N] [--json]';

/** The inputs of a command line; throws a usage message for an unknown flag or a bad number. */
function parseInputs(argv: string[]): { inputs: CostInputs; json: boolean } {
  const { values } = parseArgs({
    args: argv,
    options: {
      ...Object.fromEntries(Object.keys(FLAGS).map((flag) => [flag, { type: 'string' as const }])),
      json: { type: 'boolean', default: false },
    },
    strict: true,
    allowPositionals: false,
  });
  const inputs = {} as CostInputs;
  for (const [flag, field] of Object.entries(FLAGS)) {
    const raw = (values as Record<string, unknown>)[flag] as string | undefined;
    const value = raw === undefined ? 0 : Number(raw.replaceAll('_', ''));
    if (!Number.isFinite(value) || value < 0 || raw?.trim() === '') {
      throw new Error(`--${flag} must be a number of 0 or more, not "${raw}"`);
    }
    inputs[field] = value;
  }
  return { inputs, json: values.json === true };
}

const usd = (value: number) => Math.round(value * 100) / 100;
const LABELS: Record<string, string> = {
  lambda_requests: 'Lambda requests',
  lambda_gb_seconds: 'Lambda compute (GB-seconds)',
  api_gateway: 'API Gateway (HTTP API requests)',
  dynamodb_reads: 'DynamoDB on-demand reads',
  dynamodb_writes: 'DynamoDB on-demand writes',
  step_functions: 'Step Functions transitions',
  sqs: 'SQS requests',
  cloudwatch_logs: 'CloudWatch logs (ingested, stored)',
  cloudwatch_metrics: 'CloudWatch metrics, alarms, dashboard',
  xray: 'X-Ray traces',
  secrets_manager: 'Secrets Manager (signing, provider and Stripe keys)',
  governor: 'Provider budget (governor)',
  judge: 'judge tokens',
};

function report(inputs: CostInputs, out: (line: string) => void): Record<string, number> {
  const { counts, file } = loadCounts();
  const result = estimate(inputs, counts, PRICES);
  out(
    `Monthly estimate: ${inputs.scans_per_day} scans a day, ${inputs.batch_domains_per_day} batch ` +
      `domains a day, ${inputs.cases} cases of ${inputs.prompts} prompts x ${inputs.repeats} repeats`,
  );
  out(
    `prices of ${PRICES.as_of} (${PRICES.region}, scripts/cost/prices.ts); counts measured on ` +
      `${counts.measured_on} by ${counts.command} (${file.split('/').slice(-3).join('/')})`,
  );
  for (const [name, value] of Object.entries(result.parts)) {
    const label = LABELS[name] ?? `${name.replace('model_', '')} answer tokens`;
    out(`  ${label.padEnd(40)}${`$${usd(value).toFixed(2)}`.padStart(12)}`);
  }
  out(`  ${'total'.padEnd(40)}${`$${usd(result.total).toFixed(2)}`.padStart(12)}`);
  const judged = judgeTokensPerMonth(inputs, counts);
  if (judged > 0) {
    // Monthly runs all start on the 1st: a day's budget must hold a month of judging.
    out(
      `judge tokens a month: ${Math.round(judged).toLocaleString('en-US')}; a judgeTokenBudget ` +
        `that suits this volume: ${(Math.ceil((2 * judged) / 1e6) * 1e6).toLocaleString('en-US')}`,
    );
  }
  return {
    total: usd(result.total),
    ...Object.fromEntries(Object.entries(result.parts).map(([name, value]) => [name, usd(value)])),
  };
}

/** Runs the command; answers its exit code. Usage errors go to `err`. */
export function main(
  argv: string[],
  out: (line: string) => void,
  err: (line: string) => void = out,
): number {
  let parsed: ReturnType<typeof parseInputs>;
  try {
    parsed = parseInputs(argv);
  } catch (error) {
    err(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    return 2;
  }
  const monthly = report(parsed.inputs, out);
  if (parsed.json) {
    out(
      JSON.stringify({ inputs: parsed.inputs, prices_as_of: PRICES.as_of, monthly_usd: monthly }),
    );
  }
  return 0;
}
