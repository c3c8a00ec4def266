/**
 * Real Lighthouse (the devDependency, 13.5.x) on Debian's Chromium, for the tests that hold our
 * peers.lighthouse verdicts and our own pages against it (issue 37). Headless, loopback only:
 * background networking, component updates and sync are off, and Lighthouse runs only the
 * Agentic Browsing category with throttling "provided" (no simulated slow network).
 * `webmcp: true` starts Chromium with WebMCP enabled, the Chrome in which Lighthouse's WebMCP
 * audits apply (peers/lighthouse.ts assumes it).
 */
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { CHROMIUM_PATH, QUIET_CHROMIUM_ARGS, SKIP_REASON } from './chromium.ts';

export { CHROMIUM_PATH as LIGHTHOUSE_CHROMIUM, SKIP_REASON as LIGHTHOUSE_SKIP_REASON };

const run = promisify(execFile);
const packageJson = createRequire(import.meta.url).resolve('lighthouse/package.json');

/** The version of the package that runs (what peers.lighthouse.version must name). */
export const LIGHTHOUSE_PACKAGE_VERSION: string = createRequire(import.meta.url)(
  packageJson,
).version;

/** Its command line: one process per run, so runs can go side by side (the API keeps globals). */
const CLI = join(dirname(packageJson), 'cli', 'index.js');

export interface LighthouseAuditResult {
  score: number | null;
  scoreDisplayMode: string;
}

export interface AgenticRun {
  url: string;
  /** The Agentic Browsing category score (a fraction of the audits that apply), or null. */
  categoryScore: number | null;
  audits: Record<string, LighthouseAuditResult>;
}

const FLAGS = [
  '--headless=new',
  ...QUIET_CHROMIUM_ARGS,
  '--disable-default-apps',
  '--disable-extensions',
];

interface Report {
  categories: Record<string, { score: number | null } | undefined>;
  audits: Record<string, LighthouseAuditResult>;
}

/** Lighthouse's report of one page, Agentic Browsing only, from its command line. */
export async function runAgenticBrowsing(
  url: string,
  options: { webmcp?: boolean } = {},
): Promise<AgenticRun> {
  if (!CHROMIUM_PATH) throw new Error(SKIP_REASON);
  const flags = [...FLAGS, ...(options.webmcp ? ['--enable-features=WebMCP'] : [])];
  const { stdout } = await run(
    process.execPath,
    [
      CLI,
      url,
      '--output=json',
      '--output-path=stdout',
      '--quiet',
      '--only-categories=agentic-browsing',
      '--throttling-method=provided',
      '--preset=desktop',
      '--disable-full-page-screenshot',
      `--chrome-flags=${flags.join(' ')}`,
    ],
    // chrome-launcher (inside Lighthouse) takes the browser from CHROME_PATH.
    { env: { ...process.env, CHROME_PATH: CHROMIUM_PATH }, maxBuffer: 64 * 1024 * 1024 },
  );
  const report = JSON.parse(stdout) as Report;
  const audits: Record<string, LighthouseAuditResult> = {};
  for (const [id, audit] of Object.entries(report.audits)) {
    audits[id] = { score: audit.score, scoreDisplayMode: audit.scoreDisplayMode };
  }
  return { url, categoryScore: report.categories['agentic-browsing']?.score ?? null, audits };
}

/** An audit's result on the peers scale: score 1 pass, 0.9 warn, 0 fail; left out of the category na. */
export function verdictOf(audit: LighthouseAuditResult | undefined): string | undefined {
  if (audit === undefined) return undefined;
  if (['notApplicable', 'informative', 'manual'].includes(audit.scoreDisplayMode)) return 'na';
  if (audit.score === 1) return 'pass';
  if (audit.score === 0) return 'fail';
  if (audit.score !== null && audit.score >= 0.9) return 'warn';
  return `score ${audit.score}`;
}

/** Runs `work` over `items`, at most `limit` at a time, in the items' order. */
export async function inBatches<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.max(1, limit) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T);
    }
  });
  await Promise.all(lanes);
  return results;
}
