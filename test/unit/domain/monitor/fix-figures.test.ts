import { describe, expect, it } from 'vitest';
import { assessFix, type FixRun, sidesOf } from '#shared/domain/monitor/engine/fix-figures';
import { minimumDetectableEffect } from '#shared/domain/monitor/engine/methodology';
import { wilson } from '#shared/domain/monitor/engine/statistics';
import type { RunSummary } from '#shared/domain/monitor/engine/summary-schema';

interface RunFigures {
  /** Own citations of `n` answers with sources. */
  own: [number, number];
  /** The brand's namings of all tracked namings. */
  share?: [number, number];
  /** Competitor citations of `n` answers with sources. */
  rivals?: [number, number];
  unbranded?: number;
  models?: string[];
}

/**
 * A finished run with just the figures a fix reads. The summary is partial on purpose (the rest
 * of a summary plays no part here), hence the cast.
 */
function run(id: string, day: number, figures: RunFigures): FixRun {
  const at = `2026-11-${String(day).padStart(2, '0')}T10:00:00.000Z`;
  const [brand, total] = figures.share ?? [100, 400];
  const unbranded = figures.unbranded ?? 400;
  const summary = {
    share_of_answer: [
      {
        name: 'Acme',
        share: brand / total,
        mentions: brand,
        judge_mentions: brand,
        total,
        is_self: true,
      },
      {
        name: 'Globex',
        share: 1 - brand / total,
        mentions: total - brand,
        judge_mentions: total - brand,
        total,
        is_self: false,
      },
    ],
    served_models: { openai: figures.models ?? ['gpt-a'] },
    intervals: {
      dimensions: { visibility: wilson(brand, unbranded) },
      per_model: { openai: { visibility: wilson(brand, unbranded) } },
      own_citation_rate: wilson(...figures.own),
      competitor_citation_rate: { Globex: wilson(...(figures.rivals ?? [50, figures.own[1]])) },
    },
  } as unknown as RunSummary;
  return { run_id: id, scheduled_for: at, finished_at: at.replace('10:00', '11:00'), summary };
}

const FIXED_AT = '2026-11-10T00:00:00.000Z';

describe('the two sides of a fix', () => {
  it('takes the last three runs that ended before it and the first three asked after it', () => {
    const runs = [1, 2, 3, 4, 11, 12, 13, 14].map((day) => run(`r${day}`, day, { own: [40, 400] }));
    const { before, after } = sidesOf(runs, FIXED_AT);
    expect(before.map((r) => r.run_id)).toEqual(['r2', 'r3', 'r4']);
    expect(after.map((r) => r.run_id)).toEqual(['r11', 'r12', 'r13']);
  });
});

describe('the verdict on a fix', () => {
  const before = [run('b1', 1, { own: [40, 400] }), run('b2', 2, { own: [44, 400] })];

  it('is too early with one run after the fix, or with none before it', () => {
    expect(assessFix(before, [run('a1', 11, { own: [200, 400] })]).verdict).toBe('too_early');
    const noBefore = assessFix(
      [],
      [run('a1', 11, { own: [200, 400] }), run('a2', 12, { own: [200, 400] })],
    );
    expect(noBefore.verdict).toBe('too_early');
  });

  it('is too early when the sides are too small to see a 20-point change', () => {
    const small = (id: string, day: number) =>
      run(id, day, { own: [2, 20], share: [5, 20], unbranded: 20 });
    const assessed = assessFix([small('b', 1)], [small('a1', 11), small('a2', 12)]);
    expect(assessed.minimum_detectable_effect).toBeGreaterThan(0.2);
    expect(assessed.verdict).toBe('too_early');
  });

  it('is improved when the own citation rate rose while the competitors’ stayed put', () => {
    const after = [run('a1', 11, { own: [160, 400] }), run('a2', 12, { own: [170, 400] })];
    const assessed = assessFix(before, after);
    expect(assessed.verdict).toBe('improved');
    const own = assessed.figures.find((f) => f.metric === 'own_citation_rate');
    expect(own?.change).toBeGreaterThan(0.25);
    expect(own?.control?.change).toBeCloseTo(0, 2);
    expect(assessed.before).toEqual({ runs: ['b1', 'b2'], answers: 800 });
    expect(assessed.after.runs).toEqual(['a1', 'a2']);
  });

  it('is no change when the competitors rose just as much: the market moved, not the fix', () => {
    const after = [
      run('a1', 11, { own: [160, 400], rivals: [170, 400] }),
      run('a2', 12, { own: [170, 400], rivals: [180, 400] }),
    ];
    expect(assessFix(before, after).verdict).toBe('no_change');
  });

  it('is worse when the own citation rate fell', () => {
    const after = [run('a1', 11, { own: [5, 400] }), run('a2', 12, { own: [6, 400] })];
    expect(assessFix(before, after).verdict).toBe('worse');
  });

  it('claims no improvement when a family served other models after the fix, and names it', () => {
    const after = [
      run('a1', 11, { own: [160, 400], models: ['gpt-b'] }),
      run('a2', 12, { own: [170, 400], models: ['gpt-b'] }),
    ];
    const assessed = assessFix(before, after);
    expect(assessed.engine_changed).toBe(true);
    expect(assessed.engine).toEqual([
      { family: 'openai', before: ['gpt-a'], after: ['gpt-b'], canary_moved: false },
    ]);
    expect(assessed.verdict).toBe('no_change');
    expect(assessed.reason).toMatch(/engine changed/);
  });
});

describe('the minimum detectable effect', () => {
  it('follows (1.96 + 0.84) x sqrt(2 p (1 - p) / n) at the centre of the Wilson interval', () => {
    const rate = wilson(120, 400, 260);
    const z = 1.959963984540054;
    const n = 260;
    const centre = (rate.value + (z * z) / (2 * n)) / (1 + (z * z) / n);
    const expected = (z + 0.8416212335729143) * Math.sqrt((2 * centre * (1 - centre)) / n);
    expect(minimumDetectableEffect(rate)).toBeCloseTo(expected, 4);
    expect(minimumDetectableEffect(wilson(0, 400))).toBeGreaterThan(0);
    expect(minimumDetectableEffect(wilson(0, 0))).toBe(1);
  });
});
