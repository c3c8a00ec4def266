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
 *   3. Walls (walls.ts): documents a challenge page, a WAF block, a rate limit or a 402 answered
 *      for are marked, and the checks that needed them are not judged on them (environment.ts).
 *   4. Checks, then score = round(100 * sum(score) / sum(max)); what Lighthouse would say
 *      (peers/lighthouse.ts), with a finding where our verdict differs.
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
import type { TxtResolver } from './dns-aid.ts';
import { environmentOf, judgeBehindWalls, type ScanVantage } from './environment.ts';
import { fixInputsOf } from './fix-inputs.ts';
import { lighthouseOutcomes } from './peers/lighthouse.ts';
import { lighthouseDifferences } from './peers/lighthouse-differences.ts';
import { maxReachableScore } from './report-notes.ts';
import { ScanFetcher } from './scan-fetcher.ts';
import { siteScore } from './scoring.ts';
import { siteFactsOf } from './site-facts.ts';
import { standardForSignal } from './standards.ts';
import { type Check, SCORING_VERSION, type ScanReport, type ScanTarget } from './types.ts';
import { unreachableSite } from './unreachable.ts';
import { separateWalls } from './walled-artifacts.ts';

export const DEFAULT_SCAN_DEADLINE_MS = 25_000;

export interface RunScanDeps {
  fetcher: SafeFetcher;
  /** Total budget for all requests of the scan; default 25 s. */
  deadlineMs?: number;
  now?: () => number;
  /** DNS for DNS-AID; unset (offline), DNS-AID is not applicable and its finding says so. */
  txt?: TxtResolver;
  /** Where the scan runs and how it identifies itself (`environment`); default: local, unsigned. */
  vantage?: ScanVantage;
}

const LOCAL_VANTAGE: ScanVantage = { scannedFrom: 'local', userAgent: '', signed: false };

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
    const raw = await collectArtifacts(target, fetcher, deps.txt ? { txt: deps.txt } : {});
    // A host that took the connection but answered nothing at all was never reached.
    if (raw.homepage.kind === 'timeout' && !fetcher.answered) {
      throw unreachableSite(target.domain, 'timeout');
    }
    const judged = judgeArtifacts(raw);
    const stats = fetcher.stats;
    return {
      domain: target.domain,
      score: siteScore(judged.checks),
      max_reachable: maxReachableScore(judged.checks),
      scoring_version: SCORING_VERSION,
      checks: judged.checks,
      environment: environmentOf(
        deps.vantage ?? LOCAL_VANTAGE,
        judged.sightings,
        judged.partial,
        raw.origin,
      ),
      peers: { lighthouse: judged.lighthouse },
      stats: { ...stats, durationMs: now() - startedAt },
      site: siteFactsOf(raw),
      fix_inputs: fixInputsOf(raw),
    };
  } finally {
    fetcher.dispose();
  }
}

/**
 * The checks of collected artifacts: walls taken out first, then the nine checks, then what
 * Lighthouse would say (judged on what came back, walls included, as Lighthouse would see it).
 */
export function judgeArtifacts(raw: ScanArtifacts) {
  const { artifacts, sightings } = separateWalls(raw);
  const walled = judgeBehindWalls(
    CHECKS.map((evaluate) => evaluate(artifacts)),
    artifacts,
  );
  const { peer, outcomes } = lighthouseOutcomes(raw);
  const differences = lighthouseDifferences(
    outcomes,
    walled.checks,
    artifacts,
    new Set(walled.notJudged),
  );
  const checks = walled.checks.map((check) =>
    withStandard({ ...check, findings: [...check.findings, ...(differences.get(check.id) ?? [])] }),
  );
  return {
    checks,
    sightings,
    partial: walled.partial,
    notJudged: walled.notJudged,
    lighthouse: peer,
  };
}

export function evaluateChecks(artifacts: ScanArtifacts): Check[] {
  return judgeArtifacts(artifacts).checks;
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
