/**
 * The ScanCitedSites step of the monitor-run workflow (docs/monitor.md "Readiness of the cited
 * pages"): after the answers are judged, it scans the origins most cited in online answers where
 * a competitor is cited or named and the brand's site is not (at most MONITOR_CITED_SCANS), and
 * the brand's own site, then stores the readiness gaps for AggregateRun to put in the summary.
 * A site that cannot be scanned is recorded as unreachable; only a store outage is thrown (the
 * Task retries it). Whatever still fails is caught by the state machine, and the run completes
 * without `readiness_gaps`. The state carries ids only: scans and gaps live in the table.
 */
import { UnavailableError } from '#shared/domain/kernel/errors';
import type { Logger } from '#shared/domain/kernel/logger';
import { isCanary } from '#shared/domain/monitor/engine/canaries';
import { planReadinessScans } from '#shared/domain/monitor/engine/cited-origins';
import {
  buildReadinessGaps,
  type ReadinessCheck,
  type ScannedSite,
} from '#shared/domain/monitor/engine/readiness-gaps';
import type { ReadinessStore } from '#shared/domain/monitor/ports';
import { isFinished, loadRun, type MonitorStepDeps, type RunStepInput } from './context.ts';
import { countedFamilies } from './finish.ts';

/** One site's scan as the step needs it (the scans area's site scanner answers this). */
export interface CitedSiteScanner {
  scanSite(target: string): Promise<{
    scan: { id: string; domain: string; score: number; checks: readonly ReadinessCheck[] };
    reused: boolean;
  }>;
}

export interface ReadinessStepDeps extends MonitorStepDeps {
  readiness: ReadinessStore;
  sites: CitedSiteScanner;
  /** Sites scanned at once (each under the scan deadline); default 4. */
  scanConcurrency?: number;
}

/** Where a scan is read: its page and its API resource (relative to the service's base URL). */
export const scanLinks = (id: string) => ({ page: `/scans/${id}`, api: `/api/v1/scans/${id}` });

export async function scanCitedSites(
  input: RunStepInput,
  deps: ReadinessStepDeps,
): Promise<{ sites: number; unreachable: number }> {
  const run = await loadRun(input, deps);
  if (isFinished(run) || deps.config.citedScans === 0) return { sites: 0, unreachable: 0 };
  const stored = await deps.readiness.getReadiness(input);
  if (stored) return { sites: stored.sites.length, unreachable: stored.unreachable.length };
  const data = await deps.data.loadRunData(input);
  const counted = countedFamilies(data);
  const answers = data.answers.flatMap((answer) =>
    answer.status === 'ok' && counted.includes(answer.key.family) && !isCanary(answer.key.cell_id)
      ? [answer.record]
      : [],
  );
  const plan = planReadinessScans(run.profile, answers, deps.config.citedScans);
  const targets = [
    { origin: plan.brand, answers: 0 },
    ...plan.sites.map((site) => ({ origin: site.origin, answers: site.answers })),
  ];
  const [brand, ...sites] = await mapLimited(targets, deps.scanConcurrency ?? 4, (target) =>
    scanOne(target, deps.sites, deps.logger),
  );
  if (!brand) throw new Error('no brand target');
  const gaps = buildReadinessGaps({ brand, sites, links: scanLinks });
  const kept = await deps.readiness.putReadiness(input, gaps);
  return { sites: kept.sites.length, unreachable: kept.unreachable.length };
}

async function scanOne(
  target: { origin: string; answers: number },
  scanner: CitedSiteScanner,
  logger: Logger,
): Promise<ScannedSite> {
  const fallbackDomain = target.origin.replace(/^[a-z]+:\/\//, '').replace(/^www\./, '');
  try {
    const { scan, reused } = await scanner.scanSite(target.origin);
    return {
      domain: scan.domain,
      origin: target.origin,
      answers: target.answers,
      status: 'scanned',
      scan_id: scan.id,
      score: scan.score,
      reused,
      error: null,
      checks: scan.checks,
    };
  } catch (error) {
    // The store being away is worth a retry of the step; a site that cannot be scanned is not.
    if (error instanceof UnavailableError) throw error;
    logger.info('cited site not scanned', { origin: target.origin, error: error as Error });
    return {
      domain: fallbackDomain,
      origin: target.origin,
      answers: target.answers,
      status: 'unreachable',
      scan_id: null,
      score: null,
      reused: false,
      error: error instanceof Error ? error.message : 'The site could not be scanned.',
      checks: [],
    };
  }
}

/** `work` over `items`, at most `limit` at once, results in input order. */
async function mapLimited<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
