/**
 * PlanJudging and JudgeLane. Judging starts once every family has answered, so the judge of
 * each answer is chosen among the families that did answer (never the answering family itself,
 * engine/judge.ts), and a judge family's calls are bounded by its own concurrency and take their
 * slots from the shared budget like the answers. A lane judges several answers per call
 * (judge-batch.ts, MONITOR_JUDGE_BATCH). Judges are asked in raw mode; their replies are stored as received and read at aggregation, where an
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
  laneSettings,
  loadRun,
  type MonitorLaneDeps,
  type MonitorStepDeps,
  type RunStepInput,
} from './context.ts';
import {
  batchesOf,
  type JudgeCall,
  type JudgeCallContext,
  judgeBatch,
  refusedJudgeCall,
} from './judge-batch.ts';
import { LANE_DONE, type LaneResult, runLane, turnCome } from './lane.ts';

export interface JudgeLanes {
  family: ProviderFamily;
  judged: ProviderFamily[];
  concurrency: number;
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
    judges: [...judged].map(([family, families]) => ({
      family,
      judged: families,
      concurrency: deps.config.concurrency[family],
    })),
  };
}

/** Estimated tokens of a judge call: the instructions and each answer with its verdict. */
export function judgeTokens(batch: number): number {
  return 300 + 300 * batch;
}

/**
 * The lane's calls: the case's answers to judge (answered `ok`, not judged yet) in calls of
 * `batch`, and the canaries' in calls of their own, judged against the control brands.
 */
async function pendingCalls(
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
  const pending = keys.filter(
    (key) => answered.has(cellKeyString(key)) && !judgedAlready.has(cellKeyString(key)),
  );
  return {
    own: batchesOf(
      pending.filter((key) => !isCanary(key.cell_id)),
      batch,
    ),
    canary: batchesOf(
      pending.filter((key) => isCanary(key.cell_id)),
      batch,
    ),
  };
}

interface LaneCall extends JudgeCall {
  context: JudgeCallContext;
}

export async function judgeLane(input: JudgeLaneInput, deps: MonitorLaneDeps): Promise<LaneResult> {
  const { family: judge } = input;
  const settings = laneSettings(input, deps, 'judge', judgeTokens(deps.config.judgeBatch));
  const turn = await turnCome(settings);
  if ('handBack' in turn) return turn.handBack;
  const run = await loadRun(input, deps);
  if (isFinished(run)) return LANE_DONE;
  if ((await deps.data.getFamily(input, judge)).judge_unavailable) return LANE_DONE;
  const batch = deps.config.judgeBatch;
  const pending = await pendingCalls(input, askedCellsOf(run), deps.data, batch);
  if (pending.own.length + pending.canary.length === 0) return LANE_DONE;
  const provider = await deps.providers.forFamily(judge);
  const contextFor = (profile: CaseProfile): JudgeCallContext => ({
    profile,
    judge,
    ask: async (prompt) => {
      const result = await provider.ask({ prompt, mode: 'raw' });
      if (result.announced) await deps.governor.observe(judge, result.announced);
      deps.metrics?.count('JudgeTokens', tokensOf(result.usage));
      return result;
    },
    async answerTexts(keys) {
      const { answers } = await deps.data.loadCells(input, keys);
      const texts = new Map(
        answers.flatMap((answer) =>
          answer.status === 'ok' ? [[cellKeyString(answer.key), answer.record.text] as const] : [],
        ),
      );
      return keys.map((key) => texts.get(cellKeyString(key)));
    },
    store: (judgement) => deps.data.putJudgement(input, judgement),
    now: () => nowIso(deps.clock),
  });
  // Canaries are judged apart, against the control brands: a call judges answers of one profile.
  const own = contextFor(run.profile);
  const canary = contextFor(CANARY_PROFILE);
  const calls: LaneCall[] = [
    ...pending.own.map((keys) => ({ keys, alone: false, context: own })),
    ...pending.canary.map((keys) => ({ keys, alone: false, context: canary })),
  ];
  const withContext = (call: LaneCall) => (more: JudgeCall[]) =>
    more.map((next) => ({ ...next, context: call.context }));
  return runLane<LaneCall>({
    ...settings,
    step: turn.step,
    pending: calls,
    work: async (call, called) => withContext(call)(await judgeBatch(call.context, call, called)),
    skip: async (call, reason) =>
      withContext(call)(await refusedJudgeCall(call.context, call, reason)),
    async giveUp() {
      await deps.data.markJudgeUnavailable(input, judge);
    },
  });
}
