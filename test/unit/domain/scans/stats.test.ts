import { describe, expect, it } from 'vitest';
import { quotaBucketForAddress } from '#shared/domain/scans/client-address';
import { medianFromHistogram, scoreDistribution, toStats } from '#shared/domain/scans/stats';

function histogramOf(scores: number[]): number[] {
  const histogram = Array.from({ length: 101 }, () => 0);
  for (const score of scores) histogram[score] = (histogram[score] ?? 0) + 1;
  return histogram;
}

describe('stats from the score histogram', () => {
  it('reads the exact median for odd and even counts', () => {
    expect(medianFromHistogram(histogramOf([10, 90, 40]))).toBe(40);
    expect(medianFromHistogram(histogramOf([10, 20, 30, 100]))).toBe(25);
    expect(medianFromHistogram(histogramOf([7, 7]))).toBe(7);
    expect(medianFromHistogram(histogramOf([0, 100]))).toBe(50);
  });

  it('has no median before the first scan', () => {
    expect(medianFromHistogram(histogramOf([]))).toBeNull();
  });

  it('counts scans into ten bands, the last one including 100', () => {
    const bands = scoreDistribution(histogramOf([0, 9, 10, 95, 100]));
    expect(bands).toHaveLength(10);
    expect(bands[0]).toEqual({ from: 0, to: 9, count: 2 });
    expect(bands[1]).toEqual({ from: 10, to: 19, count: 1 });
    expect(bands[9]).toEqual({ from: 90, to: 100, count: 2 });
  });

  it('reports the failure rate per check as a fraction of scans', () => {
    const stats = toStats(
      {
        scans: 4,
        domains: 3,
        histogram: histogramOf([1, 2, 3, 4]),
        badChecks: { llms: 3 },
        updatedAt: null,
      },
      2,
    );
    expect(stats.check_failure_rate).toEqual({ llms: 0.75 });
    expect(stats.median_score).toBe(2.5);
  });
});

describe('anonymous quota buckets', () => {
  it('counts IPv4 per address and IPv4-mapped IPv6 as the IPv4 address', () => {
    expect(quotaBucketForAddress('203.0.113.7')).toBe('ip4:203.0.113.7');
    expect(quotaBucketForAddress('::ffff:203.0.113.7')).toBe('ip4:203.0.113.7');
  });

  it('counts IPv6 per /64', () => {
    const a = quotaBucketForAddress('2001:db8:1:2:aaaa::1');
    const b = quotaBucketForAddress('2001:db8:1:2:ffff:ffff:ffff:ffff');
    const other = quotaBucketForAddress('2001:db8:1:3::1');
    expect(a).toBe(b);
    expect(a).not.toBe(other);
  });
});
