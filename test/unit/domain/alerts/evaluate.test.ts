import { describe, expect, it } from 'vitest';
import { evaluateRule } from '#shared/domain/alerts/evaluate';
import type { EvaluatedRule } from '#shared/domain/alerts/evaluation-types';
import { wilson } from '#shared/domain/monitor/engine/statistics';
import { BRAND, change, facet, RIVAL, runOf, summaryOf } from './runs.ts';

/**
 * When a rule fires on a run (docs/alerts.md "When a rule fires"): on real summaries made from
 * counts, against the run before, each metric and condition firing and not firing.
 */
const rule = (fields: Partial<EvaluatedRule> & Pick<EvaluatedRule, 'metric' | 'condition'>) => ({
  family: null,
  brand: null,
  threshold: null,
  significant_only: true,
  ...fields,
});

const before = summaryOf({
  openai: { answers: 20, brand: 12, rival: 4, ownCited: 6 },
  anthropic: { answers: 20, brand: 12, rival: 4, ownCited: 6 },
});
const after = summaryOf({
  openai: { answers: 20, brand: 2, rival: 12, ownCited: 1 },
  anthropic: { answers: 20, brand: 12, rival: 4, ownCited: 6 },
});
const previous = runOf(before);
const engineDrop = change({
  metric: 'mention_rate',
  family: 'openai',
  before: 0.6,
  after: 0.1,
  interval: [-0.72, -0.2],
  cause: 'engine',
});

describe('significant_only (the default): a change of the summary', () => {
  const current = runOf(after, { previous: previous.run_id, changes: [engineDrop] });

  it('fires on a matching change with its figures, cause and evidence, and says it in words', () => {
    const fired = evaluateRule(
      rule({ metric: 'mention_rate', condition: 'drop' }),
      current,
      previous,
      BRAND,
    );
    expect(fired).toMatchObject({
      metric: 'mention_rate',
      family: 'openai',
      before: 0.6,
      after: 0.1,
      change: -0.5,
      interval: [-0.72, -0.2],
      cause: 'engine',
      evidence: { text: 'the reason' },
    });
    expect(fired?.text).toBe(
      "Acme Analytics: OpenAI's mention rate of Acme Analytics fell from 60.0 % to 10.0 % (−50.0 points; 95 % interval −72.0 to −20.0). Cause: the answer engine changed (another model, or its control questions answered differently).",
    );
  });

  it('does not fire the other way, for another family, or on a figure that did not move', () => {
    const no = (fields: Parameters<typeof rule>[0]) =>
      evaluateRule(rule(fields), current, previous, BRAND);
    expect(no({ metric: 'mention_rate', condition: 'rise' })).toBeUndefined();
    expect(no({ metric: 'mention_rate', condition: 'drop', family: 'anthropic' })).toBeUndefined();
    expect(no({ metric: 'own_citation_rate', condition: 'change' })).toBeUndefined();
    expect(no({ metric: 'mention_rate', condition: 'drop', threshold: 0.6 })).toBeUndefined();
    expect(no({ metric: 'mention_rate', condition: 'change', threshold: 0.4 })).toBeDefined();
  });

  it('leaves a change nobody can explain to the stricter bar: chance moves stay silent, a large one fires', () => {
    const chance = change({ metric: 'total_score', before: 40, after: 56, interval: [2.1, 29.9] });
    const large = change({ metric: 'total_score', before: 40, after: 70, interval: [18, 42] });
    const drop = rule({ metric: 'total_score', condition: 'rise' });
    expect(
      evaluateRule(drop, runOf(after, { changes: [chance] }), previous, BRAND),
    ).toBeUndefined();
    expect(evaluateRule(drop, runOf(after, { changes: [large] }), previous, BRAND)).toMatchObject({
      change: 30,
      cause: 'unexplained',
    });
    const explained = { ...chance, cause: 'competitors' as const };
    expect(
      evaluateRule(drop, runOf(after, { changes: [explained] }), previous, BRAND),
    ).toBeDefined();
  });

  it('watches the brand’s own share of answer unless `brand` names another', () => {
    const own = change({
      metric: 'share_of_answer',
      brand: BRAND,
      before: 0.7,
      after: 0.4,
      interval: [-0.5, -0.1],
      cause: 'competitors',
    });
    const rival = change({
      metric: 'share_of_answer',
      brand: RIVAL,
      before: 0.3,
      after: 0.6,
      interval: [0.1, 0.5],
      cause: 'competitors',
    });
    const run = runOf(after, { changes: [own, rival] });
    expect(
      evaluateRule(rule({ metric: 'share_of_answer', condition: 'drop' }), run, previous, BRAND)
        ?.brand,
    ).toBe(BRAND);
    expect(
      evaluateRule(rule({ metric: 'share_of_answer', condition: 'rise' }), run, previous, BRAND),
    ).toBeUndefined();
    expect(
      evaluateRule(
        rule({ metric: 'share_of_answer', condition: 'rise', brand: 'globex insights' }),
        run,
        previous,
        BRAND,
      )?.brand,
    ).toBe(RIVAL);
  });

  it('reports the largest of several matching moves: one firing per run', () => {
    const small = change({
      metric: 'mention_rate',
      family: 'anthropic',
      before: 0.6,
      after: 0.4,
      interval: [-0.3, -0.05],
      cause: 'engine',
    });
    const run = runOf(after, { changes: [small, engineDrop] });
    expect(
      evaluateRule(rule({ metric: 'mention_rate', condition: 'drop' }), run, previous, BRAND)
        ?.family,
    ).toBe('openai');
  });

  it('never fires without a comparable run before (no changes)', () => {
    const first = runOf(after);
    for (const metric of [
      'mention_rate',
      'share_of_answer',
      'own_citation_rate',
      'total_score',
    ] as const) {
      expect(
        evaluateRule(rule({ metric, condition: 'change' }), first, undefined, BRAND),
      ).toBeUndefined();
    }
  });
});

describe('every change (significant_only false)', () => {
  const current = runOf(after, { previous: previous.run_id });
  const loose = (fields: Parameters<typeof rule>[0]) =>
    evaluateRule(rule({ ...fields, significant_only: false }), current, previous, BRAND);

  it('compares with the run before, gives the interval and claims no cause', () => {
    const fired = loose({ metric: 'mention_rate', condition: 'drop', family: 'openai' });
    expect(fired).toMatchObject({
      before: 0.6,
      after: 0.1,
      change: -0.5,
      cause: null,
      evidence: null,
    });
    expect(fired?.interval?.[0]).toBeLessThan(-0.5);
    expect(fired?.interval?.[1]).toBeLessThan(0);
    expect(fired?.text).toContain('Within the noise band of the measurement: no cause is claimed.');
    expect(loose({ metric: 'mention_rate', condition: 'rise', family: 'openai' })).toBeUndefined();
    expect(loose({ metric: 'own_citation_rate', condition: 'drop' })).toMatchObject({
      before: 0.3,
      after: 0.175,
    });
    expect(loose({ metric: 'total_score', condition: 'drop' })?.change).toBeLessThan(0);
    expect(loose({ metric: 'share_of_answer', condition: 'drop' })?.brand).toBe(BRAND);
  });

  it('fires below and above only when the figure crosses the threshold', () => {
    expect(
      loose({ metric: 'mention_rate', condition: 'below', family: 'openai', threshold: 0.5 }),
    ).toBeDefined();
    expect(
      loose({ metric: 'mention_rate', condition: 'below', family: 'anthropic', threshold: 0.7 }),
    ).toBeUndefined();
    expect(
      loose({ metric: 'mention_rate', condition: 'above', family: 'openai', threshold: 0.05 }),
    ).toBeUndefined();
    expect(loose({ metric: 'total_score', condition: 'below', threshold: 100 })).toBeUndefined();
  });

  it('judges a first run by its level alone', () => {
    const first = runOf(after);
    const below = rule({
      metric: 'mention_rate',
      condition: 'below',
      family: 'openai',
      threshold: 0.5,
      significant_only: false,
    });
    expect(evaluateRule(below, first, undefined, BRAND)).toMatchObject({
      before: null,
      after: 0.1,
      change: null,
    });
    const drop = rule({ metric: 'mention_rate', condition: 'drop', significant_only: false });
    expect(evaluateRule(drop, first, undefined, BRAND)).toBeUndefined();
  });
});

describe('model_changed', () => {
  const models = { family: 'openai' as const, previous_models: ['gpt-a'], models: ['gpt-b'] };
  const current = runOf(after, { patch: { delta: { ...after.delta, model_changes: [models] } } });

  it('fires when a family served other models, naming them, with the engine as cause', () => {
    const fired = evaluateRule(
      rule({ metric: 'model_changed', condition: 'change' }),
      current,
      previous,
      BRAND,
    );
    expect(fired).toMatchObject({
      family: 'openai',
      before: ['gpt-a'],
      after: ['gpt-b'],
      cause: 'engine',
    });
    expect(fired?.text).toBe(
      'Acme Analytics: OpenAI now serves gpt-b (was gpt-a). Cause: the answer engine changed (another model, or its control questions answered differently).',
    );
  });

  it('stays silent for another family, with no model change, and on a first run', () => {
    expect(
      evaluateRule(
        rule({ metric: 'model_changed', condition: 'change', family: 'google' }),
        current,
        previous,
        BRAND,
      ),
    ).toBeUndefined();
    expect(
      evaluateRule(
        rule({ metric: 'model_changed', condition: 'change' }),
        runOf(after),
        previous,
        BRAND,
      ),
    ).toBeUndefined();
    expect(
      evaluateRule(
        rule({ metric: 'model_changed', condition: 'change' }),
        current,
        undefined,
        BRAND,
      ),
    ).toBeUndefined();
  });
});

describe('new_competitor', () => {
  const discovered = (share: number, n = 100) => ({
    name: 'Northwind Tools',
    answers: Math.round(share * n),
    share: wilson(Math.round(share * n), n),
    families: ['openai' as const],
  });
  const judged = (summary: typeof after) => ({ ...summary.judge, judged_answers: 100 });
  const earlier = runOf(before, { patch: { discovered_brands: [], judge: judged(before) } });

  it('fires when a recommended brand crosses the share, and not below it', () => {
    const now = runOf(after, {
      patch: { discovered_brands: [discovered(0.3)], judge: judged(after) },
    });
    expect(
      evaluateRule(
        rule({ metric: 'new_competitor', condition: 'above', threshold: 0.2 }),
        now,
        earlier,
        BRAND,
      ),
    ).toMatchObject({
      brand: 'Northwind Tools',
      before: 0,
      after: 0.3,
      cause: 'competitors',
    });
    expect(
      evaluateRule(
        rule({ metric: 'new_competitor', condition: 'above', threshold: 0.4 }),
        now,
        earlier,
        BRAND,
      ),
    ).toBeUndefined();
    expect(
      evaluateRule(
        rule({ metric: 'new_competitor', condition: 'rise', brand: 'Initrode' }),
        now,
        earlier,
        BRAND,
      ),
    ).toBeUndefined();
  });

  it('keeps a rare name under the alert bar unless every change counts', () => {
    const now = runOf(after, {
      patch: { discovered_brands: [discovered(0.03)], judge: judged(after) },
    });
    const rise = { metric: 'new_competitor' as const, condition: 'rise' as const };
    expect(evaluateRule(rule(rise), now, earlier, BRAND)).toBeUndefined();
    expect(
      evaluateRule(rule({ ...rise, significant_only: false }), now, earlier, BRAND)?.after,
    ).toBe(0.03);
  });
});

describe('citations_lost', () => {
  const many = (family: 'openai' | 'anthropic', count: number, cited: string[], mentioned = true) =>
    Array.from({ length: count }, (_, index) => facet(family, index, { mentioned, cited }));
  const earlier = runOf(before, {
    answers: [
      ...many('openai', 30, ['g2.com', 'acme-analytics.example']),
      ...many('anthropic', 10, ['g2.com']),
    ],
  });

  it('fires when a domain that cited the brand cites it in no answer now, listing every lost domain', () => {
    const now = runOf(after, {
      answers: [...many('openai', 30, ['reddit.com']), ...many('anthropic', 10, ['g2.com'])],
    });
    const fired = evaluateRule(
      rule({ metric: 'citations_lost', condition: 'drop', family: 'openai' }),
      now,
      earlier,
      BRAND,
    );
    expect(fired).toMatchObject({
      family: 'openai',
      brand: BRAND,
      before: 1,
      after: 0,
      cause: 'unexplained',
    });
    expect([...(fired?.domains ?? [])].sort()).toEqual(['acme-analytics.example', 'g2.com']);
    expect(fired?.text).toMatch(
      /^Acme Analytics: (g2\.com|acme-analytics\.example) and 1 more no longer cite Acme Analytics in OpenAI's answers\./,
    );
    // Across families g2.com still cites the brand (Anthropic's answers).
    expect(
      evaluateRule(rule({ metric: 'citations_lost', condition: 'drop' }), now, earlier, BRAND)
        ?.domains,
    ).toEqual(['acme-analytics.example']);
  });

  it('does not fire while every domain still cites the brand somewhere, or on a small sample under the bar', () => {
    const same = runOf(after, { answers: earlier.answers });
    expect(
      evaluateRule(rule({ metric: 'citations_lost', condition: 'change' }), same, earlier, BRAND),
    ).toBeUndefined();
    const thin = runOf(before, { answers: many('openai', 2, ['g2.com']) });
    const gone = runOf(after, { answers: many('openai', 2, ['reddit.com']) });
    expect(
      evaluateRule(rule({ metric: 'citations_lost', condition: 'drop' }), gone, thin, BRAND),
    ).toBeUndefined();
    expect(
      evaluateRule(
        rule({ metric: 'citations_lost', condition: 'drop', significant_only: false }),
        gone,
        thin,
        BRAND,
      )?.domains,
    ).toEqual(['g2.com']);
  });
});
