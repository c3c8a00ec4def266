/**
 * PlanJudging and JudgeLane. Judging starts once every family has answered, so the judge of
 * each answer is chosen among the families that did answer (never the answering family itself,
 * engine/judge.ts), and a judge family's calls are bounded by its own concurrency. A lane judges
 * several answers per call (judge-batch.ts, MONITOR_JUDGE_BATCH). Judges are asked in raw mode; their replies are stored as received and read at aggregation, where an
 * unreadable reply leaves the deterministic result standing. Canary answers are judged in calls of
 * their own, against the control brands (engine/canaries.ts).
 */

import { nowIso } from '#shared/domain/kernel/clock';
import { CANARY_PROFILE, isCanary } from '#shared/domain/monitor/engine/canaries';
import { judgeFamilyFor } from '#shared/domain/monitor/engine/judge';
import type { CaseProfile } from '#shared/domain/monitor/engine/types';
import { type CellKey, cellKeyString, type RunDataStore } from '#shared/domain/monitor/ports';
import { tokensOf } from '#shared/domain/monitor/provider-metrics';
import {
  ASK_MODES,
  PROVIDER_FAMILIES,
  type ProviderFamily,
} from '#shared/domain/monitor/provider-port';
import type { RunRef } from '#shared/domain/monitor/run-ref';
import {
  askedCellsOf,
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

/**
 * This lane's calls: its share of the case's answers to judge (answered `ok`, not judged yet) in
 * calls of `batch`, and its share of the canary calls. The canaries are few, so they are put in
 * calls first and the calls shared over the lanes (a lane's own few canaries would each make a
 * call of their own); both shares are fixed by the run's cells, never by what is judged already,
 * so two lanes never take the same answer.
 */
async function laneCalls(
  input: JudgeLaneInput,
  cells: ReturnType<typeof askedCellsOf>,
  data: RunDataStore,
  batch: number,
): Promise<{ own: CellKey[][]; canary: CellKey[][] }> {
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
  const pending = (key: CellKey) =>
    answered.has(cellKeyString(key)) && !judgedAlready.has(cellKeyString(key));
  const own = laneShare(
    keys.filter((key) => !isCanary(key.cell_id)),
    input.lane,
    input.lanes,
  ).filter(pending);
  const canary = laneShare(
    batchesOf(
      keys.filter((key) => isCanary(key.cell_id)),
      batch,
    ),
    input.lane,
    input.lanes,
  )
    .map((call) => call.filter(pending))
    .filter((call) => call.length > 0);
  return { own: batchesOf(own, batch), canary };
}

export async function judgeLane(input: JudgeLaneInput, deps: MonitorLaneDeps): Promise<LaneResult> {
  const { family: judge } = input;
  const run = await loadRun(input, deps);
  if (isFinished(run)) return LANE_DONE;
  if ((await deps.data.getFamily(input, judge)).judge_unavailable) return LANE_DONE;
  const batch = deps.config.judgeBatch;
  const pending = await laneCalls(input, askedCellsOf(run), deps.data, batch);
  if (pending.own.length + pending.canary.length === 0) return LANE_DONE;
  const provider = await deps.providers.forFamily(judge);
  const contextFor = (profile: CaseProfile): JudgeCallContext => ({
    profile,
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
  });
  // Canaries are judged apart, against the control brands: a call judges answers of one profile.
  const calls = [
    ...pending.own.map((keys) => ({ keys, context: contextFor(run.profile) })),
    ...pending.canary.map((keys) => ({ keys, context: contextFor(CANARY_PROFILE) })),
  ];
  return runLane({
    // Each lane judges its own share in calls of up to `judgeBatch` answers.
    pending: calls,
    attempt: input.attempt,
    budgetMs: deps.config.laneBudgetMs,
    retry: deps.config.retry,
    ...(deps.random ? { random: deps.random } : {}),
    work: (call) => judgeBatch(call.context, call.keys),
    skip: (call, reason) => judgeEachAlone(call.context, call.keys, reason),
    async giveUp() {
      await deps.data.markJudgeUnavailable(input, judge);
    },
  });
}
