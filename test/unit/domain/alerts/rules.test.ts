import { describe, expect, it } from 'vitest';
import {
  ALERT_CONDITIONS,
  ALERT_METRICS,
  checkRule,
  METRIC_RULES,
  ruleProblems,
} from '#shared/domain/alerts/rules';
import { CreateAlertBodySchema } from '#shared/domain/alerts/schemas';

/** Which rules make sense, metric by metric; every other one is refused at its field. */
describe('alert rules', () => {
  it('accept every condition a metric names, with a threshold where one is needed', () => {
    for (const metric of ALERT_METRICS) {
      for (const condition of METRIC_RULES[metric].conditions) {
        const threshold = condition === 'below' || condition === 'above' ? 0.2 : null;
        expect(ruleProblems({ metric, condition, threshold }), `${metric} ${condition}`).toEqual(
          [],
        );
      }
    }
  });

  it('refuse a condition the metric does not fire on, naming the field', () => {
    expect(ruleProblems({ metric: 'model_changed', condition: 'drop' })).toEqual([
      { path: ['condition'], message: 'model_changed fires on change, not on drop' },
    ]);
    expect(ruleProblems({ metric: 'citations_lost', condition: 'rise' })[0]?.path).toEqual([
      'condition',
    ]);
  });

  it('ask below and above for a threshold, and keep thresholds on their scale', () => {
    for (const condition of ['below', 'above'] as const) {
      expect(ruleProblems({ metric: 'mention_rate', condition })).toEqual([
        { path: ['threshold'], message: `${condition} needs a threshold` },
      ]);
    }
    expect(ruleProblems({ metric: 'mention_rate', condition: 'below', threshold: 40 })[0]).toEqual({
      path: ['threshold'],
      message: 'must be between 0 and 1 (a fraction (0.25 = 25 %))',
    });
    expect(ruleProblems({ metric: 'total_score', condition: 'below', threshold: 40 })).toEqual([]);
    expect(
      ruleProblems({ metric: 'total_score', condition: 'below', threshold: 101 }),
    ).toHaveLength(1);
    expect(ruleProblems({ metric: 'model_changed', condition: 'change', threshold: 1 })).toEqual([
      { path: ['threshold'], message: 'model_changed takes no threshold' },
    ]);
  });

  it('refuse narrowing a metric that is not measured that way', () => {
    expect(
      ruleProblems({ metric: 'total_score', condition: 'drop', family: 'openai', brand: 'X' }).map(
        (problem) => problem.path[0],
      ),
    ).toEqual(['family', 'brand']);
    expect(ruleProblems({ metric: 'mention_rate', condition: 'drop', family: 'openai' })).toEqual(
      [],
    );
    expect(ruleProblems({ metric: 'share_of_answer', condition: 'drop', brand: 'X' })).toEqual([]);
  });

  it('throw 400 invalid_request with every problem at its field', () => {
    expect(() =>
      checkRule({ metric: 'total_score', condition: 'above', family: 'openai' }),
    ).toThrow(
      expect.objectContaining({
        code: 'invalid_request',
        details: {
          issues: [
            expect.objectContaining({ path: ['family'] }),
            expect.objectContaining({ path: ['threshold'] }),
          ],
        },
      }),
    );
  });

  it('read a body with one address or several, without duplicates, and refuse what is not an address', () => {
    const base = { metric: 'total_score', condition: 'drop' };
    const one = CreateAlertBodySchema.parse({ ...base, channels: { email: 'Team@Example.com' } });
    expect(one.channels.email).toEqual(['team@example.com']);
    const many = CreateAlertBodySchema.parse({
      ...base,
      channels: { email: ['a@example.com', 'A@example.com', 'b@example.com'] },
    });
    expect(many.channels.email).toEqual(['a@example.com', 'b@example.com']);
    for (const email of ['not an address', 'a@b', 'x@example.com\nBcc: y@example.com']) {
      expect(CreateAlertBodySchema.safeParse({ ...base, channels: { email } }).success, email).toBe(
        false,
      );
    }
    expect(CreateAlertBodySchema.safeParse({ ...base, channels: {}, extra: 1 }).success).toBe(
      false,
    );
    expect(CreateAlertBodySchema.safeParse({ ...base, condition: 'falls' }).success).toBe(false);
    expect(ALERT_CONDITIONS).toEqual(['drop', 'rise', 'change', 'below', 'above']);
  });
});
