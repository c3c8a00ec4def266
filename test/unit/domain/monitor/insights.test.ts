import { describe, expect, it } from 'vitest';
import { summariseRun } from '#shared/domain/monitor/engine/summary';
import { RunSummarySchema } from '#shared/domain/monitor/engine/summary-schema';
import { cite, measured, PROFILE } from './builders.ts';

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
