import { describe, expect, it } from 'vitest';
import { parseJudgeVerdict } from '#shared/domain/monitor/engine/judge';
import { measureAnswer } from '#shared/domain/monitor/engine/measure';
import { summariseRun } from '#shared/domain/monitor/engine/summary';
import { RunSummarySchema } from '#shared/domain/monitor/engine/summary-schema';
import { cite, measured, PROFILE, record } from './builders.ts';

/** The summary additions of issue 16: search queries, citation categories, model changes. */
function answers() {
  return [
    measured('Acme Analytics is fine.', {
      search_queries: ['best analytics tools', 'Acme vs Globex'],
      citations: [
        cite('https://acme-analytics.example/p'),
        cite('https://www.g2.com/a'),
        cite('https://www.reddit.com/r/x', false),
      ],
    }),
    measured('Globex leads.', {
      family: 'anthropic',
      model: 'claude-x-2026',
      search_queries: ['Best  Analytics Tools', 'best analytics tools'],
      citations: [cite('https://globex.example/x'), cite('https://www.g2.com/a')],
    }),
    measured('Initech is cheap.', { family: 'google', model: 'gemini-y', mode: 'raw' }),
  ];
}

function summarise(previous?: Parameters<typeof summariseRun>[0]['previous']) {
  return summariseRun({
    profile: PROFILE,
    measurements: answers(),
    excludedModels: [],
    promptSetVersion: 'v1',
    previous,
  });
}

describe('summary additions', () => {
  it('counts each search query once per answer, ignoring case and spacing, with its families', () => {
    const summary = summarise();
    expect(summary.top_search_queries).toEqual([
      { query: 'best analytics tools', answers: 2, families: ['openai', 'anthropic'] },
      { query: 'Acme vs Globex', answers: 1, families: ['openai'] },
    ]);
    expect(RunSummarySchema.safeParse(summary).success).toBe(true);
  });

  it('shares cited URLs out over every category, retrieved-only sources not counted', () => {
    const shares = Object.fromEntries(
      (summarise().citation_categories ?? []).map((c) => [c.category, [c.citations, c.share]]),
    );
    expect(shares).toEqual({
      own: [1, 0.25],
      competitor: [1, 0.25],
      reference: [0, 0],
      review_comparison: [2, 0.5],
      forum_community: [0, 0],
      news_media: [0, 0],
      other: [0, 0],
    });
  });

  it('reports per family when the served model changed since the previous run', () => {
    const first = summarise();
    expect(first.served_models).toEqual({
      openai: ['test-model'],
      anthropic: ['claude-x-2026'],
      google: ['gemini-y'],
    });
    expect(first.delta.model_changes).toEqual([]);
    const previous = {
      ...first,
      served_models: { openai: ['test-model'], anthropic: ['claude-w-2025'] },
    };
    const second = summarise({ run_id: 'r1', summary: previous });
    expect(second.delta.model_changes).toEqual([
      { family: 'anthropic', previous_models: ['claude-w-2025'], models: ['claude-x-2026'] },
    ]);
    // A previous summary that predates served_models says nothing about models.
    const { served_models: _dropped, ...old } = first;
    expect(summarise({ run_id: 'r0', summary: old }).delta.model_changes).toEqual([]);
  });
});

describe('untracked brands', () => {
  const text = 'Acme Analytics is fine. Hooli Metrics is a strong pick. Globex Pro too.';
  const reply = JSON.stringify({
    entities: [],
    facts: [],
    other_brands: [
      { name: 'Hooli Metrics', evidence_quote: 'Hooli Metrics is a strong pick.' },
      { name: 'Globex Pro', evidence_quote: 'Globex Pro too.' },
      { name: 'Acme', evidence_quote: 'Acme Analytics is fine.' },
      { name: 'Pied Piper', evidence_quote: 'Pied Piper is the best.' },
    ],
  });

  it('keeps only untracked names with a verbatim quote that names them', () => {
    const verdict = parseJudgeVerdict(reply, text, PROFILE);
    // Globex Pro contains the tracked alias Globex; Acme is the brand's alias; Pied Piper's quote
    // is not in the answer (dropped and counted).
    expect(verdict?.other_brands).toEqual([
      { name: 'Hooli Metrics', evidence_quote: 'Hooli Metrics is a strong pick.' },
    ]);
    expect(verdict?.dropped_quotes).toBe(1);
  });

  it('reports discovered brands with their share of judged answers and its interval', () => {
    const verdict = parseJudgeVerdict(reply, text, PROFILE);
    const judged = measureAnswer(PROFILE, record(text), verdict, {
      family: 'anthropic',
      model: 'j',
      usage: { inputTokens: 1, outputTokens: 1, totalTokens: 2 },
    });
    const plain = measured('Globex leads.', { confirm: ['Globex Insights'] });
    const unjudged = measured('Initech only.');
    const summary = summariseRun({
      profile: PROFILE,
      measurements: [judged, plain, unjudged],
      excludedModels: [],
      promptSetVersion: 'v1',
    });
    expect(summary.discovered_brands).toHaveLength(1);
    const [hooli] = summary.discovered_brands ?? [];
    expect(hooli).toMatchObject({ name: 'Hooli Metrics', answers: 1, families: ['openai'] });
    // Two judged answers: the unjudged one cannot name an untracked brand.
    expect(hooli?.share).toMatchObject({ value: 0.5, n: 2, successes: 1 });
    expect(hooli?.share.lower).toBeLessThan(0.5);
    expect(hooli?.share.upper).toBeGreaterThan(0.5);
  });
});
