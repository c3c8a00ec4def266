/**
 * `npm run smoke -- --base-url URL --key KEY --site SITE --receiver URL`: the smoke test for any
 * deployment (docs/deploy.md, "After a deploy"). Runs the steps of steps.ts in order, prints one
 * line per step and a verdict, and exits 0 on PASS, 1 on FAIL, 2 on a usage error.
 */
import { createApi } from './http.ts';
import { parseSmokeArgs, type SmokeOptions, USAGE, UsageError } from './options.ts';
import { SMOKE_STEPS, type SmokeState } from './steps.ts';

export interface StepResult {
  name: string;
  ok: boolean;
  ms: number;
  note: string;
}

export function formatLine(result: StepResult): string {
  const verdict = result.ok ? 'PASS' : 'FAIL';
  return `${verdict}  ${result.name.padEnd(20)} ${String(result.ms).padStart(6)} ms  ${result.note}`;
}

/** Runs every step (a failed step does not stop the others) and prints as it goes. */
export async function runSmoke(
  options: SmokeOptions,
  print: (line: string) => void = console.log,
): Promise<{ ok: boolean; results: StepResult[] }> {
  const state: SmokeState = { api: createApi(options.baseUrl, options.key), options };
  const results: StepResult[] = [];
  print(`smoke test of ${options.baseUrl}`);
  for (const step of SMOKE_STEPS) {
    const started = performance.now();
    let result: StepResult;
    try {
      const note = await step.run(state);
      result = { name: step.name, ok: true, ms: Math.round(performance.now() - started), note };
    } catch (error) {
      const note = error instanceof Error ? error.message : String(error);
      result = { name: step.name, ok: false, ms: Math.round(performance.now() - started), note };
    }
    results.push(result);
    print(formatLine(result));
  }
  const failed = results.filter((result) => !result.ok).length;
  const ok = failed === 0;
  print(
    ok
      ? `SMOKE PASS: ${results.length} of ${results.length} steps passed`
      : `SMOKE FAIL: ${failed} of ${results.length} steps failed`,
  );
  return { ok, results };
}

export async function main(argv: readonly string[]): Promise<number> {
  let options: SmokeOptions;
  try {
    options = parseSmokeArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError || error instanceof TypeError)) throw error;
    console.error(`${error.message}\n\n${USAGE}`);
    return 2;
  }
  const { ok } = await runSmoke(options);
  return ok ? 0 : 1;
}
