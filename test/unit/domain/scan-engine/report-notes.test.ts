import { describe, expect, it } from 'vitest';
import {
  gainOf,
  maxReachableScore,
  reachableOf,
  reachableSentence,
  topFixes,
  withGain,
} from '#shared/domain/scan-engine/report-notes';

const check = (score: number, max: number, texts: Array<[string, string]>) => ({
  score,
  max,
  findings: texts.map(([state, text]) => ({ state, text })),
});

describe('report notes carried in finding texts', () => {
  it('reads back the gain it wrote, and 0 for a finding without one', () => {
    expect(gainOf({ state: 'bad', text: withGain('Publish llms.txt.', 7) })).toBe(7);
    expect(gainOf({ state: 'bad', text: withGain('Add Vary.', 0.5) })).toBe(0.5);
    expect(gainOf({ state: 'good', text: 'All fine (+3 points) here.' })).toBe(0);
  });

  it('reads back the best reachable, and the max when nothing counts half', () => {
    const halved = check(10, 16, [
      ['unknown', `Counted as half ... ${reachableSentence(15.5, 16)}`],
    ]);
    expect(reachableOf(halved)).toBe(15.5);
    expect(reachableOf(check(3, 6, [['bad', 'No sitemap.']]))).toBe(6);
  });

  it('gives the maximum reachable site score over the applicable checks', () => {
    const checks = [
      check(15.5, 16, [['unknown', reachableSentence(15.5, 16)]]),
      check(0, 0, []),
      check(8, 14, [['unknown', reachableSentence(12, 14)]]),
      check(6, 6, []),
    ];
    expect(maxReachableScore(checks)).toBe(Math.round((100 * (15.5 + 12 + 6)) / 36));
  });

  it('ranks fixes by the points they gain and converts them to score points', () => {
    const checks = [
      check(2, 10, [
        ['bad', withGain('Fix robots.txt.', 6)],
        ['warn', withGain('Add a Content-Signal.', 1)],
      ]),
      check(0, 10, [['bad', withGain('Publish llms.txt.', 10)]]),
      check(10, 10, [['good', 'Fine.']]),
    ];
    const fixes = topFixes(checks, 2);
    expect(fixes.map((fix) => [fix.text, fix.points])).toEqual([
      ['Publish llms.txt.', 10],
      ['Fix robots.txt.', 6],
    ]);
    // 12 of 30 points is 40; 22 of 30 is 73; 18 of 30 is 60.
    expect(fixes.map((fix) => fix.scoreGain)).toEqual([33, 20]);
  });
});
