/**
 * The scan engine: collect artifacts (shared, memoised, parallel fetches under a deadline),
 * then run the nine pure checks and fold them into one score.
 *
 * Primary course:
 *   1. GET / on the first start URL (https unless the caller named http), with the fan-out
 *      fired speculatively on the same origin; fall back to the next start URL if it cannot
 *      be reached. No start URL reachable: OperationFailedError('scan_failed'); a host that
 *      accepted the connection but is slow still gets a result (collect/homepage.ts), unless
 *      nothing of the site answered at all (unreachable.ts).
 *   2. Fan-out and follow-ups (collect/), each fetched once, budgets trimmed to the deadline.
 *   3. Checks, then score = round(100 * sum(score) / sum(max)).
 */
import type { SafeFetcher } from '#shared/domain/kernel/net/fetcher';
import type { ScanArtifacts } from './artifacts.ts';
import { evaluateAgent } from './checks/agent.ts';
import { evaluateApi } from './checks/api.ts';
import { evaluateCrawler } from './checks/crawler.ts';
import { evaluateEntity } from './checks/entity.ts';
import { evaluateLlms } from './checks/llms.ts';
import { evaluateMarkdown } from './checks/markdown.ts';
import { evaluateRender } from './checks/render.ts';
import { evaluateSchema } from './checks/schema.ts';
import { evaluateSitemap } from './checks/sitemap.ts';
import { collectArtifacts } from './collect/collect.ts';
import { maxReachableScore } from './report-notes.ts';
import { ScanFetcher } from './scan-fetcher.ts';
import { siteScore } from './scoring.ts';
import { siteFactsOf } from './site-facts.ts';
import { standardForSignal } from './standards.ts';
import { type Check, SCORING_VERSION, type ScanReport, type ScanTarget } from './types.ts';
import { unreachableSite } from './unreachable.ts';

export const DEFAULT_SCAN_DEADLINE_MS = 25_000;

export interface RunScanDeps {
  fetcher: SafeFetcher;
  /** Total budget for all requests of the scan; default 25 s. */
  deadlineMs?: number;
  now?: () => number;
}

/** The nine checks in report order (R, E, A, D). */
export const CHECKS: ReadonlyArray<(artifacts: ScanArtifacts) => Check> = [
  evaluateCrawler,
  evaluateSitemap,
  evaluateRender,
  evaluateLlms,
  evaluateMarkdown,
  evaluateSchema,
  evaluateApi,
  evaluateAgent,
  evaluateEntity,
];

export async function runScan(target: ScanTarget, deps: RunScanDeps): Promise<ScanReport> {
  const now = deps.now ?? Date.now;
  const startedAt = now();
  const fetcher = new ScanFetcher(deps.fetcher, {
    deadlineAt: startedAt + (deps.deadlineMs ?? DEFAULT_SCAN_DEADLINE_MS),
    now,
  });
  try {
    const artifacts = await collectArtifacts(target, fetcher);
    // A host that took the connection but answered nothing at all was never reached.
    if (artifacts.homepage.kind === 'timeout' && !fetcher.answered) {
      throw unreachableSite(target.domain, 'timeout');
    }
    const checks = evaluateChecks(artifacts);
    const stats = fetcher.stats;
    return {
      domain: target.domain,
      score: siteScore(checks),
      max_reachable: maxReachableScore(checks),
      scoring_version: SCORING_VERSION,
      checks,
      stats: { ...stats, durationMs: now() - startedAt },
      site: siteFactsOf(artifacts),
    };
  } finally {
    fetcher.dispose();
  }
}

export function evaluateChecks(artifacts: ScanArtifacts): Check[] {
  return CHECKS.map((evaluate) => withStandard(evaluate(artifacts)));
}

/** A finding a check added after scoring still names a standard: the check's own. */
function withStandard(check: Check): Check {
  const findings = check.findings.map((finding) =>
    finding.standard === undefined
      ? { ...finding, standard: standardForSignal(check.id, undefined) }
      : finding,
  );
  return { ...check, findings };
}
