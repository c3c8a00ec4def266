/**
 * Two figures the result page shows that the scan payload (docs/api.md, `get_scan`) has no field for, carried
 * inside finding texts in one fixed wording that this module both writes and reads:
 *
 * - the gain of a fix: a finding that names something to fix ends with "(+N points)", the
 *   points its check would gain if it were fixed;
 * - the best reachable: a check with signals that cannot be verified from outside (counted
 *   as half by the contract, docs/api.md "Scans") has one finding ending "Best reachable here: X of Y points.".
 *
 * Kept free of engine imports so the page can use it without loading the scan engine.
 */

export interface NoteFinding {
  state: string;
  text: string;
}

export interface NoteCheck {
  title?: string;
  score: number;
  max: number;
  findings: readonly NoteFinding[];
}

const GAIN = /\(\+(\d+(?:\.\d+)?) points?\)$/;
const REACHABLE = /Best reachable here: (\d+(?:\.\d+)?) of (\d+(?:\.\d+)?) points\.$/;

export function formatPoints(points: number): string {
  const rounded = Math.round(points * 10) / 10;
  return Number.isInteger(rounded) ? String(rounded) : rounded.toFixed(1);
}

/** "1 point", "2 points", "0.5 points": the figure with the word it takes. */
export function pointsText(points: number): string {
  const figure = formatPoints(points);
  return `${figure} ${figure === '1' ? 'point' : 'points'}`;
}

export function withGain(text: string, points: number): string {
  return `${text} (+${formatPoints(points)} ${points === 1 ? 'point' : 'points'})`;
}

/** The finding text without its gain suffix. */
export function withoutGain(text: string): string {
  return text.replace(GAIN, '').trimEnd();
}

/** Points the check would gain by fixing what the finding names; 0 when it names no fix. */
export function gainOf(finding: NoteFinding): number {
  const match = GAIN.exec(finding.text);
  return match ? Number(match[1]) : 0;
}

export function reachableSentence(reachable: number, max: number): string {
  return `Best reachable here: ${formatPoints(reachable)} of ${formatPoints(max)} points.`;
}

/** The most a check can score for this site: its max less the halves lost by design. */
export function reachableOf(check: NoteCheck): number {
  for (const finding of check.findings) {
    const match = REACHABLE.exec(finding.text);
    if (match) {
      return Number(match[1]);
    }
  }
  return check.max;
}

/** The highest score this site can reach: every fixable point earned, halves kept as halves. */
export function maxReachableScore(checks: readonly NoteCheck[]): number {
  const max = checks.reduce((sum, check) => sum + check.max, 0);
  if (max === 0) {
    return 0;
  }
  const reachable = checks.reduce((sum, check) => sum + reachableOf(check), 0);
  return Math.round((100 * reachable) / max);
}

export interface Fix {
  /** The finding text, without its gain suffix. */
  text: string;
  state: string;
  /** Title of the check the finding belongs to, when the check has one. */
  check: string | undefined;
  /** Points the check gains. */
  points: number;
  /** Points the site score gains (rounded, after the fix alone). */
  scoreGain: number;
}

/** The fixes worth the most, best first. */
export function topFixes(checks: readonly NoteCheck[], count: number): Fix[] {
  const max = checks.reduce((sum, check) => sum + check.max, 0);
  const score = checks.reduce((sum, check) => sum + check.score, 0);
  if (max === 0) {
    return [];
  }
  const current = Math.round((100 * score) / max);
  return checks
    .flatMap((check) => check.findings.map((finding) => ({ check: check.title, finding })))
    .map(({ check, finding }) => ({
      text: withoutGain(finding.text),
      state: finding.state,
      check,
      points: gainOf(finding),
    }))
    .filter((fix) => fix.points > 0)
    .map((fix) => ({ ...fix, scoreGain: Math.round((100 * (score + fix.points)) / max) - current }))
    .sort((a, b) => b.points - a.points)
    .slice(0, count);
}
