import { describe, expect, it } from 'vitest';
import {
  checkFixes,
  type ScanPoint,
  scanTimeline,
  siteChangeBetween,
} from '#shared/domain/monitor/engine/site-checks';

function scan(id: string, day: number, points: Record<string, [number, number]>): ScanPoint {
  return {
    id,
    domain: 'acme.example',
    created_at: `2026-11-${String(day).padStart(2, '0')}T00:00:00.000Z`,
    checks: Object.entries(points).map(([check, [score, max]]) => ({ id: check, score, max })),
  };
}

const POOR = scan('s1', 1, { llms: [0, 10], schema: [5, 10], sitemap: [0, 10], render: [10, 10] });
const FIXED = scan('s2', 5, {
  llms: [10, 10],
  schema: [9, 10],
  sitemap: [10, 10],
  render: [10, 10],
});
const BROKEN = scan('s3', 9, {
  llms: [0, 10],
  schema: [9, 10],
  sitemap: [10, 10],
  render: [10, 10],
});
const REFIXED = scan('s4', 12, {
  llms: [10, 10],
  schema: [9, 10],
  sitemap: [10, 10],
  render: [0, 0],
});

describe('the fixes in a site’s scans', () => {
  it('finds each check that went from failing (or partial) to passing, dated by the first passing scan', () => {
    const fixes = checkFixes(scanTimeline([REFIXED, POOR, BROKEN, FIXED, FIXED]));
    expect(fixes.map((f) => [f.check, f.from, f.previous.id, f.scan.id])).toEqual([
      ['llms', 'bad', 's1', 's2'],
      ['schema', 'warn', 's1', 's2'],
      ['sitemap', 'bad', 's1', 's2'],
      // Broken again and fixed again: a second fix. A check not evaluated (max 0) is neither.
      ['llms', 'bad', 's3', 's4'],
    ]);
  });
});

describe('the site’s change between two runs', () => {
  it('compares the scan at the end of the earlier run with the latest since, on the checks answer engines read', () => {
    const change = siteChangeBetween(
      [POOR, FIXED],
      '2026-11-02T00:00:00.000Z',
      '2026-11-06T00:00:00.000Z',
    );
    expect(change?.before.id).toBe('s1');
    expect(change?.after.id).toBe('s2');
    // The sitemap was fixed too, but it is not a check an answer engine reads.
    expect(change?.improved.map((c) => c.check)).toEqual(['llms', 'schema']);
    expect(change?.regressed).toEqual([]);
  });

  it('sees a check that broke as regressed', () => {
    const change = siteChangeBetween(
      [FIXED, BROKEN],
      '2026-11-06T00:00:00.000Z',
      '2026-11-10T00:00:00.000Z',
    );
    expect(change?.regressed).toEqual([{ check: 'llms', before: 'good', after: 'bad' }]);
  });

  it('sees nothing without a scan on both sides of the earlier run’s end', () => {
    expect(
      siteChangeBetween([POOR], '2026-11-02T00:00:00.000Z', '2026-11-06T00:00:00.000Z'),
    ).toBeUndefined();
    expect(
      siteChangeBetween([FIXED], '2026-11-02T00:00:00.000Z', '2026-11-06T00:00:00.000Z'),
    ).toBeUndefined();
  });
});
