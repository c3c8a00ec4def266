/**
 * The machine reports of the CLI: SARIF 2.1.0 (each `warn` and `bad` finding a result whose
 * `ruleId` is its finding id, so code hosts list and track them) and JUnit XML (a `testcase` per
 * check: `bad` fails, `warn` passes with its findings in `system-out`, `unknown` is skipped).
 */

import type { ReportInput } from './cli-reports.ts';
import type { Scan } from './types.ts';

type Check = Scan['checks'][number];
type Finding = Check['findings'][number];

const SARIF_SCHEMA =
  'https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json';

const actionable = (finding: Finding) => finding.state === 'warn' || finding.state === 'bad';

export function sarifReport({ scan, docsUrl }: ReportInput): string {
  const raised = scan.checks.flatMap((check) =>
    check.findings.filter(actionable).map((finding) => ({ check, finding })),
  );
  const rules = new Map<string, { check: Check; finding: Finding }>();
  for (const entry of raised) if (!rules.has(entry.finding.id)) rules.set(entry.finding.id, entry);
  const ruleIds = [...rules.keys()];
  const sarif = {
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'agent-readiness',
            informationUri: docsUrl,
            semanticVersion: `${scan.scoring_version}.0.0`,
            rules: [...rules.values()].map(({ check, finding }) => ({
              id: finding.id,
              name: finding.id.replace(/[._](\w)/g, (_, letter: string) => letter.toUpperCase()),
              shortDescription: { text: `${check.title}: ${finding.id}` },
              helpUri: docsUrl,
              properties: { check: check.id, pillar: check.pillar },
            })),
          },
        },
        automationDetails: { id: `agent-readiness/${scan.domain}/` },
        results: raised.map(({ check, finding }) => ({
          ruleId: finding.id,
          ruleIndex: ruleIds.indexOf(finding.id),
          level: finding.state === 'bad' ? 'error' : 'warning',
          message: { text: finding.text },
          locations: [
            {
              physicalLocation: { artifactLocation: { uri: scan.url } },
              logicalLocations: [
                {
                  name: check.id,
                  fullyQualifiedName: `${scan.domain}/${check.id}`,
                  kind: 'module',
                },
              ],
            },
          ],
          properties: { check: check.id, scan_id: scan.id },
        })),
        properties: {
          domain: scan.domain,
          score: scan.score,
          scoring_version: scan.scoring_version,
        },
      },
    ],
  };
  return `${JSON.stringify(sarif, null, 2)}\n`;
}

/** XML 1.0 carries no control characters but tab, line feed and carriage return. */
const allowedInXml = (char: string) => {
  const code = char.codePointAt(0) ?? 0;
  return code >= 0x20 || code === 0x9 || code === 0xa || code === 0xd;
};

const xml = (text: string | number) =>
  [...String(text)]
    .filter(allowedInXml)
    .join('')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

function testcase(scan: Scan, check: Check): string {
  const name = `${check.id}: ${check.title}`;
  const findings = check.findings
    .filter(actionable)
    .map((finding) => `[${finding.state}] ${finding.id}: ${finding.text}`)
    .join('\n');
  const open = `    <testcase classname="agent-readiness.${xml(scan.domain)}" name="${xml(name)}" time="0">`;
  if (check.state === 'unknown') {
    return `${open}\n      <skipped message="${xml(`not measured or not applicable (${check.score}/${check.max})`)}"/>\n    </testcase>`;
  }
  if (check.state === 'bad') {
    return `${open}\n      <failure type="bad" message="${xml(`${check.score}/${check.max} points`)}">${xml(findings)}</failure>\n    </testcase>`;
  }
  const out = findings ? `\n      <system-out>${xml(findings)}</system-out>` : '';
  return `${open}${out}\n    </testcase>`;
}

export function junitReport({ scan }: ReportInput): string {
  const failures = scan.checks.filter((check) => check.state === 'bad').length;
  const skipped = scan.checks.filter((check) => check.state === 'unknown').length;
  const tests = scan.checks.length;
  const counts = `tests="${tests}" failures="${failures}" errors="0" skipped="${skipped}"`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="agent-readiness" ${counts}>`,
    `  <testsuite name="${xml(`${scan.domain} (score ${scan.score})`)}" ${counts} timestamp="${xml(scan.created_at)}">`,
    ...scan.checks.map((check) => testcase(scan, check)),
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}
