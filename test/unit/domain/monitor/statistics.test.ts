import { describe, expect, it } from 'vitest';
import {
  clusteredWilson,
  newcombeDifference,
  wilson,
} from '#shared/domain/monitor/engine/statistics';

describe('wilson', () => {
  it('matches the textbook Wilson bounds', () => {
    expect(wilson(5, 10).lower).toBeCloseTo(0.2366, 4);
    expect(wilson(5, 10).upper).toBeCloseTo(0.7634, 4);
    expect(wilson(0, 10).lower).toBe(0);
    expect(wilson(0, 10).upper).toBeCloseTo(0.2775, 4);
    expect(wilson(10, 10).lower).toBeCloseTo(0.7225, 4);
  });

  it('knows nothing without observations', () => {
    expect(wilson(0, 0)).toEqual({
      value: 0,
      lower: 0,
      upper: 1,
      successes: 0,
      n: 0,
      n_effective: 0,
    });
  });

  it('narrows as n grows around the same rate', () => {
    const small = wilson(3, 10);
    const large = wilson(300, 1000);

    expect(large.upper - large.lower).toBeLessThan(small.upper - small.lower);
    expect(large.lower).toBeLessThan(0.3);
    expect(large.upper).toBeGreaterThan(0.3);
  });
});

describe('clusteredWilson', () => {
  it('equals the plain interval when repeats of a prompt vary independently', () => {
    const clusters = Array.from({ length: 10 }, () => [true, false, true, false]);

    expect(clusteredWilson(clusters)).toEqual(wilson(20, 40));
  });

  it('counts perfectly correlated repeats as one observation per prompt', () => {
    const clusters = [
      ...Array.from({ length: 5 }, () => [true, true, true, true]),
      ...Array.from({ length: 5 }, () => [false, false, false, false]),
    ];
    const interval = clusteredWilson(clusters);
    const perPrompt = wilson(5, 10);

    expect(interval.n).toBe(40);
    expect(interval.n_effective).toBeCloseTo(10, 6);
    expect(interval.lower).toBeCloseTo(perPrompt.lower, 6);
    expect(interval.upper).toBeCloseTo(perPrompt.upper, 6);
  });
});

describe('newcombeDifference', () => {
  it('calls a change noise when the interval covers 0', () => {
    expect(newcombeDifference(wilson(6, 10), wilson(5, 10)).within_noise).toBe(true);
  });

  it('reports a clear change with an interval away from 0', () => {
    const change = newcombeDifference(wilson(90, 100), wilson(10, 100));

    expect(change.difference).toBeCloseTo(0.8, 6);
    expect(change.within_noise).toBe(false);
    expect(change.lower).toBeGreaterThan(0.6);
    expect(change.upper).toBeLessThan(0.9);
  });
});
