/**
 * The human reports of the CLI: `text` for a terminal and `markdown` for a pull request comment
 * or a job summary (score, the change against the baseline, the gate's reasons, the top fixes,
 * the checks). `json` is the scan as the API returns it.
 */

import { topFixes, type Verdict } from './cli-gate.ts';
import type { Scan } from './types.ts';

type Check = Scan['checks'][number];

/** What every report is made from. */
export interface ReportInput {
  scan: Scan;
  verdict: Verdict;
  baseline?: Scan;
  /** The service's `/docs#findings`, where every finding id is explained. */
  docsUrl: string;
}

const change = (now: number, before: number) => {
  const delta = Math.round((now - before) * 10) / 10;
  return delta === 0 ? '±0' : delta > 0 ? `+${delta}` : `${delta}`;
};

function beforeOf(baseline: Scan | undefined, check: Check): Check | undefined {
  return baseline?.checks.find((candidate) => candidate.id === check.id);
}

/** One line of verdict: what passed or why it failed. */
export function verdictLine(verdict: Verdict): string {
  return verdict.passed ? 'Gate: passed' : `Gate: FAILED: ${verdict.reasons.join('; ')}`;
}

export function textReport({ scan, verdict, baseline }: ReportInput): string {
  const versus = baseline
    ? ` (baseline ${baseline.score}, ${change(scan.score, baseline.score)})`
    : '';
  const lines = [
    `${scan.domain} scored ${scan.score}/100${versus}, scoring version ${scan.scoring_version}`,
    `Result: ${scan.url}`,
    verdictLine(verdict),
    '',
    ...scan.checks.map(
      (check) => `  ${check.id.padEnd(9)} ${check.state.padEnd(7)} ${check.score}/${check.max}`,
    ),
  ];
  const fixes = topFixes(scan, 5);
  if (fixes.length > 0) {
    lines.push('', 'Top fixes:');
    for (const { finding } of fixes) lines.push(`  ${finding.id}: ${finding.text}`);
  }
  for (const regression of verdict.regressions) {
    lines.push(`  regression ${regression.finding_id} (${regression.why}): ${regression.text}`);
  }
  return `${lines.join('\n')}\n`;
}

/** Markdown is read on a code host: table cells lose their pipes and line breaks. */
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\s+/g, ' ');

export function markdownReport({ scan, verdict, baseline }: ReportInput): string {
  const mark = verdict.passed ? '✅ passed' : '❌ gate failed';
  const lines = [
    `## Agent readiness: ${scan.domain} ${scan.score}/100 ${mark}`,
    '',
    baseline
      ? `Score ${scan.score} against the baseline's ${baseline.score} (${change(scan.score, baseline.score)}), scoring version ${scan.scoring_version}. [Full result](${scan.url})`
      : `Score ${scan.score}, scoring version ${scan.scoring_version}. [Full result](${scan.url})`,
  ];
  if (!verdict.passed)
    lines.push('', ...verdict.reasons.map((reason) => `- **Failed**: ${cell(reason)}`));
  if (verdict.regressions.length > 0) {
    lines.push('', '### Regressions', '');
    for (const regression of verdict.regressions) {
      lines.push(`- \`${regression.finding_id}\` (${regression.why}): ${cell(regression.text)}`);
    }
  }
  const fixes = topFixes(scan, 3);
  if (fixes.length > 0) {
    lines.push('', '### Top fixes', '');
    fixes.forEach(({ finding }, index) => {
      lines.push(`${index + 1}. \`${finding.id}\`: ${cell(finding.text)}`);
    });
  }
  lines.push('', '### Checks', '', `| Check | State | Points |${baseline ? ' Change |' : ''}`);
  lines.push(`|---|---|---|${baseline ? '---|' : ''}`);
  for (const check of scan.checks) {
    const before = beforeOf(baseline, check);
    const delta = baseline ? ` ${before ? change(check.score, before.score) : 'new'} |` : '';
    lines.push(`| ${cell(check.title)} | ${check.state} | ${check.score}/${check.max} |${delta}`);
  }
  return `${lines.join('\n')}\n`;
}
