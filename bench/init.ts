/**
 * Bundle size and init benchmark (issue 27, docs/decisions.md "Operable on AWS"): every Lambda
 * function built as CDK builds it (esbuild, ESM, minified, AWS SDK external), its minified and
 * deflated size, and the time a fresh Node process takes to import the bundle (median of N
 * cold imports), which is what Lambda's Init phase spends on our code before the first event.
 * Functions that share a handler module are measured once.
 *
 *   npm run bench:init                        # every function, 5 cold imports each
 *   npm run bench:init -- --cold 9 --only ScanDomain,McpHandler
 *   npm run bench:init -- --json              # the rows as one JSON array on the last line
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { HTTP_FUNCTIONS } from '#infra/routes';
import { queueSpecs, taskFunctionSpecs } from '#infra/workflows';
import { MCP_HANDLER } from '#shared/surfaces/api/routes/mcp';
import { SCHEDULES } from '#shared/surfaces/schedules/manifest';
import { bundleLikeCdk } from '#test/support/bundle';

const { values } = parseArgs({
  options: {
    cold: { type: 'string', default: '5' },
    only: { type: 'string' },
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

/** Imports a bundle in a fresh Node process and answers the milliseconds the import took. */
function coldImportMs(file: string): number {
  const script = `const t = performance.now(); await import(${JSON.stringify(file)}); process.stdout.write(String(performance.now() - t));`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'SILENT' },
  });
  if (run.status !== 0) throw new Error(`import of ${file} failed: ${run.stderr.slice(-600)}`);
  return Number(run.stdout);
}

interface Row {
  name: string;
  entry: string;
  bytes: number;
  zipped: number;
  coldMs: number;
}

async function measure(fn: FunctionEntry): Promise<Row> {
  const built = await bundleLikeCdk(fn.entry);
  const file = path.join(OUT_DIR, `${fn.name}.mjs`);
  writeFileSync(file, built.code);
  const times = Array.from({ length: COLD_RUNS }, () => coldImportMs(file));
  return { ...fn, bytes: built.bytes, zipped: built.zipped, coldMs: median(times) };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

async function main(): Promise<void> {
  mkdirSync(OUT_DIR, { recursive: true });
  const rows: Row[] = [];
  for (const fn of functionEntries().filter((f) => !ONLY || ONLY.has(f.name))) {
    const row = await measure(fn);
    rows.push(row);
    if (!values.json) {
      console.log(
        `${row.name.padEnd(34)}${kb(row.bytes).padStart(9)}${kb(row.zipped).padStart(9)}${`${row.coldMs.toFixed(0)} ms`.padStart(9)}`,
      );
    }
  }
  const slowest = rows.reduce<Row | undefined>(
    (a, b) => (a && a.coldMs >= b.coldMs ? a : b),
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
    `\n${rows.length} bundles, cold import median of ${COLD_RUNS}: slowest ${slowest?.name} ` +
      `${slowest?.coldMs.toFixed(0)} ms, largest ${largest?.name} ${kb(largest?.bytes ?? 0)}`,
  );
}

await main();
