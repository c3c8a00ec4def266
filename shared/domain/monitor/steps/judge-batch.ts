/**
 * One judge call for several answers (docs/monitor.md "The judge", docs/decisions.md issue 16
 * point 8). The answers of a call are numbered 1..n inside it; each answer's judgement stores the
 * whole reply as received with its number (`batch_item`), so aggregation reads its own verdict
 * and checks its quotes against its own text. An answer the reply has no readable verdict for
 * (left out, malformed, a reply that is not JSON at all) is judged again alone, in a call of its
 * own that takes its own slot from the shared budget, so no answer loses its judge to a neighbour.
 * The call's tokens are shared by the answers it judged, so the run's totals stay the provider's
 * figures.
 */

import { buildJudgePrompt, verdictIdsOf } from '#shared/domain/monitor/engine/judge';
import type { CaseProfile } from '#shared/domain/monitor/engine/types';
import type { CellKey, StoredJudgement } from '#shared/domain/monitor/ports';
import type { ProviderFamily, TokenUsage } from '#shared/domain/monitor/provider-port';

/** What one judge call needs from the lane around it. */
export interface JudgeCallContext {
  profile: CaseProfile;
  judge: ProviderFamily;
  ask(
    prompt: string,
  ): Promise<{ text: string; model: string; usage: TokenUsage; latencyMs: number }>;
  /** The answers' texts, in order, where they are stored `ok`; undefined otherwise. */
  answerTexts(keys: readonly CellKey[]): Promise<(string | undefined)[]>;
  store(judgement: StoredJudgement): Promise<unknown>;
  now(): string;
}

/**
 * One judge call: several answers, or one answer judged alone (after a call of several left it
 * without a readable verdict, or was refused). `unbilled` is a call that judged nothing, billed to
 * the first answer judged again.
 */
export interface JudgeCall {
  keys: CellKey[];
  alone: boolean;
  unbilled?: CallResult | undefined;
}

interface Item {
  key: CellKey;
  id: string;
  text: string;
}

type CallResult = Awaited<ReturnType<JudgeCallContext['ask']>>;

export function batchesOf<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let at = 0; at < items.length; at += Math.max(1, size)) {
    out.push(items.slice(at, at + Math.max(1, size)));
  }
  return out;
}

/**
 * Judges the answers of a call; those without a readable verdict come back as calls of their own
 * (each one provider call, which the lane sends at a slot like any other).
 */
export async function judgeBatch(
  ctx: JudgeCallContext,
  judged: JudgeCall,
  called: () => void = () => undefined,
): Promise<JudgeCall[]> {
  // One read for the call's answers (BatchGetItem), not one round trip per answer.
  const texts = await ctx.answerTexts(judged.keys);
  const items: Item[] = [];
  for (const [index, key] of judged.keys.entries()) {
    const text = texts[index];
    if (text !== undefined) items.push({ key, id: String(items.length + 1), text });
  }
  if (items.length === 0) return [];
  const result = await call(ctx, items).finally(called);
  // Alone, the reply is stored whatever it says: aggregation keeps the deterministic result.
  if (items.length === 1) {
    await storeShares(ctx, result, items, judged.unbilled);
    return [];
  }
  const ids = verdictIdsOf(result.text);
  const covered = items.filter((item) => ids.has(item.id));
  if (covered.length > 0) await storeShares(ctx, result, covered, judged.unbilled);
  // A call that judged none of its answers is still billed: to the first answer judged again.
  const unbilled = covered.length > 0 ? undefined : result;
  return items
    .filter((item) => !ids.has(item.id))
    .map((item, index) => ({
      keys: [item.key],
      alone: true,
      unbilled: index === 0 ? unbilled : undefined,
    }));
}

/**
 * A call refused for its content: a call of several answers comes back as one call per answer;
 * an answer refused alone keeps its deterministic result (its failure is stored).
 */
export async function refusedJudgeCall(
  ctx: JudgeCallContext,
  judged: JudgeCall,
  reason: string,
): Promise<JudgeCall[]> {
  const [only] = judged.keys;
  if (judged.keys.length === 1 && only) {
    await storeFailed(ctx, only, reason);
    return [];
  }
  return judged.keys.map((key) => ({ keys: [key], alone: true }));
}

function call(ctx: JudgeCallContext, items: readonly Item[]): Promise<CallResult> {
  return ctx.ask(buildJudgePrompt(ctx.profile, items));
}

async function storeFailed(ctx: JudgeCallContext, key: CellKey, reason: string): Promise<void> {
  await ctx.store({
    status: 'failed',
    key,
    judge_family: ctx.judge,
    error: reason,
    judged_at: ctx.now(),
  });
}

/** One judgement per answer, each with its share of the call (and of an unbilled earlier one). */
async function storeShares(
  ctx: JudgeCallContext,
  result: CallResult,
  items: readonly Item[],
  unbilled?: CallResult,
): Promise<void> {
  const n = items.length;
  const writes = items.map((item, index) => {
    const extra = index === 0 ? unbilled : undefined;
    const usage = shareOf(result.usage, n, index);
    return ctx.store({
      status: 'ok',
      key: item.key,
      judge_family: ctx.judge,
      judge_model: result.model,
      usage: extra ? addUsage(usage, extra.usage) : usage,
      latency_ms: result.latencyMs + (extra?.latencyMs ?? 0),
      raw_text: result.text,
      batch_item: item.id,
      calls: 1 / n + (extra ? 1 : 0),
      judged_at: ctx.now(),
    });
  });
  await Promise.all(writes);
}

/** Answer `index` of `n`'s share: whole tokens, the remainder to the first answers. */
export function shareOf(usage: TokenUsage, n: number, index: number): TokenUsage {
  const part = (total: number | null) =>
    total === null ? null : Math.floor(total / n) + (index < total % n ? 1 : 0);
  return {
    inputTokens: part(usage.inputTokens),
    outputTokens: part(usage.outputTokens),
    totalTokens: part(usage.totalTokens),
  };
}

function addUsage(a: TokenUsage, b: TokenUsage): TokenUsage {
  const sum = (x: number | null, y: number | null) =>
    x === null && y === null ? null : (x ?? 0) + (y ?? 0);
  return {
    inputTokens: sum(a.inputTokens, b.inputTokens),
    outputTokens: sum(a.outputTokens, b.outputTokens),
    totalTokens: sum(a.totalTokens, b.totalTokens),
  };
}
