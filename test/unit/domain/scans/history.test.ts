import { describe, expect, it } from 'vitest';
import { checkChanges, foldIntoSummary, TREND_POINTS } from '#shared/domain/scans/history';
import type { HistoryScan } from '#shared/domain/scans/ports';

/** The scan history's rules (docs/decisions.md "Scan history"): summary and per-check diff. */
function scan(at: string, score: number, points: Record<string, number> = {}): HistoryScan {
  return {
    id: crypto.randomUUID(),
    domain: 'shop.example',
    score,
    scoring_version: 2,
    created_at: `2026-11-${at}T10:00:00.000Z`,
    checks: Object.entries(points).map(([id, value]) => ({
      id,
      pillar: id === 'crawler' ? 'R' : 'E',
      score: value,
      max: 10,
    })),
  };
}

describe('a domain summary', () => {
  it('keeps the latest and the previous score, the count and the trend oldest first', () => {
    const first = scan('10', 40, { crawler: 5, llms: 0 });
    const second = scan('12', 55, { crawler: 10, llms: 5 });
    const one = foldIntoSummary(undefined, first);
    const two = foldIntoSummary(one, second);
    expect(one).toMatchObject({ score: 40, previous_score: null, scan_count: 1 });
    expect(two).toMatchObject({
      score: 55,
      previous_score: 40,
      scan_count: 2,
      latest_scan_id: second.id,
      first_scanned_at: first.created_at,
      last_scanned_at: second.created_at,
      pillars: { R: 100, E: 50, A: null, D: null },
    });
    expect(two?.trend.map((point) => point.score)).toEqual([40, 55]);
  });

  it('places a late older scan in the trend without taking the latest place', () => {
    const newer = scan('12', 70, { crawler: 10 });
    const older = scan('05', 30, { crawler: 0 });
    const summary = foldIntoSummary(foldIntoSummary(undefined, newer), older);
    expect(summary).toMatchObject({ score: 70, previous_score: 30, latest_scan_id: newer.id });
    expect(summary?.first_scanned_at).toBe(older.created_at);
    expect(summary?.pillars.R).toBe(100);
  });

  it('counts a retried scan once and keeps only the last points of the trend', () => {
    const first = scan('01', 10);
    const once = foldIntoSummary(undefined, first);
    expect(foldIntoSummary(once, first)).toBeUndefined();
    let summary = once;
    for (let day = 2; day <= 30; day += 1) {
      summary = foldIntoSummary(summary, scan(String(day).padStart(2, '0'), day));
    }
    expect(summary?.scan_count).toBe(30);
    expect(summary?.trend).toHaveLength(TREND_POINTS);
    expect(summary?.trend.at(-1)?.score).toBe(30);
  });
});

describe('the change of each check', () => {
  it('lists only the checks that changed, largest first, a missing side as null', () => {
    const before = scan('10', 40, { crawler: 10, llms: 3, schema: 4 });
    const after = scan('11', 42, { crawler: 6, llms: 5, schema: 4, agent: 1 });
    const changes = checkChanges(before, after);
    expect(changes).toEqual([
      { check: 'crawler', before: 10, after: 6, change: -4 },
      { check: 'llms', before: 3, after: 5, change: 2 },
      { check: 'agent', before: null, after: 1, change: 1 },
    ]);
    expect(checkChanges(after, after)).toEqual([]);
  });
});
