import { BadRequestError, RateLimitedError, UnavailableError } from '#shared/domain/kernel/errors';
import { logger } from '#shared/domain/kernel/logger';
import type { SafeFetcher } from '#shared/domain/kernel/net/fetcher';
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
   * it is returned instead of scanning again.
   */
  id?: string;
}

interface QuotaUnit {
  key: string;
  window: string;
}

function secondsUntilNextUtcDay(now: Date): number {
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return Math.ceil((next - now.getTime()) / 1000);
}

/**
 * Scans as a use case: validate the target, take the anonymous quota, run the engine, save the
 * result, update the O(1) stats counters. The single route, MCP and batch jobs all scan here.
 */
export function createScanService(deps: ScanServiceDeps) {
  const now = deps.now ?? (() => new Date());
  const newId = deps.newId ?? (() => crypto.randomUUID());

  /**
   * Anonymous callers: N scans per UTC day per address bucket, taken atomically before the scan
   * runs, so parallel calls cannot pass the limit together. Returns the unit, to give it back.
   */
  async function takeAnonymousQuota(sourceIp: string): Promise<QuotaUnit> {
    const at = now();
    const unit = {
      key: `ANON#${quotaBucketForAddress(sourceIp)}`,
      window: `DAY#${at.toISOString().slice(0, 10)}`,
    };
    const retryAfterSeconds = secondsUntilNextUtcDay(at);
    const granted = await deps.quotas.consume(
      unit.key,
      unit.window,
      deps.anonymousScansPerDay,
      Math.floor(at.getTime() / 1000) + retryAfterSeconds + 86_400,
    );
    if (!granted) {
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

  async function recordStats(stored: StoredScan): Promise<void> {
    try {
      await deps.stats.recordScan(stored);
    } catch (error) {
      // The scan itself is saved and answered; a missed aggregate must not fail the call.
      logger.error('stats update failed', { scanId: stored.id, error: error as Error });
    }
  }

  async function announce(stored: StoredScan): Promise<void> {
    if (!deps.events || !stored.owner_id) return;
    try {
      await deps.events.scanCompleted(stored);
    } catch (error) {
      // The scan is saved; a lost notification is logged, never a failed scan.
      logger.error('scan.completed not emitted', { scanId: stored.id, error: error as Error });
    }
  }

  return {
    async scan(request: ScanRequest): Promise<StoredScan> {
      if (request.id) {
        const existing = await deps.scans.getScan(request.id);
        if (existing) return existing;
      }
      // Input that is not a domain is refused before the anonymous quota is counted.
      const target = parseScanTarget(request.domain, {
        allowPrivateTargets: deps.allowPrivateTargets,
      });
      const unit =
        request.ownerId === undefined ? await takeAnonymousQuota(request.sourceIp) : undefined;
      let stored: StoredScan;
      try {
        stored = await measure(request, target);
        const saved = await deps.scans.putScan(stored);
        if (!saved) return (await deps.scans.getScan(stored.id)) ?? stored;
      } catch (error) {
        await refundIfNotCallersFault(unit, error);
        throw error;
      }
      await recordStats(stored);
      await announce(stored);
      return stored;
    },
  };
}

export type ScanService = ReturnType<typeof createScanService>;
