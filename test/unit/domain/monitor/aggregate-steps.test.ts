import { describe, expect, it } from 'vitest';
import type { RunData, StoredAnswer, StoredJudgement } from '#shared/domain/monitor/ports';
import type { ProviderFamily } from '#shared/domain/monitor/provider-port';
import { countedFamilies, measurements } from '#shared/domain/monitor/steps/finish';
import { PROFILE, record } from './builders.ts';

const TEXT = 'Acme Analytics is a solid choice for funnels. Globex Insights costs more.';

function answer(family: ProviderFamily, cell = 'A-01-en-r1'): StoredAnswer {
  return {
    status: 'ok',
    key: { family, mode: 'online', cell_id: cell },
    record: record(TEXT, { family, id: cell }),
    answered_at: 'now',
  };
}

function judgement(family: ProviderFamily, raw: string, cell = 'A-01-en-r1'): StoredJudgement {
  return {
    status: 'ok',
    key: { family, mode: 'online', cell_id: cell },
    judge_family: 'anthropic',
    judge_model: 'judge',
    usage: { inputTokens: 10, outputTokens: 5, totalTokens: 15 },
    latency_ms: 1,
    raw_text: raw,
    judged_at: 'now',
  };
}

function runData(overrides: Partial<RunData>): RunData {
  return {
    answers: [],
    judgements: [],
    families: (['openai', 'anthropic', 'perplexity', 'google'] as const).map((family) => ({
      family,
      excluded: false,
      excluded_reason: null,
      judge_unavailable: false,
      queue: null,
    })),
    ...overrides,
  };
}

describe('aggregation from stored answers', () => {
  it('counts families that answered and were not given up', () => {
    const data = runData({ answers: [answer('openai'), answer('google')] });
    const google = data.families.find((f) => f.family === 'google');
    if (google) google.excluded = true;
    expect(countedFamilies(data)).toEqual(['openai']);
  });

  it('uses the judge’s verdict when it can be read, the deterministic result when not', () => {
    const verdict = JSON.stringify({
      entities: [
        {
          name: 'Acme Analytics',
          mentioned: false,
          absence_statement: false,
          recommended: false,
          sentiment: null,
          evidence_quote: null,
        },
      ],
      facts: [],
    });
    const readable = measurements(
      PROFILE,
      runData({ answers: [answer('openai')], judgements: [judgement('openai', verdict)] }),
      ['openai'],
    );
    const brandOf = (m: (typeof readable)[number]) => m.entities.find((e) => e.is_self);
    expect(brandOf(readable[0] as (typeof readable)[number])).toMatchObject({
      detected: true,
      judge: 'rejected',
      counted: false,
    });

    const unreadable = measurements(
      PROFILE,
      runData({ answers: [answer('openai')], judgements: [judgement('openai', 'Sure! Here is…')] }),
      ['openai'],
    );
    expect(unreadable[0]?.judged).toBe(false);
    // The judge call still counts for usage and cost.
    expect(unreadable[0]?.judge_family).toBe('anthropic');
    expect(brandOf(unreadable[0] as (typeof readable)[number])).toMatchObject({
      judge: 'not_judged',
      counted: true,
    });
  });

  it('leaves out failed cells and families that do not count', () => {
    const failed: StoredAnswer = {
      status: 'failed',
      key: { family: 'openai', mode: 'raw', cell_id: 'A-02-en-r1' },
      error: 'refused',
      answered_at: 'now',
    };
    const result = measurements(
      PROFILE,
      runData({ answers: [answer('openai'), failed, answer('google')] }),
      ['openai'],
    );
    expect(result.map((m) => [m.family, m.cell_id])).toEqual([['openai', 'A-01-en-r1']]);
  });
});
