/**
 * The scoring model of scoring_version 2 (docs/scan-engine.md, "Checks"). A check is a list of
 * sub-signals, each worth `points`; every signal resolves to an outcome:
 *
 *   pass          full points
 *   partial       `fraction` of the points
 *   fail          0
 *   unverifiable  half the points: the signal cannot be verified from outside (`outside`), or
 *                 our own probe could not be made this time (`scanner`; never the site's fault)
 *   na            does not apply: removed from the check's max and score
 *
 * A check whose signals are all `na`, or whose evaluable signals were all lost to scanner-side
 * failures, is `unknown` with max 0: we never score a page we could not read.
 *
 * Findings: one per cause. Signals that are consequences of a cause (llms.txt missing, so no
 * H1 either) carry no finding of their own; the points they lose are added to the cause's
 * finding as the gain of fixing it. Half credit is explained once per check, with the best
 * score the check can reach.
 */
import { stateFor } from './check-state.ts';
import { reachableSentence, withGain } from './report-notes.ts';
import { standardForSignal, standardRef } from './standards.ts';
import type { Check, CheckId, Finding, Pillar } from './types.ts';

export type SignalOutcome = 'pass' | 'partial' | 'fail' | 'unverifiable' | 'na';

export interface Signal {
  /** Short stable name, used in tests and docs ("robots-file", "search-crawlers"...). */
  key: string;
  points: number;
  outcome: SignalOutcome;
  /** For `partial`: the share of the points earned, 0..1. */
  fraction?: number;
  /** For `unverifiable`: why it counts half (see the module comment). */
  cause?: 'outside' | 'scanner';
  /** For `unverifiable`: what could not be verified, in a few words, for the half-credit note. */
  note?: string;
  /**
   * For `fail`/`partial` signals that can never be verified fully from outside: the best share
   * a fix can earn (0.5: fixed, it becomes a half). Default 1.
   */
  bestFraction?: number;
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

export interface HalfCredit {
  cause: 'outside' | 'scanner';
  /** What could not be verified, in a few words ("whether your firewall admits ..."). */
  note: string;
}

/** Half the points, for the reason in `why`; `finding` only when the half needs its own words. */
export function unverifiable(
  key: string,
  points: number,
  why: HalfCredit,
  finding?: Finding,
): Signal {
  return {
    key,
    points,
    outcome: 'unverifiable',
    cause: why.cause,
    note: why.note,
    findings: finding === undefined ? [] : [finding],
  };
}

/** A failing signal that, once fixed, still counts only half (cannot be verified from outside). */
export function atBestHalf(signal: Signal, note: string): Signal {
  return { ...signal, bestFraction: 0.5, note };
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
  rawSignals: readonly Signal[],
  rawExtraFindings: readonly Finding[] = [],
): Check {
  const signals = rawSignals.map((signal) => withStandards(definition, signal));
  const extraFindings = rawExtraFindings.map((finding) => stamped(definition, undefined, finding));
  const applicable = signals.filter((signal) => signal.outcome !== 'na');
  const evaluated = applicable.filter(
    (signal) => !(signal.outcome === 'unverifiable' && signal.cause === 'scanner'),
  );
  if (applicable.length === 0 || evaluated.length === 0) {
    const findings = [...signals.flatMap((signal) => signal.findings), ...extraFindings];
    return { ...definition, state: 'unknown', score: 0, max: 0, findings };
  }
  const max = applicable.reduce((sum, signal) => sum + signal.points, 0);
  const score = roundTo(
    applicable.reduce((sum, signal) => sum + earnedPoints(signal), 0),
    1,
  );
  const findings = [...findingsWithGains(signals), ...extraFindings];
  const half = halfCreditFinding(definition.id, applicable, max);
  if (half !== undefined) {
    findings.push(stamped(definition, undefined, half));
  }
  return { ...definition, state: stateFor(score, max), score, max, findings };
}

/** Every finding names its standard: its own, else its signal's, else the check's. */
function stamped(definition: CheckDefinition, key: string | undefined, finding: Finding): Finding {
  if (finding.standard !== undefined) return finding;
  return { ...finding, standard: standardForSignal(definition.id, key) };
}

function withStandards(definition: CheckDefinition, signal: Signal): Signal {
  return {
    ...signal,
    findings: signal.findings.map((finding) => stamped(definition, signal.key, finding)),
  };
}

const isActionable = (finding: Finding) => finding.state === 'bad' || finding.state === 'warn';

/**
 * Each fixable loss (fail or partial) is added to a finding: the signal's own bad/warn finding,
 * or, for a consequence signal without one, the cause finding before it. Losses of signals
 * that report a good or unknown state name nothing to fix and are not attributed.
 */
function findingsWithGains(signals: readonly Signal[]): Finding[] {
  const findings: Finding[] = [];
  const gains = new Map<Finding, number>();
  let cause: Finding | undefined;
  for (const signal of signals) {
    findings.push(...signal.findings);
    const own = signal.findings.find(isActionable);
    if (own !== undefined) {
      cause = own;
    }
    const loss = signal.outcome === 'fail' || signal.outcome === 'partial' ? lossOf(signal) : 0;
    const consequence = signal.findings.every((finding) => finding.state === 'info');
    const target = own ?? (consequence ? cause : undefined);
    if (loss > 0 && target !== undefined) {
      gains.set(target, (gains.get(target) ?? 0) + loss);
    }
  }
  return findings.map((finding) => {
    const gain = gains.get(finding);
    return gain === undefined ? finding : { ...finding, text: withGain(finding.text, gain) };
  });
}

/** What fixing the signal can gain: up to its best share, not beyond. */
function lossOf(signal: Signal): number {
  const best = signal.points * (signal.bestFraction ?? 1);
  return Math.max(0, roundTo(best - earnedPoints(signal), 1));
}

/** The one finding that explains every half in the check, and the best the check can reach. */
function halfCreditFinding(
  check: CheckId,
  applicable: readonly Signal[],
  max: number,
): Finding | undefined {
  const outside = applicable.filter(
    (signal) => signal.outcome === 'unverifiable' && signal.cause === 'outside',
  );
  const scanner = applicable.filter(
    (signal) => signal.outcome === 'unverifiable' && signal.cause === 'scanner',
  );
  const capped = applicable.filter(
    (signal) => signal.outcome !== 'unverifiable' && (signal.bestFraction ?? 1) < 1,
  );
  if (outside.length + scanner.length + capped.length === 0) {
    return undefined;
  }
  const notes = (list: readonly Signal[]) =>
    list.map((signal) => signal.note ?? signal.key).join('; ');
  const parts = [
    outside.length > 0
      ? `Counted as half because it cannot be verified from outside: ${notes(outside)}.`
      : '',
    capped.length > 0
      ? `At best half once fixed, ${outside.length > 0 ? 'for the same reason' : 'because it cannot be verified from outside'}: ${notes(capped)}.`
      : '',
    scanner.length > 0
      ? `${outside.length > 0 ? 'Also' : 'Counted as'} half because this scan could not measure it: ${notes(scanner)}.`
      : '',
  ];
  const lostByDesign =
    outside.reduce((sum, signal) => sum + signal.points / 2, 0) +
    capped.reduce((sum, signal) => sum + signal.points * (1 - (signal.bestFraction ?? 1)), 0);
  return {
    id: `${check}.half_credit`,
    // Half credit is the scoring rule's (the contract's), whatever the check judges.
    standard: standardRef('scoring'),
    state: 'unknown',
    text: `${parts.filter(Boolean).join(' ')} ${reachableSentence(max - lostByDesign, max)}`,
  };
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
