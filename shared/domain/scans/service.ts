/**
 * The scan service: one live scan from request to stored result (target checks, quota, the
 * engine under its deadline, the stored scan) and its effects, stats and the `scan.completed`
 * event, finished again for a stored scan whose effects a crash cut off, so each happens once
 * (docs/decisions.md).
 */

import { type Clock, nowIso } from '#shared/domain/kernel/clock';
import { AppError, BadRequestError, UnavailableError } from '#shared/domain/kernel/errors';
import type { Logger } from '#shared/domain/kernel/logger';
import type { Metrics } from '#shared/domain/kernel/metrics';
import type { SafeFetcher } from '#shared/domain/kernel/net/fetcher';
import type { LimitReporter } from '#shared/domain/kernel/rate-limit';
import type { TxtResolver } from '#shared/domain/scan-engine/dns-aid';
import { runScan } from '#shared/domain/scan-engine/engine';
import type { ScanVantage } from '#shared/domain/scan-engine/environment';
import { parseScanTarget } from '#shared/domain/scan-engine/target';
import { SCORING_VERSION, type ScanTarget } from '#shared/domain/scan-engine/types';
import { type QuotaUnit, takeAnonymousQuota } from './anonymous-quota.ts';
import type { QuotaStore, ScanEvents, ScanStore, StatsStore, StoredScan } from './ports.ts';
import { type PrefetchedEffects, type ScanEffectsDeps, settleScan } from './scan-effects.ts';

export interface ScanServiceDeps {
  scans: ScanStore;
  stats: StatsStore;
  quotas: QuotaStore;
  fetcher: SafeFetcher;
  /** Told about every finished scan of an account (webhooks); anonymous scans emit nothing. */
  events?: ScanEvents;
  allowPrivateTargets: boolean;
  /** Where scans run and how they identify themselves (every scan's `environment`). */
  vantage?: ScanVantage;
  /** DNS for DNS-AID; unset offline (DNS-AID is then not applicable). */
  txt?: TxtResolver;
  anonymousScansPerDay: number;
  scanDeadlineMs: number;
  logger: Logger;
  clock: Clock;
  newId?: () => string;
  /** First wait between tries of a `scan.completed` publication (then x4); tests shorten it. */
  announceBackoffMs?: number;
  /** Counts `ScanCompleted` and `ScanFailed` (docs/runbook.md); unset, nothing is counted. */
  metrics?: Metrics;
}

export interface ScanRequest {
  /** The domain or URL as the caller wrote it. */
  domain: string;
  /** The account asking (a keyed call, a batch job); undefined for an anonymous scan. */
  ownerId: string | undefined;
  /** The caller's address: anonymous scans are counted per address. */
  sourceIp: string;
  /**
   * A fixed id makes the scan idempotent (batch jobs): if a scan with this id was already saved,
   * it is returned instead of scanning again (its side effects finished if a crash cut them off).
   */
  id?: string;
  /** Told the state of the anonymous quota (the `anon-scans` RateLimit headers). */
  reportLimit?: LimitReporter;
  /** An anonymous scan's browser mark (browser-scans.ts); ignored for an account's scan. */
  claimHash?: string;
}

/** What every function of one service shares: its dependencies and its ids. */
interface ServiceContext {
  deps: ScanServiceDeps;
  newId: () => string;
  effects: ScanEffectsDeps;
}

/**
 * A scan refused as a hostile target, lost to a store outage, or that could not reach its site
 * at all (`scan_failed`: a typo, a site that is down) cost the visitor nothing: the unit goes
 * back. The unit is held while the scan runs, so one address never has more scans in flight
 * than its quota, refunds or not (docs/decisions.md, issue 36).
 */
async function refundIfNotCallersFault(
  { deps }: ServiceContext,
  unit: QuotaUnit | undefined,
  error: unknown,
): Promise<void> {
  const free =
    error instanceof BadRequestError ||
    error instanceof UnavailableError ||
    (error instanceof AppError && error.code === 'scan_failed');
  if (!unit || !free) return;
  await deps.quotas.release(unit.key, unit.window).catch((releaseError: unknown) => {
    deps.logger.warn('quota refund failed', { error: releaseError as Error });
  });
}

/** `ScanFailed`: the scan ended in `scan_failed` (the site could not be scanned). */
export function countIfScanFailed(metrics: Metrics | undefined, error: unknown): void {
  if (error instanceof AppError && error.code === 'scan_failed') metrics?.count('ScanFailed');
}

async function measure(
  { deps, newId }: ServiceContext,
  request: ScanRequest,
  target: ScanTarget,
): Promise<StoredScan> {
  const report = await runScan(target, {
    fetcher: deps.fetcher,
    deadlineMs: deps.scanDeadlineMs,
    ...(deps.vantage ? { vantage: deps.vantage } : {}),
    ...(deps.txt ? { txt: deps.txt } : {}),
  });
  return {
    id: request.id ?? newId(),
    domain: report.domain,
    score: report.score,
    scoring_version: report.scoring_version,
    created_at: nowIso(deps.clock),
    checks: report.checks,
    environment: report.environment,
    peers: report.peers,
    fix_inputs: report.fix_inputs,
    ...(request.ownerId ? { owner_id: request.ownerId, site: report.site } : {}),
    ...(!request.ownerId && request.claimHash ? { claim_hash: request.claimHash } : {}),
  };
}

/** A scan saved before (a retried batch row): its effects are finished if they were not. */
async function existing(context: ServiceContext, id: string): Promise<StoredScan | undefined> {
  const record = await context.deps.scans.getScanRecord(id);
  if (record?.unsettled) await settleScan(context.effects, record.scan);
  return record?.scan;
}

/**
 * Starts the reads the scan's effects will need (the account's summary of the domain, whether
 * the domain was seen) so they run while the engine waits on the site, not after it (issue 37).
 * A read that fails is simply not used: the write then reads for itself, as a retry does.
 */
function prefetchEffects(
  { deps }: ServiceContext,
  request: ScanRequest,
  target: ScanTarget,
): Promise<PrefetchedEffects> {
  const quietly = <T>(read: Promise<T>): Promise<T | undefined> => read.catch(() => undefined);
  return Promise.all([
    quietly(deps.scans.prefetchIndex(request.ownerId, target.domain)),
    quietly(deps.stats.prefetchRecord(target.domain, SCORING_VERSION)),
  ]).then(([index, stats]) => ({ index, stats }));
}

async function scanOnce(context: ServiceContext, request: ScanRequest): Promise<StoredScan> {
  const { deps } = context;
  if (request.id) {
    const found = await existing(context, request.id);
    if (found) return found;
  }
  // Input that is not a domain is refused before the anonymous quota is counted.
  const target = parseScanTarget(request.domain, {
    allowPrivateTargets: deps.allowPrivateTargets,
  });
  const unit =
    request.ownerId === undefined
      ? await takeAnonymousQuota(deps, request.sourceIp, request.reportLimit)
      : undefined;
  const prefetched = prefetchEffects(context, request, target);
  let stored: StoredScan;
  try {
    stored = await measure(context, request, target);
    // The row first (the outbox of the scan's effects); the rest hangs off it.
    const saved = await deps.scans.putScan(stored, { index: 'later' });
    if (!saved) return (await existing(context, stored.id)) ?? stored;
  } catch (error) {
    countIfScanFailed(deps.metrics, error);
    await refundIfNotCallersFault(context, unit, error);
    throw error;
  }
  deps.metrics?.count('ScanCompleted');
  await settleScan(context.effects, stored, await prefetched);
  return stored;
}

/**
 * Scans as a use case: validate the target, take the anonymous quota, run the engine, save the
 * result, update the O(1) stats counters. The single route, MCP and batch jobs all scan here.
 */
export function createScanService(deps: ScanServiceDeps) {
  const context: ServiceContext = {
    deps,
    newId: deps.newId ?? (() => crypto.randomUUID()),
    effects: {
      scans: deps.scans,
      stats: deps.stats,
      events: deps.events,
      logger: deps.logger,
      announceBackoffMs: deps.announceBackoffMs ?? 200,
    },
  };
  return {
    scan: (request: ScanRequest): Promise<StoredScan> => scanOnce(context, request),

    /**
     * Finishes the side effects of scans left unsettled (a process that died after saving them):
     * the local stack runs it at start, the sweep schedule with `savedBefore` (scan-effects.ts,
     * `ABANDONED_AFTER_MS`). Returns the ids of the scans it took up.
     */
    async settleUnsettled(options: { limit?: number; savedBefore?: Date } = {}): Promise<string[]> {
      const scans = await deps.scans.listUnsettled(
        options.limit ?? 100,
        options.savedBefore?.toISOString(),
      );
      for (const scan of scans) await settleScan(context.effects, scan);
      return scans.map((scan) => scan.id);
    },
  };
}

export type ScanService = ReturnType<typeof createScanService>;
