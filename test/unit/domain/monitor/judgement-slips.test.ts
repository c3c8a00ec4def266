import { describe, expect, it } from 'vitest';
import { isPlausibleBrandName } from '#shared/domain/monitor/engine/brand-names';
import { factKindOf, isPlausibleClaim } from '#shared/domain/monitor/engine/fact-kinds';
import { findGaps } from '#shared/domain/monitor/engine/gaps';
import { parseJudgeVerdict } from '#shared/domain/monitor/engine/judge';
import type { CaseProfile, FactStatus } from '#shared/domain/monitor/engine/types';
import { measured, PROFILE } from './builders.ts';

/**
 * The regression set of judgement slips (issue 25 point 7): what a judge got wrong once is
 * written down here with the answer it read, and the pipelines must not repeat it.
 */

const CASE: CaseProfile = {
  ...PROFILE,
  fact_sheet: { founded: '1987', headquarters: 'Berlin', pricing: 'from $29 per month' },
};

describe('discovered brands', () => {
  const answer =
    'Reports go out every Monday. Northwind Tools and monday.com are worth a look; in Q3 2025 ' +
    'Asana added a planner, and SaaS teams also use Excel. Since January, pricing is in EUR.';
  const slips = ['Monday', 'Mondays', 'January', 'Q3', 'Q3 2025', '2025', 'SaaS', 'Montag'];
  const brands = ['Northwind Tools', 'monday.com', 'Asana', 'Excel'];

  it.each(slips)('never lists "%s" as a brand', (name) => {
    expect(isPlausibleBrandName(name)).toBe(false);
  });

  it.each(brands)('keeps "%s"', (name) => {
    expect(isPlausibleBrandName(name)).toBe(true);
  });

  it('drops the slips from a judge verdict and keeps the brands, each with its quote', () => {
    const quoted = (name: string) =>
      answer.split(/(?<=\.)\s/).find((sentence) => sentence.includes(name.split(' ')[0] ?? name));
    const reply = JSON.stringify({
      entities: [],
      other_brands: [...slips, ...brands]
        .filter((name) => quoted(name))
        .map((name) => ({ name, evidence_quote: quoted(name) })),
    });
    const verdict = parseJudgeVerdict(reply, answer, CASE);

    expect(verdict?.other_brands?.map((b) => b.name)).toEqual(brands);
  });
});

describe('fact gaps', () => {
  const claim = (key: string, claimed: string, status: FactStatus, i: number) => {
    const text = `The ${key} of Acme Analytics is ${claimed}.`;
    return measured(text, {
      block: 'B',
      prompt_id: `B-${key}-${i}`,
      branded: true,
      confirm: ['Acme Analytics'],
      facts: [{ key, status, claimed_value: claimed, evidence_quote: text }],
    });
  };

  it('does not read the founding year as a wrong headquarters', () => {
    const answers = [1, 2, 3, 4].map((i) => claim('headquarters', '1987', 'incorrect', i));

    expect(isPlausibleClaim('headquarters', '1987', CASE.fact_sheet)).toBe(false);
    expect(findGaps(CASE, answers).join(' ')).not.toMatch(/headquarters/);
  });

  it('does not read a city as a wrong founding year, nor another key’s value as this one’s', () => {
    expect(isPlausibleClaim('founded', 'Berlin', CASE.fact_sheet)).toBe(false);
    expect(isPlausibleClaim('pricing', 'Berlin', CASE.fact_sheet)).toBe(false);
    const answers = [1, 2, 3].map((i) => claim('founded', 'Berlin', 'incorrect', i));
    expect(findGaps(CASE, answers)).toEqual([]);
  });

  it('still states a real mistake about the same facts', () => {
    const answers = [
      ...[1, 2, 3].map((i) => claim('founded', '1985', 'incorrect', i)),
      ...[4, 5, 6].map((i) => claim('headquarters', 'Munich', 'incorrect', i)),
    ];
    const gaps = findGaps(CASE, answers).join('\n');

    expect(gaps).toMatch(/3 of 3 answers that state when Acme Analytics was founded get it wrong/);
    expect(gaps).toMatch(/3 of 3 answers that state where Acme Analytics is based/);
  });

  it.each([
    ['founded', 'founded'],
    ['founding_year', 'founded'],
    ['Gründungsjahr', 'founded'],
    ['founded_by', 'leadership'],
    ['hq_city', 'headquarters'],
    ['HeadOffice', 'headquarters'],
    ['CEO', 'leadership'],
    ['team_size', 'employees'],
    ['pricing_plans', 'pricing'],
    ['favourite_colour', 'other'],
  ])('reads the key "%s" as a %s fact', (key, kind) => {
    expect(factKindOf(key)).toBe(kind);
  });
});
