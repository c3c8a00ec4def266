import { describe, expect, it } from 'vitest';
import { countRight } from '#test/support/cause-trials';

/**
 * Truth test of the change causes (issue 29, point 6), engine side: over seeded trials of two
 * runs answered by the simulator (test/support/cause-trials.ts), a family's model swapped between
 * them is named `engine` in at least 95 % of trials, and a world where nothing changed gets
 * `unexplained` for whatever moved by chance, never a wrong cause. The other two causes are in
 * causes-truth-market.test.ts (the two files run side by side); a silent update, caught by the
 * canaries alone, in canary-drift.test.ts.
 */
const TRIALS = 20;
const AT_LEAST = Math.ceil(0.95 * TRIALS);

describe('causes against the simulator’s truth: the engine and no change at all', () => {
  it('names `engine` when a family served another model that answers differently', () => {
    const { right, wrong } = countRight('engine', TRIALS);
    expect(right, wrong.join('\n')).toBeGreaterThanOrEqual(AT_LEAST);
  }, 120_000);

  it('leaves chance moves of an unchanged world `unexplained`, never a wrong cause', () => {
    const { right, wrong } = countRight('control', TRIALS);
    expect(right, wrong.join('\n')).toBeGreaterThanOrEqual(AT_LEAST);
  }, 120_000);
});
