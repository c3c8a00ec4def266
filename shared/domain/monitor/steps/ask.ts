/**
 * AskLane: a family's answers of one run. Every cell, the canaries' included, is asked in both
 * modes (raw: no web search; online: the provider's search tool), exactly as the engine built the
 * prompt, each call at a slot taken from the shared budget (lane.ts); each answer is stored whole
 * (text, citations, model, usage, latency) as it comes.
 */

import { nowIso } from '#shared/domain/kernel/clock';
import type { AnswerRecord, PromptCell } from '#shared/domain/monitor/engine/types';
import { type CellKey, cellKeyString, type StoredRun } from '#shared/domain/monitor/ports';
import { ASK_MODES, type AskMode, type AskResult } from '#shared/domain/monitor/provider-port';
import {
  askedCellsOf,
  isFinished,
  type LaneInput,
  laneSettings,
  loadRun,
  type MonitorLaneDeps,
} from './context.ts';
import { LANE_DONE, type LaneResult, runLane, turnCome } from './lane.ts';

/** Estimated tokens of one answer call (input with search results, and output), for a tpm pace. */
export const ASK_TOKENS = 1200;

interface AskItem {
  cell: PromptCell;
  mode: AskMode;
  key: CellKey;
}

export function askItems(family: LaneInput['family'], cells: readonly PromptCell[]): AskItem[] {
  return cells.flatMap((cell) =>
    ASK_MODES.map((mode) => ({ cell, mode, key: { family, mode, cell_id: cell.id } })),
  );
}

/** The family's cells not answered yet, in both modes; empty when the family is out of the run. */
async function pendingAsks(
  input: LaneInput,
  run: StoredRun,
  deps: MonitorLaneDeps,
): Promise<AskItem[]> {
  if ((await deps.data.getFamily(input, input.family)).excluded) return [];
  const answered = await deps.data.answeredCells(input, input.family);
  return askItems(input.family, askedCellsOf(run)).filter(
    (item) => !answered.has(cellKeyString(item.key)),
  );
}

/** What is stored of one answer: the cell as asked, and the provider's reply whole. */
function answerRecordOf(
  item: AskItem,
  family: LaneInput['family'],
  result: AskResult,
): AnswerRecord {
  return {
    ...item.cell,
    family,
    mode: item.mode,
    text: result.text,
    citations: result.citations,
    model: result.model,
    usage: result.usage,
    latency_ms: result.latencyMs,
    searched: result.searched,
    ...(result.searchQueries ? { search_queries: result.searchQueries } : {}),
  };
}

export async function askLane(input: LaneInput, deps: MonitorLaneDeps): Promise<LaneResult> {
  const { family } = input;
  const settings = laneSettings(input, deps, 'ask', ASK_TOKENS);
  const turn = await turnCome(settings);
  if ('handBack' in turn) return turn.handBack;
  const run = await loadRun(input, deps);
  if (isFinished(run)) return LANE_DONE;
  const pending = await pendingAsks(input, run, deps);
  if (pending.length === 0) return LANE_DONE;
  const giveUp = async (reason: string) => {
    await deps.data.excludeFamily(input, family, reason);
  };
  let provider: Awaited<ReturnType<MonitorLaneDeps['providers']['forFamily']>>;
  try {
    provider = await deps.providers.forFamily(family);
  } catch (error) {
    await giveUp(`not configured: ${error instanceof Error ? error.message : String(error)}`);
    return { ...LANE_DONE, status: 'gave_up' };
  }
  return runLane({
    ...settings,
    step: turn.step,
    pending,
    async work(item, called) {
      const result = await provider.ask({ prompt: item.cell.prompt, mode: item.mode });
      called();
      if (result.announced) await deps.governor.observe(family, result.announced);
      await deps.data.putAnswer(input, {
        status: 'ok',
        key: item.key,
        record: answerRecordOf(item, family, result),
        answered_at: nowIso(deps.clock),
      });
    },
    async skip(item, reason) {
      await deps.data.putAnswer(input, {
        status: 'failed',
        key: item.key,
        error: reason,
        answered_at: nowIso(deps.clock),
      });
    },
    giveUp,
  });
}
