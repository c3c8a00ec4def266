/**
 * The brand's own site over time, as its scans saw it (docs/monitor.md "Every change has a cause"
 * and "Did the fix pay off?"): the scans of the brand's domain in order, what changed between two
 * runs, and each check that went from failing (or partial) to passing. A check passes when its
 * state is `good` and fails when it is `warn` or `bad` (docs/scan-engine.md); `unknown` is
 * neither. Pure: the operations and steps read the scans, these functions compare them.
 */
import { stateFor } from '#shared/domain/scan-engine/check-state';
import type { CheckState } from '#shared/domain/scan-engine/types';

/** One scan of the brand's site: when, and each check's points. */
export interface ScanPoint {
  id: string;
  domain: string;
  created_at: string;
  checks: readonly { id: string; score: number; max: number }[];
}

/**
 * The checks a site change can explain an answer change with: whether AI crawlers may fetch the
 * site, its llms.txt guide, its structured data and its markdown versions are what an answer
 * engine reads to cite and describe a site.
 */
export const ANSWER_CHECKS = ['crawler', 'llms', 'schema', 'markdown'] as const;

export interface CheckMove {
  check: string;
  before: CheckState;
  after: CheckState;
}

/** What changed on the brand's site between the scans before and after. */
export interface SiteChange {
  before: ScanPoint;
  after: ScanPoint;
  /** Answer checks that went from failing to passing. */
  improved: CheckMove[];
  /** Answer checks that went from passing to failing. */
  regressed: CheckMove[];
}

const fails = (state: CheckState) => state === 'warn' || state === 'bad';

export function checkStates(scan: ScanPoint): Map<string, CheckState> {
  return new Map(scan.checks.map((check) => [check.id, stateFor(check.score, check.max)]));
}

/** Scans in time order, each once (a scan reached two ways is one). */
export function scanTimeline(scans: readonly ScanPoint[]): ScanPoint[] {
  const byId = new Map(scans.map((scan) => [scan.id, scan]));
  return [...byId.values()].sort(
    (a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id),
  );
}

/** The latest scan made at or before `at`. */
export function scanAt(timeline: readonly ScanPoint[], at: string): ScanPoint | undefined {
  return timeline.filter((scan) => scan.created_at <= at).at(-1);
}

/**
 * The site's change between two runs: the latest scan at the end of the earlier run against the
 * latest scan made since (up to `now`). Undefined without a scan on both sides.
 */
export function siteChangeBetween(
  timeline: readonly ScanPoint[],
  earlierRunEnd: string,
  now: string,
): SiteChange | undefined {
  const before = scanAt(timeline, earlierRunEnd);
  const after = scanAt(timeline, now);
  if (!before || !after || after.created_at <= earlierRunEnd || after.id === before.id) {
    return undefined;
  }
  const was = checkStates(before);
  const is = checkStates(after);
  const improved: CheckMove[] = [];
  const regressed: CheckMove[] = [];
  for (const check of ANSWER_CHECKS) {
    const from = was.get(check) ?? 'unknown';
    const to = is.get(check) ?? 'unknown';
    if (fails(from) && to === 'good') improved.push({ check, before: from, after: to });
    if (from === 'good' && fails(to)) regressed.push({ check, before: from, after: to });
  }
  return { before, after, improved, regressed };
}

/** A check that went from failing to passing, dated by its first passing scan. */
export interface CheckFix {
  check: string;
  from: CheckState;
  /** The first passing scan. */
  scan: ScanPoint;
  /** The last failing scan before it. */
  previous: ScanPoint;
}

/** Every fail-to-pass transition of every check in the scans, oldest first. */
export function checkFixes(timeline: readonly ScanPoint[]): CheckFix[] {
  const fixes: CheckFix[] = [];
  const last = new Map<string, { state: CheckState; scan: ScanPoint }>();
  for (const scan of timeline) {
    for (const [check, state] of checkStates(scan)) {
      if (state === 'unknown') continue;
      const earlier = last.get(check);
      if (earlier && fails(earlier.state) && state === 'good') {
        fixes.push({ check, from: earlier.state, scan, previous: earlier.scan });
      }
      last.set(check, { state, scan });
    }
  }
  return fixes;
}
