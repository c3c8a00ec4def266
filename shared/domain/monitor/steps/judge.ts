/**
 * PlanJudging and JudgeLane. Judging starts once every family has answered, so the judge of
 * each answer is chosen among the families that did answer (never the answering family itself,
 * engine/judge.ts), and a judge family's calls are bounded by its own concurrency. Judges are
 * asked in raw mode; their replies are stored as received and read at aggregation, where an
 * unreadable reply leaves the deterministic result standing.
 */
import {
  ASK_MODES,
  PROVIDER_FAMILIES,
  type ProviderFamily,
} from '#shared/domain/monitor/provider-port';
import { buildJudgePrompt, judgeFamilyFor } from '../engine/judge.ts';
import { type CellKey, cellKeyString, type RunDataStore } from '../ports.ts';
import {
  cellsOf,
  isFinished,
  type JudgeLaneInput,
  loadRun,
  type MonitorLaneDeps,
  type MonitorStepDeps,
  nowOf,
  type RunStepInput,
} from './context.ts';
import { LANE_DONE, type LaneResult, laneRange, laneShare, runLane } from './lane.ts';

export interface JudgeLanes {
  family: ProviderFamily;
  judged: ProviderFamily[];
  concurrency: number;
  lanes: number[];
}

/** Families whose answers count: not given up, and with at least one answer. */
export async function answeringFamilies(
  owner: string,
  runId: string,
  data: RunDataStore,
): Promise<ProviderFamily[]> {
  const available: ProviderFamily[] = [];
  for (const family of PROVIDER_FAMILIES) {
    const status = await data.getFamily(owner, runId, family);
    if (status.excluded) continue;
    if ((await data.answeredOkCells(owner, runId, family)).size > 0) available.push(family);
    else await data.excludeFamily(owner, runId, family, 'no answer at all');
  }
  return available;
}

export async function planJudging(
  input: RunStepInput,
  deps: MonitorStepDeps,
): Promise<{ judges: JudgeLanes[] }> {
  const run = await loadRun(input, deps);
  if (isFinished(run)) return { judges: [] };
  const available = await answeringFamilies(input.owner_id, input.run_id, deps.data);
  const judged = new Map<ProviderFamily, ProviderFamily[]>();
  for (const family of available) {
    const judge = judgeFamilyFor(family, available);
    if (judge) judged.set(judge, [...(judged.get(judge) ?? []), family]);
  }
  return {
    judges: [...judged].map(([family, families]) => {
      const concurrency = deps.config.concurrency[family];
      return { family, judged: families, concurrency, lanes: laneRange(concurrency) };
    }),
  };
}

export async function judgeLane(input: JudgeLaneInput, deps: MonitorLaneDeps): Promise<LaneResult> {
  const { owner_id: owner, run_id: runId, family: judge } = input;
  const run = await loadRun(input, deps);
  if (isFinished(run)) return LANE_DONE;
  if ((await deps.data.getFamily(owner, runId, judge)).judge_unavailable) return LANE_DONE;
  const cells = cellsOf(run);
  const keys: CellKey[] = [];
  const answered = new Set<string>();
  const judgedAlready = new Set<string>();
  for (const family of input.judged) {
    for (const cell of cells) {
      for (const mode of ASK_MODES) keys.push({ family, mode, cell_id: cell.id });
    }
    for (const key of await deps.data.answeredOkCells(owner, runId, family)) answered.add(key);
    for (const key of await deps.data.judgedCells(owner, runId, family)) judgedAlready.add(key);
  }
  const pending = laneShare(keys, input.lane, input.lanes).filter(
    (key) => answered.has(cellKeyString(key)) && !judgedAlready.has(cellKeyString(key)),
  );
  if (pending.length === 0) return LANE_DONE;
  const provider = await deps.providers.forFamily(judge);
  return runLane({
    pending,
    attempt: input.attempt,
    budgetMs: deps.config.laneBudgetMs,
    retry: deps.config.retry,
    ...(deps.random ? { random: deps.random } : {}),
    async work(key) {
      const answer = await deps.data.getAnswer(owner, runId, key);
      if (answer?.status !== 'ok') return;
      const prompt = buildJudgePrompt(run.profile, answer.record.text);
      const result = await provider.ask({ prompt, mode: 'raw' });
      await deps.data.putJudgement(owner, runId, {
        status: 'ok',
        key,
        judge_family: judge,
        judge_model: result.model,
        usage: result.usage,
        latency_ms: result.latencyMs,
        raw_text: result.text,
        judged_at: nowOf(deps).toISOString(),
      });
    },
    async skip(key, reason) {
      await deps.data.putJudgement(owner, runId, {
        status: 'failed',
        key,
        judge_family: judge,
        error: reason,
        judged_at: nowOf(deps).toISOString(),
      });
    },
    async giveUp() {
      await deps.data.markJudgeUnavailable(owner, runId, judge);
    },
  });
}
