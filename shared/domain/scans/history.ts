/**
 * The scan history's rules (docs/decisions.md "Scan history"): what a scan adds to its domain's
 * summary (latest and previous score, count, trend, pillar shares) and the per-check change
 * between two scans of a domain. Pure: the store keeps the results, the operations read them.
 */
import type { Pillar } from '#shared/domain/scan-engine/types';
import type { CheckChange } from './history-schemas.ts';
import type { DomainSummary, HistoryScan, StoredScan } from './ports.ts';

/** How many recent scores a domain's summary keeps for its trend line. */
export const TREND_POINTS = 20;

/** What the history keeps of a scan: no findings, only the points each check earned. */
export function toHistoryScan(scan: StoredScan): HistoryScan {
  return {
    id: scan.id,
    domain: scan.domain,
    score: scan.score,
    scoring_version: scan.scoring_version,
    created_at: scan.created_at,
    checks: scan.checks.map((check) => ({
      id: check.id,
      pillar: check.pillar,
      score: check.score,
      max: check.max,
    })),
  };
}

/** Percent of each pillar's applicable points; null for a pillar where nothing applied. */
export function pillarShares(checks: HistoryScan['checks']): Record<Pillar, number | null> {
  const shares: Record<Pillar, number | null> = { R: null, E: null, A: null, D: null };
  for (const pillar of Object.keys(shares) as Pillar[]) {
    const own = checks.filter((check) => check.pillar === pillar);
    const max = own.reduce((sum, check) => sum + check.max, 0);
    const score = own.reduce((sum, check) => sum + check.score, 0);
    shares[pillar] = max > 0 ? Math.round((100 * score) / max) : null;
  }
  return shares;
}

const byTime = (a: { created_at: string; scan_id: string }, b: typeof a) =>
  a.created_at === b.created_at
    ? a.scan_id.localeCompare(b.scan_id)
    : a.created_at.localeCompare(b.created_at);

/**
 * The summary after `scan`, or undefined when the summary already counts it (a retried write).
 * Scans may arrive out of order; the latest is always the newest by `created_at`.
 */
export function foldIntoSummary(
  summary: DomainSummary | undefined,
  scan: HistoryScan,
): DomainSummary | undefined {
  if (summary?.trend.some((point) => point.scan_id === scan.id)) return undefined;
  const point = { scan_id: scan.id, score: scan.score, created_at: scan.created_at };
  const trend = [...(summary?.trend ?? []), point].sort(byTime).slice(-TREND_POINTS);
  const latest = trend[trend.length - 1] ?? point;
  const isLatest = latest.scan_id === scan.id;
  const previous = trend.length > 1 ? (trend[trend.length - 2] ?? null) : null;
  const first = summary && summary.first_scanned_at < scan.created_at;
  return {
    domain: scan.domain,
    latest_scan_id: latest.scan_id,
    score: latest.score,
    previous_score: previous ? previous.score : null,
    scan_count: (summary?.scan_count ?? 0) + 1,
    first_scanned_at: first ? summary.first_scanned_at : scan.created_at,
    last_scanned_at: latest.created_at,
    pillars: isLatest || !summary ? pillarShares(scan.checks) : summary.pillars,
    trend,
  };
}

/**
 * The checks whose points changed from `before` to `after`, largest change first (then by id).
 * A check missing on one side counts as 0 points there and shows `null`.
 */
export function checkChanges(before: HistoryScan, after: HistoryScan): CheckChange[] {
  const earlier = new Map(before.checks.map((check) => [check.id, check.score]));
  const later = new Map(after.checks.map((check) => [check.id, check.score]));
  const ids = [...new Set([...earlier.keys(), ...later.keys()])];
  return ids
    .map((id) => {
      const was = earlier.get(id) ?? null;
      const now = later.get(id) ?? null;
      return { check: id, before: was, after: now, change: (now ?? 0) - (was ?? 0) };
    })
    .filter((entry) => entry.change !== 0)
    .sort((a, b) => Math.abs(b.change) - Math.abs(a.change) || a.check.localeCompare(b.check));
}
