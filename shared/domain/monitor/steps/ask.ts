/**
 * AskLane: one lane of a family's answers. Every cell, the canaries' included, is asked in both
 * modes (raw: no web search; online: the provider's search tool), exactly as the engine built the
 * prompt; each answer is stored whole (text, citations, model, usage, latency) before the next is
 * asked.
 */

import { nowIso } from '#shared/domain/kernel/clock';
import type { AnswerRecord, PromptCell } from '#shared/domain/monitor/engine/types';
import { type CellKey, cellKeyString } from '#shared/domain/monitor/ports';
import { ASK_MODES, type AskMode } from '#shared/domain/monitor/provider-port';
import {
  askedCellsOf,
  isFinished,
  type LaneInput,
  loadRun,
  type MonitorLaneDeps,
} from './context.ts';
import { LANE_DONE, type LaneResult, laneShare, runLane } from './lane.ts';

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

export async function askLane(input: LaneInput, deps: MonitorLaneDeps): Promise<LaneResult> {
  const { family } = input;
  const run = await loadRun(input, deps);
  if (isFinished(run)) return LANE_DONE;
  if ((await deps.data.getFamily(input, family)).excluded) return LANE_DONE;
  const answered = await deps.data.answeredCells(input, family);
  const pending = laneShare(askItems(family, askedCellsOf(run)), input.lane, input.lanes).filter(
    (item) => !answered.has(cellKeyString(item.key)),
  );
  if (pending.length === 0) return LANE_DONE;
  const giveUp = async (reason: string) => {
    await deps.data.excludeFamily(input, family, reason);
  };
  let provider: Awaited<ReturnType<MonitorLaneDeps['providers']['forFamily']>>;
  try {
    provider = await deps.providers.forFamily(family);
  } catch (error) {
    await giveUp(`not configured: ${error instanceof Error ? error.message : String(error)}`);
    return { status: 'gave_up', wait_seconds: 0, attempt: 0 };
  }
  return runLane({
    pending,
    attempt: input.attempt,
    budgetMs: deps.config.laneBudgetMs,
    retry: deps.config.retry,
    ...(deps.random ? { random: deps.random } : {}),
    async work(item) {
      const result = await provider.ask({ prompt: item.cell.prompt, mode: item.mode });
      const record: AnswerRecord = {
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
      const answeredAt = nowIso(deps.clock);
      await deps.data.putAnswer(input, {
        status: 'ok',
        key: item.key,
        record,
        answered_at: answeredAt,
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
