/**
 * The scan service: one live scan from request to stored result (target checks, quota, the
 * engine under its deadline, the stored scan) and its effects, stats and the `scan.completed`
 * event, finished again for a stored scan whose effects a crash cut off, so each happens once
 * (docs/decisions.md).
 */
import { BadRequestError, RateLimitedError, UnavailableError } from '#shared/domain/kernel/errors';
import { logger } from '#shared/domain/kernel/logger';
import type { SafeFetcher } from '#shared/domain/kernel/net/fetcher';
import { type LimitReporter, secondsUntilNextUtcDay } from '#shared/domain/kernel/rate-limit';
import { runScan } from '#shared/domain/scan-engine/engine';
import { parseScanTarget } from '#shared/domain/scan-engine/target';
import type { ScanTarget } from '#shared/domain/scan-engine/types';
import { quotaBucketForAddress } from './client-address.ts';
import type { QuotaStore, ScanEvents, ScanStore, StatsStore, StoredScan } from './ports.ts';

export interface ScanServiceDeps {
  scans: ScanStore;
  stats: StatsStore;
  quotas: QuotaStore;
  fetcher: SafeFetcher;
  /** Told about every finished scan of an account (webhooks); anonymous scans emit nothing. */
  events?: ScanEvents;
  allowPrivateTargets: boolean;
  anonymousScansPerDay: number;
  scanDeadlineMs: number;
  now?: () => Date;
  newId?: () => string;
  /** First wait between tries of a `scan.completed` publication (then x4); tests shorten it. */
  announceBackoffMs?: number;
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
}

/** The anonymous scan limit's policy name in the RateLimit headers (docs/api.md "Rate limits"). */
export const ANONYMOUS_SCANS_POLICY = 'anon-scans';

interface QuotaUnit {
  key: string;
  window: string;
}

/** Tries of one `scan.completed` publication (the SDK retries inside each as well). */
const ANNOUNCE_ATTEMPTS = 3;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Scans as a use case: validate the target, take the anonymous quota, run the engine, save the
 * result, update the O(1) stats counters. The single route, MCP and batch jobs all scan here.
 */
export function createScanService(deps: ScanServiceDeps) {
  const now = deps.now ?? (() => new Date());
  const newId = deps.newId ?? (() => crypto.randomUUID());
  const announceBackoffMs = deps.announceBackoffMs ?? 200;

  /**
   * Anonymous callers: N scans per UTC day per address bucket, taken atomically before the scan
   * runs, so parallel calls cannot pass the limit together. Returns the unit, to give it back.
   */
  async function takeAnonymousQuota(
    sourceIp: string,
    report: LimitReporter | undefined,
  ): Promise<QuotaUnit> {
    const at = now();
    const unit = {
      key: `ANON#${quotaBucketForAddress(sourceIp)}`,
      window: `DAY#${at.toISOString().slice(0, 10)}`,
    };
    const retryAfterSeconds = secondsUntilNextUtcDay(at);
    const used = await deps.quotas.consume(
      unit.key,
      unit.window,
      deps.anonymousScansPerDay,
      Math.floor(at.getTime() / 1000) + retryAfterSeconds + 86_400,
    );
    report?.({
      policy: ANONYMOUS_SCANS_POLICY,
      quota: deps.anonymousScansPerDay,
      windowSeconds: 86_400,
      remaining: used === false ? 0 : deps.anonymousScansPerDay - used,
      resetSeconds: retryAfterSeconds,
    });
    if (used === false) {
      throw new RateLimitedError(
        'rate_limited',
        `Anonymous scans are limited to ${deps.anonymousScansPerDay} per day per IP address. ` +
          'Use an API key with the scans:write scope, or retry after the limit resets at 00:00 UTC.',
        { retryAfterSeconds },
      );
    }
    return unit;
  }

  /**
   * A scan refused as a hostile target, or lost to a store outage, was not the caller's doing:
   * the unit goes back. A site that cannot be scanned (`scan_failed`) still counts, or anyone
   * could make us fetch unscannable targets for free.
   */
  async function refundIfNotCallersFault(
    unit: QuotaUnit | undefined,
    error: unknown,
  ): Promise<void> {
    if (!unit || !(error instanceof BadRequestError || error instanceof UnavailableError)) return;
    await deps.quotas.release(unit.key, unit.window).catch((releaseError: unknown) => {
      logger.warn('quota refund failed', { error: releaseError as Error });
    });
  }

  async function measure(request: ScanRequest, target: ScanTarget): Promise<StoredScan> {
    const report = await runScan(target, {
      fetcher: deps.fetcher,
      deadlineMs: deps.scanDeadlineMs,
    });
    return {
      id: request.id ?? newId(),
      domain: report.domain,
      score: report.score,
      scoring_version: report.scoring_version,
      created_at: now().toISOString(),
      checks: report.checks,
      ...(request.ownerId ? { owner_id: request.ownerId } : {}),
    };
  }

  async function recordStats(stored: StoredScan): Promise<boolean> {
    try {
      await deps.stats.recordScan(stored);
      return true;
    } catch (error) {
      // The scan itself is saved and answered; a missed aggregate must not fail the call.
      logger.error('stats update failed', { scanId: stored.id, error: error as Error });
      return false;
    }
  }

  /**
   * `scan.completed`, tried a few times: a queue that refuses one send (throttled, a blip) must
   * not cost the event. A scan whose event still could not be sent stays unsettled (resumed).
   */
  async function announce(stored: StoredScan): Promise<boolean> {
    if (!deps.events || !stored.owner_id) return true;
    for (let attempt = 0; ; attempt += 1) {
      try {
        await deps.events.scanCompleted(stored);
        return true;
      } catch (error) {
        if (attempt + 1 >= ANNOUNCE_ATTEMPTS) {
          // The scan is saved; a lost notification is logged, never a failed scan.
          logger.error('scan.completed not emitted', { scanId: stored.id, error: error as Error });
          return false;
        }
        await sleep(announceBackoffMs * 4 ** attempt);
      }
    }
  }

  /**
   * The scan's side effects, each idempotent per scan id (the stats count is conditional on a
   * per-scan marker, the event id is derived from the scan id), then the row is settled. A crash
   * anywhere in between leaves the row unsettled, and the retry does what is missing exactly once.
   */
  async function settle(stored: StoredScan): Promise<void> {
    const counted = await recordStats(stored);
    const announced = await announce(stored);
    if (!counted || !announced) return;
    try {
      await deps.scans.settleScan(stored.id);
      // Only after the row is settled: a retry before this point must still find the marker.
      await deps.stats.forgetScan(stored);
    } catch (error) {
      logger.warn('scan not settled; its effects will be checked again', {
        scanId: stored.id,
        error: error as Error,
      });
    }
  }

  /** A scan saved before (a retried batch row): its effects are finished if they were not. */
  async function existing(id: string): Promise<StoredScan | undefined> {
    const record = await deps.scans.getScanRecord(id);
    if (record?.unsettled) await settle(record.scan);
    return record?.scan;
  }

  return {
    async scan(request: ScanRequest): Promise<StoredScan> {
      if (request.id) {
        const found = await existing(request.id);
        if (found) return found;
      }
      // Input that is not a domain is refused before the anonymous quota is counted.
      const target = parseScanTarget(request.domain, {
        allowPrivateTargets: deps.allowPrivateTargets,
      });
      const unit =
        request.ownerId === undefined
          ? await takeAnonymousQuota(request.sourceIp, request.reportLimit)
          : undefined;
      let stored: StoredScan;
      try {
        stored = await measure(request, target);
        const saved = await deps.scans.putScan(stored);
        if (!saved) return (await existing(stored.id)) ?? stored;
      } catch (error) {
        await refundIfNotCallersFault(unit, error);
        throw error;
      }
      await settle(stored);
      return stored;
    },

    /**
     * Finishes the side effects of scans left unsettled (a process that died after saving them);
     * the local stack runs it at start. Returns the ids it settled.
     */
    async settleUnsettled(limit = 100): Promise<string[]> {
      const scans = await deps.scans.listUnsettled(limit);
      for (const scan of scans) await settle(scan);
      return scans.map((scan) => scan.id);
    },
  };
}

export type ScanService = ReturnType<typeof createScanService>;
