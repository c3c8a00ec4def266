/**
 * The scoring model of scoring_version 2 (research/scan.md 3.1). A check is a list of
 * sub-signals, each worth `points`; every signal resolves to an outcome:
 *
 *   pass          full points
 *   partial       `fraction` of the points
 *   fail          0
 *   unverifiable  half the points: the signal cannot be verified from outside, or the probe it
 *                 needs timed out / could not connect (scanner-side; never counted as a failure)
 *   na            does not apply: removed from the check's max and score
 *
 * A check whose signals are all `na`, or whose evaluable signals were all lost to scanner-side
 * failures, is `unknown` with max 0: we never score a page we could not read.
 */
import type { Check, CheckId, CheckState, Finding, Pillar } from './types.ts';

export type SignalOutcome = 'pass' | 'partial' | 'fail' | 'unverifiable' | 'na';

export interface Signal {
  /** Short stable name, used in tests and docs ("robots-status", "search-bots"...). */
  key: string;
  points: number;
  outcome: SignalOutcome;
  /** For `partial`: the share of the points earned, 0..1. */
  fraction?: number;
  /**
   * For `unverifiable`: `outside` when no outside scan could ever verify it (half by design),
   * `scanner` when our own probe timed out or failed to connect.
   */
  cause?: 'outside' | 'scanner';
  findings: Finding[];
}

export interface CheckDefinition {
  id: CheckId;
  pillar: Pillar;
  title: string;
}

export function pass(key: string, points: number, ...findings: Finding[]): Signal {
  return { key, points, outcome: 'pass', findings };
}

export function fail(key: string, points: number, ...findings: Finding[]): Signal {
  return { key, points, outcome: 'fail', findings };
}

export function partial(key: string, points: number, fraction: number, ...findings: Finding[]) {
  const clamped = Math.min(1, Math.max(0, fraction));
  if (clamped >= 1) {
    return pass(key, points, ...findings);
  }
  if (clamped <= 0) {
    return fail(key, points, ...findings);
  }
  return { key, points, outcome: 'partial', fraction: clamped, findings } satisfies Signal;
}

export function unverifiable(
  key: string,
  points: number,
  cause: 'outside' | 'scanner',
  ...findings: Finding[]
): Signal {
  return { key, points, outcome: 'unverifiable', cause, findings };
}

export function notApplicable(key: string, points: number, ...findings: Finding[]): Signal {
  return { key, points, outcome: 'na', findings };
}

export function earnedPoints(signal: Signal): number {
  switch (signal.outcome) {
    case 'pass':
      return signal.points;
    case 'partial':
      return signal.points * (signal.fraction ?? 0);
    case 'unverifiable':
      return signal.points / 2;
    case 'fail':
    case 'na':
      return 0;
  }
}

/** Folds signals into a Check. Scores keep one decimal so halves survive. */
export function buildCheck(
  definition: CheckDefinition,
  signals: readonly Signal[],
  extraFindings: readonly Finding[] = [],
): Check {
  const findings = [...signals.flatMap((signal) => signal.findings), ...extraFindings];
  const applicable = signals.filter((signal) => signal.outcome !== 'na');
  const evaluated = applicable.filter(
    (signal) => !(signal.outcome === 'unverifiable' && signal.cause === 'scanner'),
  );
  if (applicable.length === 0 || evaluated.length === 0) {
    return { ...definition, state: 'unknown', score: 0, max: 0, findings };
  }
  const max = applicable.reduce((sum, signal) => sum + signal.points, 0);
  const score = roundTo(
    applicable.reduce((sum, signal) => sum + earnedPoints(signal), 0),
    1,
  );
  return { ...definition, state: stateFor(score, max), score, max, findings };
}

export function stateFor(score: number, max: number): CheckState {
  if (max <= 0) {
    return 'unknown';
  }
  const ratio = score / max;
  if (ratio >= 0.8) {
    return 'good';
  }
  if (ratio >= 0.4) {
    return 'warn';
  }
  return 'bad';
}

/** The site score: round(100 * sum(score) / sum(max)); N/A already left both sides. */
export function siteScore(checks: readonly Check[]): number {
  const max = checks.reduce((sum, check) => sum + check.max, 0);
  if (max === 0) {
    return 0;
  }
  const score = checks.reduce((sum, check) => sum + check.score, 0);
  return Math.round((100 * score) / max);
}

function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}
