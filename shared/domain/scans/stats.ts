/**
 * The stats of `GET /api/v1/stats` from the stored counters: the median score and the score
 * distribution from the 101-bucket histogram (one bucket per score), and each check's failure
 * rate.
 */
import type { StatsCounters } from './ports.ts';
import type { Stats } from './schemas.ts';

/** Exact median from the 101-bucket histogram; null when there is no scan. */
export function medianFromHistogram(histogram: readonly number[]): number | null {
  const total = histogram.reduce((sum, count) => sum + count, 0);
  if (total === 0) return null;
  const lower = valueAtRank(histogram, Math.floor((total - 1) / 2));
  const upper = valueAtRank(histogram, Math.floor(total / 2));
  return (lower + upper) / 2;
}

function valueAtRank(histogram: readonly number[], rank: number): number {
  let seen = 0;
  for (const [score, count] of histogram.entries()) {
    seen += count;
    if (seen > rank) return score;
  }
  return histogram.length - 1;
}

/** Ten bands: 0-9, 10-19, ..., 80-89 and 90-100. */
export function scoreDistribution(histogram: readonly number[]): Stats['score_distribution'] {
  return Array.from({ length: 10 }, (_, band) => {
    const from = band * 10;
    const to = band === 9 ? 100 : from + 9;
    const count = histogram.slice(from, to + 1).reduce((sum, value) => sum + value, 0);
    return { from, to, count };
  });
}

/** The stats payload of a scoring version from its counters. */
export function toStats(counters: StatsCounters, scoringVersion: number): Stats {
  const failureRate: Record<string, number> = {};
  for (const [checkId, bad] of Object.entries(counters.badChecks)) {
    failureRate[checkId] =
      counters.scans === 0 ? 0 : Math.round((bad / counters.scans) * 1000) / 1000;
  }
  return {
    domains: counters.domains,
    scans: counters.scans,
    scoring_version: scoringVersion,
    median_score: medianFromHistogram(counters.histogram),
    updated_at: counters.updatedAt,
    score_distribution: scoreDistribution(counters.histogram),
    check_failure_rate: failureRate,
  };
}
