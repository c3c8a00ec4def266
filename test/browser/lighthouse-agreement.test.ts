import { availableParallelism } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIGHTHOUSE_AUDITS } from '#shared/domain/scan-engine/types';
import {
  type AgenticRun,
  inBatches,
  LIGHTHOUSE_CHROMIUM,
  LIGHTHOUSE_PACKAGE_VERSION,
  LIGHTHOUSE_SKIP_REASON,
  runAgenticBrowsing,
  verdictOf,
} from '#test/browser/support/lighthouse';
import type { FixtureSiteName } from '#test/fixtures/sites/index';
import { type ScannedSites, scanFixtureSites } from '#test/support/scanned-sites';

/**
 * Issue 37, point 5: our `peers.lighthouse` (computed by the engine from Lighthouse 13.5.x's
 * published rules) agrees with real Lighthouse, the devDependency, run once per fixture site in
 * Debian's Chromium (headless, loopback only, WebMCP enabled so its WebMCP audits apply), with
 * only the Agentic Browsing category, two sites at a time. Wherever both judge an audit, the
 * verdicts must be the same; the agreement table is printed. Sites whose main document is not a
 * page (a 402, a challenge) are left out: Lighthouse reports an error for them, not a verdict.
 *
 *   npx vitest run test/browser/lighthouse-agreement.test.ts
 */
const SITES = [
  'good',
  'catalog-with-names',
  'llms-as-html',
  'ard-with-queries',
  'ard-agentmap',
  'ard-link-header',
  'llms-subpath',
  'webmcp-forms',
] as const satisfies readonly FixtureSiteName[];
type Name = (typeof SITES)[number];

type Peers = { lighthouse: { version: string; audits: Record<string, string> } };

let scanned: ScannedSites<Name> | undefined;

/** Our peers.lighthouse verdicts of a scanned site. */
function peersOf(name: Name): Peers['lighthouse'] {
  if (scanned === undefined) throw new Error('the fixture sites were not scanned');
  return (scanned.scan(name) as unknown as { peers: Peers }).peers.lighthouse;
}
let runs: AgenticRun[] = [];

if (!LIGHTHOUSE_CHROMIUM) console.warn(`[lighthouse] ${LIGHTHOUSE_SKIP_REASON}`);

beforeAll(async () => {
  if (!LIGHTHOUSE_CHROMIUM) return;
  scanned = await scanFixtureSites(SITES);
  const sites = scanned;
  const lanes = Math.max(1, Math.min(2, availableParallelism()));
  runs = await inBatches(SITES, lanes, (name) =>
    runAgenticBrowsing(`${sites.site(name).url}/`, { webmcp: true }),
  );
}, 600_000);

afterAll(async () => {
  await scanned?.close();
});

describe.skipIf(!LIGHTHOUSE_CHROMIUM)('peers.lighthouse beside real Lighthouse', () => {
  it(`names the Lighthouse version that runs (${LIGHTHOUSE_PACKAGE_VERSION})`, () => {
    expect(LIGHTHOUSE_PACKAGE_VERSION).toMatch(/^13\.5\./);
    for (const name of SITES) {
      expect(peersOf(name).version).toBe(LIGHTHOUSE_PACKAGE_VERSION);
    }
  });

  it('agrees with its audits on every fixture where both judge', () => {
    const rows: string[] = [];
    const disagreements: string[] = [];
    let compared = 0;
    SITES.forEach((name, index) => {
      const ours = peersOf(name).audits;
      const run = runs[index] as AgenticRun;
      for (const audit of LIGHTHOUSE_AUDITS) {
        const theirs = verdictOf(run.audits[audit]);
        const mine = ours[audit];
        const both = theirs !== undefined && mine !== undefined;
        if (both) compared += 1;
        if (both && theirs !== mine)
          disagreements.push(`${name} ${audit}: ours ${mine}, Lighthouse ${theirs}`);
        const mark = !both ? 'not both' : theirs === mine ? 'agree' : 'DIFFER';
        rows.push(`| ${name} | ${audit} | ${mine ?? '-'} | ${theirs ?? '-'} | ${mark} |`);
      }
    });
    console.log(
      [
        `Lighthouse ${LIGHTHOUSE_PACKAGE_VERSION} (real) vs peers.lighthouse (ours):`,
        '| site | audit | ours | Lighthouse | |',
        '|---|---|---|---|---|',
        ...rows,
      ].join('\n'),
    );
    expect(disagreements).toEqual([]);
    expect(compared).toBeGreaterThanOrEqual(SITES.length * 2);
  });

  it('covers every verdict the fixtures can draw out: pass, warn, fail and not applicable', () => {
    const seen = new Set(SITES.flatMap((name) => Object.values(peersOf(name).audits)));
    expect([...seen].sort()).toEqual(['fail', 'na', 'pass', 'warn']);
  });
});
