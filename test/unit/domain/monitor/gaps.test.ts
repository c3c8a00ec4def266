import { describe, expect, it } from 'vitest';
import { findGaps, MAX_GAPS } from '#shared/domain/monitor/engine/gaps';
import type { AnswerMeasurement } from '#shared/domain/monitor/engine/types';
import type { AskMode, ProviderFamily } from '#shared/domain/monitor/provider-port';
import { measured, PROFILE } from './builders.ts';

const ACME = 'Acme Analytics';
const GLOBEX = 'Globex Insights';

/** `count` unbranded block-A answers; the first `withBrand` name the brand, all name Globex. */
function discovery(
  count: number,
  withBrand: number,
  options: { family?: ProviderFamily; mode?: AskMode } = {},
): AnswerMeasurement[] {
  return Array.from({ length: count }, (_, i) => {
    const names = i < withBrand ? [ACME, GLOBEX] : [GLOBEX];
    const text = names.map((name) => `${name} is a common choice.`).join(' ');
    return measured(text, { ...options, prompt_id: `A-${i + 1}`, confirm: names });
  });
}

describe('findGaps', () => {
  it('states where competitors are named and the brand is not, both counted over the same answers', () => {
    const gaps = findGaps(PROFILE, discovery(10, 1));

    expect(gaps).toContain(
      'Of 10 unbranded discovery answers (block A), Globex Insights was named in 10, Acme Analytics in 1.',
    );
    expect(findGaps(PROFILE, discovery(12, 2))).toContain(
      'Of 12 unbranded discovery answers (block A), Globex Insights was named in 12, Acme Analytics in 2.',
    );
  });

  it('states nothing below the minimum support or inside the noise band', () => {
    expect(findGaps(PROFILE, discovery(2, 0))).toEqual([]);
    expect(findGaps(PROFILE, discovery(10, 9))).toEqual([]);
  });

  it('compares families and modes only when their intervals do not overlap', () => {
    const answers = [
      ...discovery(20, 18, { family: 'perplexity', mode: 'online' }),
      ...discovery(20, 1, { family: 'openai', mode: 'raw' }),
    ];
    const gaps = findGaps(PROFILE, answers);

    expect(gaps).toContain(
      'Acme Analytics is named in 5% of unbranded OpenAI answers (1 of 20) but in 90% on Perplexity (18 of 20).',
    );
    expect(gaps).toContain(
      'Acme Analytics is named in 5% of unbranded answers without web search (1 of 20) vs 90% with search (18 of 20): weak presence in model memory, visibility relies on live retrieval.',
    );
  });

  it('quotes wrong facts with the fact-sheet value', () => {
    const text = 'Acme Analytics costs $49 per month.';
    const answers = [1, 2, 3].map((i) =>
      measured(text, {
        block: 'B',
        prompt_id: `B-0${i}`,
        branded: true,
        confirm: [ACME],
        facts: [
          {
            key: 'pricing',
            status: i === 3 ? 'correct' : 'incorrect',
            claimed_value: '$49',
            evidence_quote: text,
          },
        ],
      }),
    );

    expect(findGaps(PROFILE, answers)).toEqual([
      `2 of 3 answers that state what Acme Analytics costs get it wrong (fact sheet: "from $29 per month"). For example: "${text}"`,
    ]);
  });

  it('names third-party sources that cite competitors but never the brand', () => {
    const answers = discovery(6, 2).map(
      (m, i): AnswerMeasurement => ({
        ...m,
        cited_domains: i < 2 ? { 'acme-analytics.example': 1 } : { 'g2.com': 1 },
      }),
    );

    expect(findGaps(PROFILE, answers)).toContain(
      'g2.com was cited in 4 answers naming competitors and in none naming Acme Analytics.',
    );
  });

  it('reports at most MAX_GAPS, strongest first, and is deterministic', () => {
    const answers = [
      ...discovery(20, 0, { family: 'openai', mode: 'raw' }),
      ...discovery(20, 20, { family: 'google', mode: 'online' }).map((m) => ({
        ...m,
        cited_domains: { 'globex.example': 1, 'g2.com': 1 },
      })),
      ...discovery(5, 0, { family: 'anthropic', mode: 'online' }).map((m) => ({
        ...m,
        cited_domains: { 'reddit.com': 1, 'globex.example': 1 },
      })),
    ];
    const gaps = findGaps(PROFILE, answers);

    // Impacts (size x sqrt(support)): own-site citations 1 x 5, families 1 x sqrt(20),
    // block A .56 x sqrt(45), search recall .8 x sqrt(20), reddit.com .2 x 5, ...
    expect(gaps).toHaveLength(MAX_GAPS);
    expect(gaps.map((gap) => gap.slice(0, 40))).toEqual([
      'The site of Acme Analytics is cited in 0',
      'Acme Analytics is named in 0% of unbrand',
      'Of 45 unbranded discovery answers (block',
      'Acme Analytics is named in 0% of unbrand',
      'reddit.com was cited in 5 answers naming',
    ]);
    expect(gaps[1]).toContain('OpenAI');
    expect(gaps[3]).toContain('without web search');
    expect(gaps).toEqual(findGaps(PROFILE, [...answers].reverse()));
  });
});
