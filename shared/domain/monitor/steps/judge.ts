/**
 * PlanJudging and JudgeLane. Judging starts once every family has answered, so the judge of
 * each answer is chosen among the families that did answer (never the answering family itself,
 * engine/judge.ts), and a judge family's calls are bounded by its own concurrency. A lane judges
 * several answers per call (judge-batch.ts, MONITOR_JUDGE_BATCH). Judges are asked in raw mode; their replies are stored as received and read at aggregation, where an
 * unreadable reply leaves the deterministic result standing.
 */

import { nowIso } from '#shared/domain/kernel/clock';
import { judgeFamilyFor } from '#shared/domain/monitor/engine/judge';
import { type CellKey, cellKeyString, type RunDataStore } from '#shared/domain/monitor/ports';
import { tokensOf } from '#shared/domain/monitor/provider-metrics';
import {
  ASK_MODES,
  PROVIDER_FAMILIES,
  type ProviderFamily,
} from '#shared/domain/monitor/provider-port';
import type { RunRef } from '#shared/domain/monitor/run-ref';
import {
  cellsOf,
  isFinished,
  type JudgeLaneInput,
  loadRun,
  type MonitorLaneDeps,
  type MonitorStepDeps,
  type RunStepInput,
} from './context.ts';
import { batchesOf, type JudgeCallContext, judgeBatch, judgeEachAlone } from './judge-batch.ts';
import { LANE_DONE, type LaneResult, laneRange, laneShare, runLane } from './lane.ts';

export interface JudgeLanes {
  family: ProviderFamily;
  judged: ProviderFamily[];
  concurrency: number;
  lanes: number[];
}

/** Families whose answers count: not given up, and with at least one answer. */
async function answeringFamilies(run: RunRef, data: RunDataStore): Promise<ProviderFamily[]> {
  const available: ProviderFamily[] = [];
  for (const family of PROVIDER_FAMILIES) {
    const status = await data.getFamily(run, family);
    if (status.excluded) continue;
    if ((await data.answeredOkCells(run, family)).size > 0) available.push(family);
    else await data.excludeFamily(run, family, 'no answer at all');
  }
  return available;
}

export async function planJudging(
  input: RunStepInput,
  deps: MonitorStepDeps,
): Promise<{ judges: JudgeLanes[] }> {
  const run = await loadRun(input, deps);
  if (isFinished(run)) return { judges: [] };
  const available = await answeringFamilies(input, deps.data);
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

/** This lane's share of the answers to judge: answered `ok` and not judged yet. */
async function pendingKeys(
  input: JudgeLaneInput,
  cells: ReturnType<typeof cellsOf>,
  data: RunDataStore,
): Promise<CellKey[]> {
  const keys: CellKey[] = [];
  const answered = new Set<string>();
  const judgedAlready = new Set<string>();
  for (const family of input.judged) {
    for (const cell of cells) {
      for (const mode of ASK_MODES) keys.push({ family, mode, cell_id: cell.id });
    }
    for (const key of await data.answeredOkCells(input, family)) answered.add(key);
    for (const key of await data.judgedCells(input, family)) judgedAlready.add(key);
  }
  return laneShare(keys, input.lane, input.lanes).filter(
    (key) => answered.has(cellKeyString(key)) && !judgedAlready.has(cellKeyString(key)),
  );
}

export async function judgeLane(input: JudgeLaneInput, deps: MonitorLaneDeps): Promise<LaneResult> {
  const { family: judge } = input;
  const run = await loadRun(input, deps);
  if (isFinished(run)) return LANE_DONE;
  if ((await deps.data.getFamily(input, judge)).judge_unavailable) return LANE_DONE;
  const pending = await pendingKeys(input, cellsOf(run), deps.data);
  if (pending.length === 0) return LANE_DONE;
  const provider = await deps.providers.forFamily(judge);
  const context: JudgeCallContext = {
    profile: run.profile,
    judge,
    ask: async (prompt) => {
      const result = await provider.ask({ prompt, mode: 'raw' });
      deps.metrics?.count('JudgeTokens', tokensOf(result.usage));
      return result;
    },
    async answerText(key) {
      const answer = await deps.data.getAnswer(input, key);
      return answer?.status === 'ok' ? answer.record.text : undefined;
    },
    store: (judgement) => deps.data.putJudgement(input, judgement),
    now: () => nowIso(deps.clock),
  };
  return runLane({
    // Each lane judges its own share in calls of up to `judgeBatch` answers.
    pending: batchesOf(pending, deps.config.judgeBatch),
    attempt: input.attempt,
    budgetMs: deps.config.laneBudgetMs,
    retry: deps.config.retry,
    ...(deps.random ? { random: deps.random } : {}),
    work: (batch) => judgeBatch(context, batch),
    skip: (batch, reason) => judgeEachAlone(context, batch, reason),
    async giveUp() {
      await deps.data.markJudgeUnavailable(input, judge);
    },
  });
}
