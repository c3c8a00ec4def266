/**
 * The gate (client/README.md "The CI gate"): the score against `--min-score`, and with
 * `--fail-on` the findings (`warn`, `bad`) or the regressions against a baseline scan: a `warn`
 * or `bad` finding id the baseline did not have or had as `good`, and the findings of a check
 * whose state got worse. Every reason names its finding id.
 */

import type { FailOn } from './cli-args.ts';
import type { Scan } from './types.ts';

type Check = Scan['checks'][number];
type Finding = Check['findings'][number];

/** One finding that got worse against the baseline. */
export interface Regression {
  finding_id: string;
  check: string;
  /** Why it counts ("new", "was good", "the check went from good to warn"). */
  why: string;
  text: string;
}

/** What the gate decided and why. */
export interface Verdict {
  passed: boolean;
  /** One line per reason the gate failed, each naming its finding ids. */
  reasons: string[];
  regressions: Regression[];
}

const RANK: Record<string, number> = { good: 0, warn: 1, bad: 2 };
const actionable = (finding: Finding) => finding.state === 'warn' || finding.state === 'bad';

/** The points a finding's fix gains, as its text ends ("(+3 points)"); 0 when it names none. */
export function gainOf(text: string): number {
  const match = /\(\+(\d+(?:\.\d+)?) points?\)$/.exec(text);
  return match ? Number(match[1]) : 0;
}

/** The findings of the scan that got worse against the baseline. */
export function regressionsOf(scan: Scan, baseline: Scan): Regression[] {
  const before = new Map<string, string>();
  for (const check of baseline.checks) {
    for (const finding of check.findings) {
      const known = before.get(finding.id);
      if (known === undefined || (RANK[finding.state] ?? -1) > (RANK[known] ?? -1)) {
        before.set(finding.id, finding.state);
      }
    }
  }
  const found = new Map<string, Regression>();
  for (const check of scan.checks) {
    const was = baseline.checks.find((candidate) => candidate.id === check.id)?.state;
    const worse =
      was !== undefined && (RANK[check.state] ?? -1) > (RANK[was] ?? Number.POSITIVE_INFINITY);
    for (const finding of check.findings.filter(actionable)) {
      const prior = before.get(finding.id);
      const why =
        prior === undefined
          ? 'new'
          : prior === 'good'
            ? 'was good'
            : worse
              ? `the check went from ${was} to ${check.state}`
              : undefined;
      if (why !== undefined && !found.has(finding.id)) {
        found.set(finding.id, { finding_id: finding.id, check: check.id, why, text: finding.text });
      }
    }
  }
  return [...found.values()];
}

/** The gate's verdict for a scan. */
export function judge(
  scan: Scan,
  options: { minScore?: number; failOn?: FailOn },
  baseline: Scan | undefined,
): Verdict {
  const reasons: string[] = [];
  if (options.minScore !== undefined && scan.score < options.minScore) {
    reasons.push(`score ${scan.score} is under --min-score ${options.minScore}`);
  }
  const regressions = baseline === undefined ? [] : regressionsOf(scan, baseline);
  if (options.failOn === 'regression' && regressions.length > 0) {
    const named = regressions.map((regression) => `${regression.finding_id} (${regression.why})`);
    reasons.push(`regression against the baseline: ${named.join(', ')}`);
  }
  if (options.failOn === 'warn' || options.failOn === 'bad') {
    const levels = options.failOn === 'warn' ? ['warn', 'bad'] : ['bad'];
    const ids = scan.checks.flatMap((check) =>
      check.findings
        .filter((finding) => levels.includes(finding.state))
        .map((finding) => finding.id),
    );
    if (ids.length > 0) {
      reasons.push(
        `${options.failOn === 'warn' ? 'warn or bad' : 'bad'} findings: ${[...new Set(ids)].join(', ')}`,
      );
    }
  }
  return { passed: reasons.length === 0, reasons, regressions };
}

/** The findings worth the most points, best first. */
export function topFixes(scan: Scan, count: number): Array<{ check: Check; finding: Finding }> {
  return scan.checks
    .flatMap((check) => check.findings.filter(actionable).map((finding) => ({ check, finding })))
    .filter(({ finding }) => gainOf(finding.text) > 0)
    .sort((a, b) => gainOf(b.finding.text) - gainOf(a.finding.text))
    .slice(0, count);
}
