/**
 * Scans a site for the monitor's readiness gaps (docs/monitor.md "Readiness of the cited pages"):
 * the same engine, guarded fetcher and deadline as `POST /api/v1/scans`, but on nobody's quota and
 * outside the public stats. A stored scan of the same domain younger than `maxAgeMs` (a day) is
 * reused instead of scanning again; a new scan is stored already settled (no stats count, no
 * `scan.completed`), without an owner, and is readable at `/scans/{id}` like any other.
 */

import { type Clock, nowIso } from '#shared/domain/kernel/clock';
import type { Metrics } from '#shared/domain/kernel/metrics';
import type { SafeFetcher } from '#shared/domain/kernel/net/fetcher';
import type { TxtResolver } from '#shared/domain/scan-engine/dns-aid';
import { runScan } from '#shared/domain/scan-engine/engine';
import type { ScanVantage } from '#shared/domain/scan-engine/environment';
import { parseScanTarget } from '#shared/domain/scan-engine/target';
import type { ScanStore, StoredScan } from './ports.ts';
import { countIfScanFailed } from './service.ts';

export interface SiteScannerDeps {
  scans: ScanStore;
  fetcher: SafeFetcher;
  allowPrivateTargets: boolean;
  /** Where scans run and how they identify themselves (every scan's `environment`). */
  vantage?: ScanVantage;
  /** DNS for DNS-AID; unset offline (DNS-AID is then not applicable). */
  txt?: TxtResolver;
  scanDeadlineMs: number;
  /** How old a stored scan may be and still be reused. */
  maxAgeMs: number;
  clock: Clock;
  newId?: () => string;
  /** Counts `ScanCompleted` and `ScanFailed` like every scan (docs/runbook.md). */
  metrics?: Metrics;
}

export interface SiteScan {
  scan: StoredScan;
  /** True when a stored scan was reused. */
  reused: boolean;
}

/**
 * `scanSite(target)` answers the site's scan, or throws the scan's own errors: a target that may
 * not be scanned (`BadRequestError`), a site that cannot be reached (`OperationFailedError`).
 */
export function createSiteScanner(deps: SiteScannerDeps) {
  const newId = deps.newId ?? (() => crypto.randomUUID());
  return {
    async scanSite(target: string): Promise<SiteScan> {
      const parsed = parseScanTarget(target, { allowPrivateTargets: deps.allowPrivateTargets });
      const latest = await deps.scans.latestByDomain(parsed.domain);
      const age = latest ? deps.clock.now().getTime() - Date.parse(latest.created_at) : Number.NaN;
      if (latest && age >= 0 && age < deps.maxAgeMs) return { scan: latest, reused: true };
      const report = await runScan(parsed, {
        fetcher: deps.fetcher,
        deadlineMs: deps.scanDeadlineMs,
        ...(deps.vantage ? { vantage: deps.vantage } : {}),
        ...(deps.txt ? { txt: deps.txt } : {}),
      }).catch((error: unknown) => {
        countIfScanFailed(deps.metrics, error);
        throw error;
      });
      const scan: StoredScan = {
        id: newId(),
        domain: report.domain,
        score: report.score,
        scoring_version: report.scoring_version,
        created_at: nowIso(deps.clock),
        checks: report.checks,
        environment: report.environment,
        peers: report.peers,
      };
      await deps.scans.putScan(scan, { settled: true });
      deps.metrics?.count('ScanCompleted');
      return { scan, reused: false };
    },
  };
}
