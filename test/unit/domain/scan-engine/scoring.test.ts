import { describe, expect, it } from 'vitest';
import {
  atBestHalf,
  buildCheck,
  fail,
  notApplicable,
  partial,
  pass,
  siteScore,
  unverifiable,
} from '#shared/domain/scan-engine/scoring';
import type { Check } from '#shared/domain/scan-engine/types';

const definition = { id: 'crawler', pillar: 'R', title: 'AI crawler access' } as const;

function check(score: number, max: number): Check {
  return { ...definition, state: 'good', score, max, findings: [] };
}

describe('buildCheck', () => {
  it('sums earned points over applicable signals and leaves N/A out of both sides', () => {
    const built = buildCheck(definition, [
      pass('a', 4),
      fail('b', 2),
      notApplicable('c', 6),
      partial('d', 4, 0.5),
    ]);
    expect(built).toMatchObject({ score: 6, max: 10, state: 'warn' });
  });

  it('counts an unverifiable signal as half its points', () => {
    const built = buildCheck(definition, [
      pass('a', 2),
      unverifiable('b', 2, { cause: 'outside', note: 'b' }),
    ]);
    expect(built).toMatchObject({ score: 3, max: 4, state: 'warn' });
  });

  it('is unknown with max 0 when nothing applies', () => {
    const built = buildCheck(definition, [notApplicable('a', 4), notApplicable('b', 8)]);
    expect(built).toMatchObject({ state: 'unknown', score: 0, max: 0 });
  });

  it('is unknown, not bad, when every evaluable signal was lost to a scanner-side timeout', () => {
    const built = buildCheck(definition, [
      unverifiable('a', 3, { cause: 'scanner', note: 'a' }),
      unverifiable('b', 5, { cause: 'scanner', note: 'b' }),
      notApplicable('c', 2),
    ]);
    expect(built).toMatchObject({ state: 'unknown', score: 0, max: 0 });
  });

  it('uses good >= 80 %, warn >= 40 %, bad below', () => {
    expect(buildCheck(definition, [partial('a', 10, 0.8)]).state).toBe('good');
    expect(buildCheck(definition, [partial('a', 10, 0.4)]).state).toBe('warn');
    expect(buildCheck(definition, [partial('a', 10, 0.39)]).state).toBe('bad');
  });
});

describe('findings of a check', () => {
  const bad = (text: string) => ({ id: 'llms.missing' as const, state: 'bad' as const, text });

  it('adds the points a fix would gain to the finding that names it, consequences included', () => {
    const built = buildCheck(definition, [
      fail('present', 3, bad('llms.txt is missing.')),
      fail('h1', 1),
      fail('summary', 1),
      partial('links', 2, 0.5, {
        id: 'llms.broken_links',
        state: 'warn',
        text: 'Half the links are broken.',
      }),
      pass('extras', 1, {
        id: 'llms.extras_ok',
        state: 'good',
        text: 'llms-full.txt is published.',
      }),
    ]);
    expect(built.findings.map((finding) => finding.text)).toEqual([
      'llms.txt is missing. (+5 points)',
      'Half the links are broken. (+1 point)',
      'llms-full.txt is published.',
    ]);
  });

  it('explains every half in one finding with the best score the check can reach', () => {
    const built = buildCheck(definition, [
      pass('a', 4),
      unverifiable('b', 2, { cause: 'outside', note: 'whether the firewall admits crawlers' }),
      unverifiable('c', 4, { cause: 'outside', note: 'mentions in AI answers' }),
      unverifiable('d', 2, { cause: 'scanner', note: 'the inner page' }),
    ]);
    const halves = built.findings.filter((finding) => /half/.test(finding.text));
    expect(halves).toHaveLength(1);
    expect(halves[0]?.text).toBe(
      'Counted as half because it cannot be verified from outside: whether the firewall admits crawlers; mentions in AI answers. ' +
        'Also half because this scan could not measure it: the inner page. Best reachable here: 9 of 12 points.',
    );
  });
});

describe('signals that can never be verified fully', () => {
  it('claim only the half a fix can earn, and lower the best reachable', () => {
    const built = buildCheck(definition, [
      fail('same-as', 3, { id: 'entity.no_same_as', state: 'bad', text: 'Publish sameAs links.' }),
      atBestHalf(fail('corroboration', 4), 'mentions in AI answers'),
    ]);
    expect(built.findings.map((finding) => finding.text)).toEqual([
      'Publish sameAs links. (+5 points)',
      'At best half once fixed, because it cannot be verified from outside: mentions in AI answers. Best reachable here: 5 of 7 points.',
    ]);
  });
});

describe('siteScore', () => {
  it('is round(100 * sum(score) / sum(max)) over the checks', () => {
    expect(siteScore([check(12, 16), check(3, 6), check(0, 0), check(7.5, 12)])).toBe(66); // 22.5 / 34
  });

  it('ignores N/A checks entirely instead of counting them as zero', () => {
    const withNa = siteScore([check(8, 10), check(0, 0)]);
    expect(withNa).toBe(80);
  });

  it('is 0 when no check applies', () => {
    expect(siteScore([check(0, 0)])).toBe(0);
  });
});
