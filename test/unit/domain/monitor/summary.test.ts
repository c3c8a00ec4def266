import { describe, expect, it } from 'vitest';
import { SCORE_VERSION } from '#shared/domain/monitor/engine/aggregate';
import { summariseRun } from '#shared/domain/monitor/engine/summary';
import { RunSummarySchema } from '#shared/domain/monitor/engine/summary-schema';
import { cite, measured, PROFILE } from './builders.ts';

const ACME = 'Acme Analytics';
const GLOBEX = 'Globex Insights';
const VERSION = 'v1.000000000000';

/**
 * Six answers with hand-computed results (see the expectations):
 * unbranded: 1 openai online, 2 openai raw, 3 anthropic online, 4 anthropic raw (homonym);
 * branded B: 5 openai online (wrong price), 6 anthropic online (right founding year).
 */
function scenario() {
  const five = 'Acme Analytics costs $49 per month.';
  const six = 'Acme Analytics was founded in 2019.';
  return [
    measured('Acme Analytics is great for teams. Globex is fine.', {
      confirm: [ACME, GLOBEX],
      sentiment: 2,
      searched: true,
      citations: [
        cite('https://acme-analytics.example/pricing'),
        cite('https://g2.com/a'),
        cite('https://g2.com/b'),
      ],
    }),
    measured('Globex leads the market.', { mode: 'raw', confirm: [GLOBEX] }),
    measured('Acme Analytics is solid. Initech too.', {
      family: 'anthropic',
      confirm: [ACME, 'Initech'],
      sentiment: 0,
      searched: true,
      citations: [cite('https://globex.example/x'), cite('https://g2.com/a')],
    }),
    measured('Wile E. Coyote orders everything from Acme.', {
      family: 'anthropic',
      mode: 'raw',
      confirm: [],
      reject: [ACME],
    }),
    measured(five, {
      block: 'B',
      prompt_id: 'B-01',
      branded: true,
      confirm: [ACME],
      sentiment: -2,
      facts: [{ key: 'pricing', status: 'incorrect', claimed_value: '$49', evidence_quote: five }],
    }),
    measured(six, {
      block: 'B',
      prompt_id: 'B-01',
      branded: true,
      family: 'anthropic',
      confirm: [ACME],
      sentiment: 1,
      facts: [{ key: 'founded', status: 'correct', claimed_value: '2019', evidence_quote: six }],
    }),
  ];
}

function summarise(extra: Partial<Parameters<typeof summariseRun>[0]> = {}) {
  return summariseRun({
    profile: PROFILE,
    measurements: scenario(),
    excludedModels: [],
    promptSetVersion: VERSION,
    ...extra,
  });
}

describe('summariseRun: dimensions and score', () => {
  it('computes visibility over unbranded answers, accuracy over fact claims, sentiment over mentions', () => {
    const summary = summarise();

    // Visibility: brand counted in answers 1 and 3 of the four unbranded ones.
    // Accuracy: one wrong, one right claim. Sentiment: (2, 0, -2, 1) -> (1, .5, 0, .75).
    expect(summary.dimensions).toEqual({ visibility: 0.5, accuracy: 0.5, sentiment: 0.5625 });
    expect(summary.intervals.dimensions.visibility).toMatchObject({ successes: 2, n: 4 });
  });

  it('scores each family with the v1 weights and averages the families', () => {
    const summary = summarise();

    // openai: V .5, A 0, S .5 -> 35; anthropic: V .5, A 1, S .625 -> 67.5; mean 51.25.
    expect(summary.per_model).toEqual({ openai: 35, anthropic: 68 });
    expect(summary.total_score).toBe(51);
    expect(summary.score_version).toBe(SCORE_VERSION);
    expect(summary.per_model_dimensions.anthropic).toEqual({
      visibility: 0.5,
      accuracy: 1,
      sentiment: 0.625,
    });
  });

  it('leaves a dimension without evidence out of the score instead of counting it as 0', () => {
    const onlyDiscovery = scenario().slice(0, 4);
    const summary = summariseRun({
      profile: PROFILE,
      measurements: onlyDiscovery,
      excludedModels: [],
      promptSetVersion: VERSION,
    });

    // openai: V .5, S 1 (weights .5 and .2) -> 100 * (.25 + .2) / .7
    expect(summary.intervals.per_model.openai?.accuracy.n).toBe(0);
    expect(summary.per_model.openai).toBe(Math.round((100 * 0.45) / 0.7));
  });

  it('scores 0 with no answers at all and lists excluded families', () => {
    const summary = summariseRun({
      profile: PROFILE,
      measurements: [],
      excludedModels: ['google', 'openai'],
      promptSetVersion: VERSION,
    });

    expect(summary.total_score).toBe(0);
    expect(summary.per_model).toEqual({});
    expect(summary.sources_meta.excluded_models).toEqual(['openai', 'google']);
    expect(summary.share_of_answer.map((row) => [row.name, row.share, row.total])).toEqual([
      [ACME, 0, 0],
      [GLOBEX, 0, 0],
      ['Initech', 0, 0],
    ]);
    expect(RunSummarySchema.parse(summary)).toEqual(summary);
  });
});

describe('summariseRun: share of answer', () => {
  it('counts unbranded answers per entity, judge-confirmed, and the shares sum to 1', () => {
    const { share_of_answer: rows } = summarise();

    expect(rows).toEqual([
      { name: ACME, share: 0.4, mentions: 3, judge_mentions: 2, total: 5, is_self: true },
      { name: GLOBEX, share: 0.4, mentions: 2, judge_mentions: 2, total: 5, is_self: false },
      { name: 'Initech', share: 0.2, mentions: 1, judge_mentions: 1, total: 5, is_self: false },
    ]);
    expect(rows.reduce((sum, row) => sum + row.share, 0)).toBe(1);
  });

  it('still sums to exactly 1 when thirds are rounded', () => {
    const three = [ACME, GLOBEX, 'Initech'].map((name) =>
      measured(`${name} is one option.`, { confirm: [name] }),
    );
    const summary = summariseRun({
      profile: PROFILE,
      measurements: three,
      excludedModels: [],
      promptSetVersion: VERSION,
    });

    expect(summary.share_of_answer.map((row) => row.share).sort()).toEqual([
      0.3333, 0.3333, 0.3334,
    ]);
    expect(summary.share_of_answer.reduce((sum, row) => sum + row.share, 0)).toBeCloseTo(1, 10);
  });
});

describe('summariseRun: citations and sources', () => {
  it('ranks cited domains with counts per model and per block', () => {
    const { top_cited_domains: domains } = summarise();

    expect(domains.map((d) => [d.domain, d.citations, d.answers, d.share])).toEqual([
      ['g2.com', 3, 2, 0.6],
      ['acme-analytics.example', 1, 1, 0.2],
      ['globex.example', 1, 1, 0.2],
    ]);
    expect(domains[0]).toMatchObject({
      is_self: false,
      competitor: null,
      by_model: { openai: 2, anthropic: 1 },
      by_block: { A: 3, B: 0, C: 0, D: 0 },
    });
    expect(domains[1]).toMatchObject({ is_self: true, competitor: null });
    expect(domains[2]).toMatchObject({ is_self: false, competitor: GLOBEX });
  });

  it('rates own and competitor citations over answers with sources', () => {
    const summary = summarise();

    expect(summary.own_citation_rate).toBe(0.5);
    expect(summary.competitor_citation_rate).toEqual({ [GLOBEX]: 0.5, Initech: 0 });
    expect(summary.sources_meta).toEqual({
      answers_total: 6,
      answers_with_sources: 2,
      training_recall: { raw_mentions: 0, raw_total: 2, online_mentions: 2, online_total: 2 },
    });
  });
});

describe('summariseRun: judge, usage and the schema', () => {
  it('reports judge disagreements and the estimated cost of answers and judge calls', () => {
    const summary = summarise();

    expect(summary.judge).toMatchObject({
      judged_answers: 6,
      unjudged_answers: 0,
      disagreements: 1,
    });
    expect(summary.usage).toMatchObject({
      answer_calls: 6,
      judge_calls: 6,
      input_tokens: 6 * 100 + 6 * 400,
      output_tokens: 6 * 50 + 6 * 80,
      searches: 2,
    });
    // openai: 3 answers + 1 search + 3 judge calls; anthropic: 3 answers + 1 search + 3 judge calls.
    expect(summary.usage.estimated_cost_usd).toBeCloseTo(0.0315, 4);
  });

  it('gives an interval for every rate and matches the API schema', () => {
    const summary = summarise();

    expect(Object.keys(summary.intervals.share_of_answer).sort()).toEqual(
      [ACME, GLOBEX, 'Initech'].sort(),
    );
    expect(Object.keys(summary.intervals.top_cited_domains)).toHaveLength(3);
    expect(Object.keys(summary.intervals.competitor_citation_rate)).toHaveLength(2);
    for (const interval of Object.values(summary.intervals.dimensions)) {
      expect(interval.lower).toBeLessThanOrEqual(interval.value);
      expect(interval.upper).toBeGreaterThanOrEqual(interval.value);
    }
    expect(RunSummarySchema.parse(summary)).toEqual(summary);
  });
});

describe('summariseRun: delta', () => {
  it('has no previous run on the first run', () => {
    expect(summarise().delta).toEqual({
      total_score: 0,
      per_model: {},
      previous_run_id: null,
      comparable: false,
      dimensions: null,
      visibility_change: null,
      model_changes: [],
    });
  });

  it('compares with the preceding run, per family present in both', () => {
    const first = summarise();
    const previous = {
      run_id: 'run-1',
      summary: {
        ...first,
        total_score: 40,
        per_model: { openai: 30, google: 70 },
        dimensions: { visibility: 0.25, accuracy: 0.5, sentiment: 0.6 },
      },
    };
    const delta = summarise({ previous }).delta;

    expect(delta).toMatchObject({
      total_score: 11,
      per_model: { openai: 5 },
      previous_run_id: 'run-1',
      comparable: true,
      dimensions: { visibility: 0.25, accuracy: 0, sentiment: -0.0375 },
      visibility_change: { within_noise: true },
    });
  });

  it("is not comparable across prompt sets, and works with a summary holding only the contract's fields", () => {
    const delta = summarise({
      previous: { run_id: 'old', summary: { total_score: 60, per_model: { anthropic: 60 } } },
    }).delta;

    expect(delta).toMatchObject({
      total_score: -9,
      per_model: { anthropic: 8 },
      comparable: false,
      dimensions: null,
      visibility_change: null,
    });
  });
});
