import { describe, expect, it } from 'vitest';
import { countRight } from '#test/support/cause-trials';

/**
 * Truth test of the change causes (issue 29, point 6), market side: over seeded trials of two
 * runs answered by the simulator (test/support/cause-trials.ts), competitors gaining share are
 * named `competitors`, and the brand's site fixed between the runs (scans before and after) with
 * the citation gain that follows it is named `own_site`, each in at least 95 % of trials.
 */
const TRIALS = 20;
const AT_LEAST = Math.ceil(0.95 * TRIALS);

describe('causes against the simulator’s truth: competitors and the brand’s own site', () => {
  it('names `competitors` when the competitors gained share while the brand stayed put', () => {
    const { right, wrong } = countRight('competitors', TRIALS);
    expect(right, wrong.join('\n')).toBeGreaterThanOrEqual(AT_LEAST);
  }, 120_000);

  it('names `own_site` when the brand fixed its site and its citations followed', () => {
    const { right, wrong } = countRight('own_site', TRIALS);
    expect(right, wrong.join('\n')).toBeGreaterThanOrEqual(AT_LEAST);
  }, 120_000);
});
