/**
 * One judge call for several answers (docs/monitor.md "The judge", docs/decisions.md issue 16
 * point 8). The answers of a call are numbered 1..n inside it; each answer's judgement stores the
 * whole reply as received with its number (`batch_item`), so aggregation reads its own verdict
 * and checks its quotes against its own text. An answer the reply has no readable verdict for
 * (left out, malformed, a reply that is not JSON at all) is judged again alone, so no answer loses
 * its judge to a neighbour. The call's tokens are shared by the answers it judged, so the run's
 * totals stay the provider's figures.
 */

import { buildJudgePrompt, verdictIdsOf } from '#shared/domain/monitor/engine/judge';
import type { CaseProfile } from '#shared/domain/monitor/engine/types';
import type { CellKey, StoredJudgement } from '#shared/domain/monitor/ports';
import {
  ProviderError,
  type ProviderFamily,
  type TokenUsage,
} from '#shared/domain/monitor/provider-port';

/** What one judge call needs from the lane around it. */
export interface JudgeCallContext {
  profile: CaseProfile;
  judge: ProviderFamily;
  ask(
    prompt: string,
  ): Promise<{ text: string; model: string; usage: TokenUsage; latencyMs: number }>;
  /** The answer's text when it is stored `ok`; undefined otherwise (nothing to judge). */
  answerText(key: CellKey): Promise<string | undefined>;
  store(judgement: StoredJudgement): Promise<unknown>;
  now(): string;
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

/** Judges the answers in one call; those without a readable verdict are judged again alone. */
export async function judgeBatch(ctx: JudgeCallContext, keys: readonly CellKey[]): Promise<void> {
  // Read (and below, written) side by side: on DynamoDB each is a round trip of its own.
  const texts = await Promise.all(keys.map((key) => ctx.answerText(key)));
  const items: Item[] = [];
  for (const [index, key] of keys.entries()) {
    const text = texts[index];
    if (text !== undefined) items.push({ key, id: String(items.length + 1), text });
  }
  if (items.length === 0) return;
  const result = await call(ctx, items);
  // Alone, the reply is stored whatever it says: aggregation keeps the deterministic result.
  if (items.length === 1) return storeShares(ctx, result, items);
  const ids = verdictIdsOf(result.text);
  const covered = items.filter((item) => ids.has(item.id));
  if (covered.length > 0) await storeShares(ctx, result, covered);
  // A call that judged none of its answers is still billed: to the first answer judged again.
  let unbilled: CallResult | undefined = covered.length > 0 ? undefined : result;
  for (const item of items.filter((i) => !ids.has(i.id))) {
    const alone = { ...item, id: '1' };
    await storeShares(ctx, await call(ctx, [alone]), [alone], unbilled);
    unbilled = undefined;
  }
}

/**
 * The lane's fallback when a call of several answers is refused for its content: each answer is
 * judged alone, and one refused (or failing) alone keeps its deterministic result.
 */
export async function judgeEachAlone(
  ctx: JudgeCallContext,
  keys: readonly CellKey[],
  reason: string,
): Promise<void> {
  if (keys.length === 1) return storeFailed(ctx, keys[0] as CellKey, reason);
  for (const key of keys) {
    try {
      await judgeBatch(ctx, [key]);
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      await storeFailed(ctx, key, error.message);
    }
  }
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
