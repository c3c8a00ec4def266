import { describe, expect, it } from 'vitest';
import { parseJudgeVerdict } from '#shared/domain/monitor/engine/judge';
import { measureAnswer } from '#shared/domain/monitor/engine/measure';
import { cite, measured, PROFILE, record } from './builders.ts';

function entity(m: ReturnType<typeof measured>, name: string) {
  return m.entities.find((e) => e.name === name);
}

describe('measureAnswer', () => {
  it('counts a deterministic hit the judge confirms, with its sentiment', () => {
    const m = measured('Acme Analytics is great. Globex is fine.', {
      confirm: ['Acme Analytics'],
      sentiment: 2,
    });

    expect(entity(m, 'Acme Analytics')).toMatchObject({
      is_self: true,
      detected: true,
      judge: 'confirmed',
      counted: true,
      sentiment: 2,
    });
  });

  it('does not count a homonym the judge rejects', () => {
    const m = measured('Wile E. Coyote orders everything from Acme.', {
      confirm: [],
      reject: ['Acme Analytics'],
    });

    expect(entity(m, 'Acme Analytics')).toMatchObject({
      detected: true,
      judge: 'rejected',
      counted: false,
      sentiment: null,
    });
  });

  it('keeps the deterministic result when the judge reply is unreadable', () => {
    const answer = record('Acme Analytics and Globex are both popular.');
    const verdict = parseJudgeVerdict('Sure! Both are mentioned.', answer.text, PROFILE);
    const m = measureAnswer(PROFILE, answer, verdict);

    expect(m.judged).toBe(false);
    expect(m.entities.map((e) => [e.name, e.judge, e.counted])).toEqual([
      ['Acme Analytics', 'not_judged', true],
      ['Globex Insights', 'not_judged', true],
      ['Initech', 'not_judged', false],
    ]);
  });

  it('marks an entity the prompt itself names', () => {
    const m = measured('Alternatives to Globex include Acme Analytics.', {
      block: 'C',
      prompt: 'What are the best alternatives to Globex Insights for funnel analysis?',
      confirm: ['Acme Analytics', 'Globex Insights'],
    });

    expect(entity(m, 'Globex Insights')?.in_prompt).toBe(true);
    expect(entity(m, 'Acme Analytics')?.in_prompt).toBe(false);
  });

  it('counts cited URLs per registrable domain and ignores sources that were only retrieved', () => {
    const m = measured('Acme Analytics is popular.', {
      citations: [
        cite('https://www.acme-analytics.example/pricing'),
        cite('https://docs.acme-analytics.example/start'),
        cite('https://g2.com/a'),
        cite('https://reddit.com/r/analytics', false),
      ],
    });

    expect(m.cited_domains).toEqual({ 'acme-analytics.example': 2, 'g2.com': 1 });
  });

  it('keeps only fact claims, and records the judge and usage for the cost estimate', () => {
    const text = 'Acme Analytics costs $49 per month.';
    const m = measured(text, {
      block: 'B',
      branded: true,
      confirm: ['Acme Analytics'],
      facts: [
        { key: 'pricing', status: 'incorrect', claimed_value: '$49', evidence_quote: text },
        { key: 'founded', status: 'not_mentioned', claimed_value: null, evidence_quote: null },
      ],
    });

    expect(m.facts).toEqual([
      { key: 'pricing', status: 'incorrect', claimed_value: '$49', evidence_quote: text },
    ]);
    expect(m).toMatchObject({
      judged: true,
      judge_family: 'anthropic',
      usage: { input_tokens: 100, output_tokens: 50, reported: true },
      judge_usage: { input_tokens: 400, output_tokens: 80, reported: true },
    });
  });

  it('produces plain JSON that survives a round trip through the store', () => {
    const m = measured('Acme Analytics is great.', { confirm: ['Acme Analytics'] });

    expect(JSON.parse(JSON.stringify(m))).toEqual(m);
  });
});
