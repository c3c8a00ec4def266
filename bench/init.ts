/**
 * Bundle size and init benchmark (issue 27, docs/decisions.md "Operable on AWS"): every Lambda
 * function built as CDK builds it (esbuild, ESM, minified, AWS SDK external), its minified and
 * deflated size, and what a fresh Node process spends importing the bundle (median of N cold
 * imports): wall time, and CPU time (user + system), which a busy machine inflates far less.
 * That import is what Lambda's Init phase spends on our code before the first event. Functions
 * that share a handler module are measured once. The bundles are kept in .bench/init/, so a copy
 * of that folder made before a change is a baseline: `--baseline <dir>` imports its bundle of
 * each function in turn with the new one, so both meet the same load.
 *
 *   npm run bench:init                        # every function, 5 cold imports each
 *   npm run bench:init -- --cold 9 --only ScanDomain,McpHandler
 *   npm run bench:init -- --baseline .bench/init-before
 *   npm run bench:init -- --json              # the rows as one JSON array on the last line
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { deflateRawSync } from 'node:zlib';
import { HTTP_FUNCTIONS } from '#infra/routes';
import { queueSpecs, taskFunctionSpecs } from '#infra/workflows';
import { MCP_HANDLER } from '#shared/surfaces/api/routes/mcp';
import { SCHEDULES } from '#shared/surfaces/schedules/manifest';
import { bundleLikeCdk } from '#test/support/bundle';

const { values } = parseArgs({
  options: {
    cold: { type: 'string', default: '5' },
    only: { type: 'string' },
    baseline: { type: 'string' },
    json: { type: 'boolean', default: false },
  },
});
const COLD_RUNS = Math.max(1, Number(values.cold));
const ONLY = values.only ? new Set(values.only.split(',')) : undefined;
const OUT_DIR = path.resolve('.bench/init');

/** One function to measure: a name for the table and its handler module. */
interface FunctionEntry {
  name: string;
  entry: string;
}

/** Every function of the three stacks, one per handler module (shared modules once). */
function functionEntries(): FunctionEntry[] {
  const all: FunctionEntry[] = [
    ...HTTP_FUNCTIONS.map((spec) => ({ name: spec.constructId, entry: spec.entry })),
    { name: 'McpHandler', entry: MCP_HANDLER },
    ...taskFunctionSpecs().map((spec) => ({ name: spec.constructId, entry: spec.task.handler })),
    ...queueSpecs().map((queue) => ({ name: `${queue.name}-consumer`, entry: queue.handler })),
    ...SCHEDULES.map((schedule) => ({ name: schedule.constructId, entry: schedule.handler })),
  ];
  const seen = new Set<string>();
  return all.filter((fn) => {
    if (seen.has(fn.entry)) return false;
    seen.add(fn.entry);
    return true;
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

interface ImportCost {
  wallMs: number;
  cpuMs: number;
}

/** Imports a bundle in a fresh Node process: the wall and CPU milliseconds the import took. */
function coldImport(file: string): ImportCost {
  const script =
    `const t = performance.now(); const c = process.cpuUsage(); await import(${JSON.stringify(file)}); ` +
    'const u = process.cpuUsage(c); ' +
    'process.stdout.write(JSON.stringify({ wallMs: performance.now() - t, cpuMs: (u.user + u.system) / 1000 }));';
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'SILENT' },
  });
  if (run.status !== 0) throw new Error(`import of ${file} failed: ${run.stderr.slice(-600)}`);
  return JSON.parse(run.stdout) as ImportCost;
}

interface Sizes {
  bytes: number;
  zipped: number;
  wallMs: number;
  cpuMs: number;
}

interface Row extends Sizes {
  name: string;
  entry: string;
  baseline?: Sizes;
}

/** Cold imports of each file in turn, so that every file meets the same load; medians. */
function importCosts(files: string[]): ImportCost[] {
  const runs = files.map(() => [] as ImportCost[]);
  for (let round = 0; round < COLD_RUNS; round += 1) {
    for (const [index, file] of files.entries()) runs[index]?.push(coldImport(file));
  }
  return runs.map((costs) => ({
    wallMs: median(costs.map((cost) => cost.wallMs)),
    cpuMs: median(costs.map((cost) => cost.cpuMs)),
  }));
}

async function measure(fn: FunctionEntry): Promise<Row> {
  const built = await bundleLikeCdk(fn.entry);
  const file = path.join(OUT_DIR, `${fn.name}.mjs`);
  writeFileSync(file, built.code);
  const before = values.baseline ? path.resolve(values.baseline, `${fn.name}.mjs`) : undefined;
  const hasBaseline = before !== undefined && existsSync(before);
  const [now, then] = importCosts(hasBaseline ? [file, before] : [file]);
  const row: Row = { ...fn, bytes: built.bytes, zipped: built.zipped, ...(now as ImportCost) };
  if (hasBaseline && then) {
    const code = readFileSync(before);
    const zipped = deflateRawSync(code, { level: 9 }).length;
    row.baseline = { bytes: code.length, zipped, ...then };
  }
  return row;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
const ms = (value: number) => `${value.toFixed(0)} ms`;

function line(row: Row): string {
  const sizes = (of: Sizes) =>
    `${kb(of.bytes).padStart(9)}${kb(of.zipped).padStart(9)}${ms(of.wallMs).padStart(9)}${ms(of.cpuMs).padStart(9)}`;
  const base = row.baseline ? `   | before${sizes(row.baseline)}` : '';
  return `${row.name.padEnd(34)}${sizes(row)}${base}`;
}

async function main(): Promise<void> {
  mkdirSync(OUT_DIR, { recursive: true });
  const rows: Row[] = [];
  for (const fn of functionEntries().filter((f) => !ONLY || ONLY.has(f.name))) {
    const row = await measure(fn);
    rows.push(row);
    if (!values.json) console.log(line(row));
  }
  const slowest = rows.reduce<Row | undefined>(
    (a, b) => (a && a.wallMs >= b.wallMs ? a : b),
    undefined,
  );
  const largest = rows.reduce<Row | undefined>(
    (a, b) => (a && a.bytes >= b.bytes ? a : b),
    undefined,
  );
  if (values.json) {
    console.log(JSON.stringify(rows));
    return;
  }
  console.log(
    `\n${rows.length} bundles (minified, deflated, import wall, import CPU), median of ` +
      `${COLD_RUNS}: slowest ${slowest?.name} ${ms(slowest?.wallMs ?? 0)}, largest ` +
      `${largest?.name} ${kb(largest?.bytes ?? 0)}`,
  );
  summariseAgainstBaseline(rows);
}

/** Over all functions with a baseline: the size and import-cost growth, median and largest. */
function summariseAgainstBaseline(rows: readonly Row[]): void {
  const compared = rows.filter((row) => row.baseline);
  if (compared.length === 0) return;
  const growth = (of: (sizes: Sizes) => number) =>
    compared.map((row) => of(row) - of(row.baseline as Sizes));
  const describe = (deltas: number[], unit: (value: number) => string) =>
    `median ${unit(median(deltas))}, largest ${unit(Math.max(...deltas))}`;
  console.log(
    `against the baseline (${compared.length} functions): minified ` +
      `${describe(
        growth((s) => s.bytes),
        kb,
      )}; import wall ${describe(
        growth((s) => s.wallMs),
        ms,
      )}; ` +
      `import CPU ${describe(
        growth((s) => s.cpuMs),
        ms,
      )}`,
  );
}

await main();
