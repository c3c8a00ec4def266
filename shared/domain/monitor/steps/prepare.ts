/**
 * PrepareRun: `queued` -> `running`, and the run's plan (prompt set size, repeats, prompt set
 * version, canary prompts) fixed once from its case snapshot and the configuration, so a resumed
 * run asks the same prompts. Returns, per family, its concurrency for the ask Map (one lane a
 * family, with that many calls in flight at most).
 */

import { nowIso } from '#shared/domain/kernel/clock';
import { CANARY_SET_VERSION } from '#shared/domain/monitor/engine/canaries';
import { buildPromptSet } from '#shared/domain/monitor/engine/prompt-set';
import { PROVIDER_FAMILIES, type ProviderFamily } from '#shared/domain/monitor/provider-port';
import { isFinished, loadRun, type MonitorStepDeps, type RunStepInput } from './context.ts';

export interface FamilyLanes {
  family: ProviderFamily;
  concurrency: number;
}

export async function prepareRun(
  input: RunStepInput,
  deps: MonitorStepDeps,
): Promise<{ families: FamilyLanes[] }> {
  const run = await loadRun(input, deps);
  if (isFinished(run)) return { families: [] };
  await deps.runs.markRunning(input, nowIso(deps.clock));
  const { promptsPerBlock, repeats } = deps.config;
  const set = buildPromptSet(run.profile, { promptsPerBlock, repeats });
  await deps.runs.setPlan(input, {
    prompts_per_block: promptsPerBlock,
    repeats,
    prompt_set_version: set.version,
    cells: set.cells.length,
    canaries: deps.config.canaryPrompts,
    canary_set_version: CANARY_SET_VERSION,
  });
  return {
    families: PROVIDER_FAMILIES.map((family) => ({
      family,
      concurrency: deps.config.concurrency[family],
    })),
  };
}
