import { describe, expect, it } from 'vitest';
import { parseJudgeVerdict, readJudgeInput } from '#shared/domain/monitor/engine/judge';
import type { CellKey, StoredJudgement } from '#shared/domain/monitor/ports';
import { ProviderError, type TokenUsage } from '#shared/domain/monitor/provider-port';
import {
  batchesOf,
  type JudgeCall,
  type JudgeCallContext,
  judgeBatch,
  refusedJudgeCall,
  shareOf,
} from '#shared/domain/monitor/steps/judge-batch';
import { PROFILE } from './builders.ts';

const TEXTS: Record<string, string> = {
  c1: 'Acme Analytics stands out for its reporting.',
  c2: 'Globex is cheaper than most.',
  c3: 'Initech is a common choice.',
};
const keyOf = (cell_id: string): CellKey => ({ family: 'openai', mode: 'raw', cell_id });
const USAGE: TokenUsage = { inputTokens: 1001, outputTokens: 300, totalTokens: 1301 };

/** A verdict confirming the one entity each test answer names, quoting the whole answer. */
function verdictFor(id: string, text: string) {
  const name = text.startsWith('Acme')
    ? 'Acme Analytics'
    : text.startsWith('Globex')
      ? 'Globex Insights'
      : 'Initech';
  return { id, entities: [{ name, mentioned: true, sentiment: 1, evidence_quote: text }] };
}

/** A judge context over an in-memory store; `reply` decides what each call answers. */
function harness(reply: (ids: string[], texts: string[]) => string | Error) {
  const stored: StoredJudgement[] = [];
  const prompts: string[][] = [];
  const ctx: JudgeCallContext = {
    profile: PROFILE,
    judge: 'anthropic',
    async ask(prompt) {
      const input = readJudgeInput(prompt);
      if (!input) throw new Error('not a judge prompt');
      prompts.push(input.answers.map((a) => a.text));
      const out = reply(
        input.answers.map((a) => a.id),
        input.answers.map((a) => a.text),
      );
      if (out instanceof Error) throw out;
      return { text: out, model: 'judge-model', usage: USAGE, latencyMs: 5 };
    },
    answerTexts: async (keys) => keys.map((key) => TEXTS[key.cell_id]),
    store: async (judgement) => stored.push(judgement),
    now: () => '2026-11-25T00:00:00.000Z',
  };
  return { ctx, stored, prompts };
}

/**
 * What the judge lane does with a call: sends it, then the calls it hands back (answers left
 * without a verdict, each alone), and a refused call's answers one by one.
 */
async function judgeAll(ctx: JudgeCallContext, keys: CellKey[]): Promise<void> {
  const queue: JudgeCall[] = [{ keys, alone: false }];
  for (let call = queue.shift(); call; call = queue.shift()) {
    try {
      queue.unshift(...(await judgeBatch(ctx, call)));
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      queue.unshift(...(await refusedJudgeCall(ctx, call, error.message)));
    }
  }
}

const everyVerdict = (ids: string[], texts: string[]) =>
  JSON.stringify({ verdicts: ids.map((id, i) => verdictFor(id, texts[i] ?? '')) });

function okOf(stored: StoredJudgement[], cell: string) {
  const found = stored.find((s) => s.key.cell_id === cell);
  if (found?.status !== 'ok') throw new Error(`no ok judgement for ${cell}`);
  return found;
}

describe('batchesOf', () => {
  it('cuts the pending answers into calls of at most the batch size, in order', () => {
    expect(batchesOf([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(batchesOf([1, 2], 8)).toEqual([[1, 2]]);
    expect(batchesOf([], 8)).toEqual([]);
  });
});

describe('shareOf', () => {
  it('splits a call’s tokens in whole numbers that add up to the call', () => {
    const shares = [0, 1, 2].map((i) => shareOf(USAGE, 3, i));

    expect(shares.map((s) => s.inputTokens)).toEqual([334, 334, 333]);
    expect(shares.reduce((sum, s) => sum + (s.outputTokens ?? 0), 0)).toBe(300);
    expect(shareOf({ inputTokens: null, outputTokens: 9, totalTokens: null }, 2, 0)).toEqual({
      inputTokens: null,
      outputTokens: 5,
      totalTokens: null,
    });
  });
});

describe('judgeBatch', () => {
  it('judges several answers in one call, each reading its own verdict back', async () => {
    const { ctx, stored, prompts } = harness(everyVerdict);
    await judgeAll(ctx, ['c1', 'c2', 'c3'].map(keyOf));

    expect(prompts).toHaveLength(1);
    expect(stored).toHaveLength(3);
    for (const cell of ['c1', 'c2', 'c3']) {
      const judgement = okOf(stored, cell);
      const text = TEXTS[cell] ?? '';
      const verdict = parseJudgeVerdict(judgement.raw_text, text, PROFILE, judgement.batch_item);
      const confirmed = verdict?.entities.filter((e) => e.mentioned) ?? [];
      expect(confirmed.map((e) => e.evidence_quote)).toEqual([text]);
      expect(judgement.calls).toBeCloseTo(1 / 3);
    }
    const input = stored.reduce(
      (sum, s) => sum + (s.status === 'ok' ? (s.usage.inputTokens ?? 0) : 0),
      0,
    );
    expect(input).toBe(USAGE.inputTokens);
  });

  it('judges again alone an answer the reply left out, and only that one', async () => {
    const { ctx, stored, prompts } = harness((ids, texts) =>
      ids.length > 1
        ? JSON.stringify({ verdicts: [verdictFor('1', texts[0] ?? ''), { id: '3', wrong: true }] })
        : everyVerdict(ids, texts),
    );
    await judgeAll(ctx, ['c1', 'c2', 'c3'].map(keyOf));

    expect(prompts).toEqual([[TEXTS.c1, TEXTS.c2, TEXTS.c3], [TEXTS.c2], [TEXTS.c3]]);
    expect(okOf(stored, 'c1').calls).toBe(1);
    expect(okOf(stored, 'c2')).toMatchObject({ calls: 1, batch_item: '1' });
    const c3 = okOf(stored, 'c3');
    expect(parseJudgeVerdict(c3.raw_text, TEXTS.c3 ?? '', PROFILE, c3.batch_item)).toBeDefined();
  });

  it('judges every answer again alone after a reply that is not JSON, billing the lost call once', async () => {
    const { ctx, stored, prompts } = harness((ids, texts) =>
      ids.length > 1 ? 'Sorry, here are my thoughts.' : everyVerdict(ids, texts),
    );
    await judgeAll(ctx, ['c1', 'c2'].map(keyOf));

    expect(prompts).toHaveLength(3);
    expect(stored.map((s) => s.key.cell_id)).toEqual(['c1', 'c2']);
    expect(okOf(stored, 'c1')).toMatchObject({ calls: 2, usage: { inputTokens: 2002 } });
    expect(okOf(stored, 'c2')).toMatchObject({ calls: 1, usage: { inputTokens: 1001 } });
  });

  it('never takes a verdict meant for another answer: a quote from a neighbour is dropped', async () => {
    // The reply swaps the two verdicts: each quote is then not in the answer it is read for.
    const { ctx, stored } = harness((_ids, texts) =>
      JSON.stringify({
        verdicts: [verdictFor('1', texts[1] ?? ''), verdictFor('2', texts[0] ?? '')],
      }),
    );
    await judgeAll(ctx, ['c1', 'c2'].map(keyOf));

    const c1 = okOf(stored, 'c1');
    const verdict = parseJudgeVerdict(c1.raw_text, TEXTS.c1 ?? '', PROFILE, c1.batch_item);
    expect(verdict?.entities.filter((e) => e.mentioned)).toEqual([]);
    expect(verdict?.dropped_quotes).toBe(1);
  });

  it('stores a lone answer’s reply whatever it says (aggregation keeps the matcher then)', async () => {
    const { ctx, stored, prompts } = harness(() => 'not json');
    await judgeAll(ctx, [keyOf('c1')]);

    expect(prompts).toHaveLength(1);
    expect(okOf(stored, 'c1')).toMatchObject({ raw_text: 'not json', calls: 1 });
  });

  it('skips answers that are not stored ok', async () => {
    const { ctx, stored, prompts } = harness(everyVerdict);
    await judgeAll(ctx, [keyOf('missing'), keyOf('c2')]);

    expect(prompts).toEqual([[TEXTS.c2]]);
    expect(stored.map((s) => s.key.cell_id)).toEqual(['c2']);
  });
});

describe('a refused judge call', () => {
  it('comes back as one call per answer; one refused alone keeps no verdict', async () => {
    const { ctx, stored } = harness((ids, texts) =>
      texts[0] === TEXTS.c2
        ? new ProviderError('anthropic', 'rejected', 'refused')
        : everyVerdict(ids, texts),
    );
    const calls = await refusedJudgeCall(
      ctx,
      { keys: ['c1', 'c2'].map(keyOf), alone: false },
      'batch refused',
    );
    expect(calls.map((call) => call.keys.map((key) => key.cell_id))).toEqual([['c1'], ['c2']]);
    for (const call of calls) await judgeAll(ctx, call.keys);

    expect(stored.map((s) => [s.key.cell_id, s.status])).toEqual([
      ['c1', 'ok'],
      ['c2', 'failed'],
    ]);
  });

  it('records a lone refused answer as failed without another call', async () => {
    const { ctx, stored, prompts } = harness(everyVerdict);
    expect(await refusedJudgeCall(ctx, { keys: [keyOf('c1')], alone: true }, 'refused')).toEqual(
      [],
    );

    expect(prompts).toHaveLength(0);
    expect(stored).toMatchObject([{ status: 'failed', error: 'refused' }]);
  });
});
